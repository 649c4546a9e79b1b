/** The JSON API of sign-in and settings, called through the route modules as the router would. */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { deactivateStaff } from "~/users/users.server";
import * as loginPage from "~/routes/admin/login";
import * as loginRoute from "~/routes/api/auth.login";
import * as logoutRoute from "~/routes/api/auth.logout";
import * as sessionRoute from "~/routes/api/auth.session";
import * as settingsRoute from "~/routes/api/settings";
import * as statsRoute from "~/routes/api/stats.dashboard";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { totpCode } from "~/auth/totp";
import { beginEnrolment, checkTotpCode } from "~/auth/two-factor.server";
import { findUserByEmail } from "~/auth/users.server";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";


interface Answer {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; reason?: string; params?: Record<string, unknown>; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> } };
}

describe.each(engines)("auth and settings API on %s", (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await testDb(engine);
    await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ofis" });
    await createUser(db.kysely, { email: "driver@example.com", password: "secret-123", role: "driver" });
    const gone = await createUser(db.kysely, { email: "user@example.com", password: "secret-123", role: "dispatcher" });
    await deactivateStaff(db.kysely, gone.id, { actor: { id: null, label: "test" }, mailer: createMailer({ from: "office@example.com", log: pino({ level: "silent" }) }), baseUrl: "http://localhost" });
  });
  afterAll(() => db.destroy());
  // Each test starts from the default settings and no slow-down, whatever ran before it.
  beforeEach(async () => {
    await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    await db.kysely.deleteFrom("rate_limits").execute();
    await db.kysely.deleteFrom("login_throttle").execute();
  });

  function context(ip = "127.0.0.1") {
    const c = testAppContext(db, { clientIp: ip });
    return c;
  }

  async function call(handler: (args: never) => unknown, method: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = new Request("http://localhost/api/x", {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });
    let result: unknown;
    try {
      result = await handler({ request, context: context(options.ip), params: {} } as never);
    } catch (thrown) {
      result = thrown;
    }
    const r = result as { init?: { status?: number; headers?: HeadersInit }; data: Answer["body"] };
    return { status: r.init?.status ?? 200, headers: new Headers(r.init?.headers), body: r.data };
  }

  it("gives a bearer token for the right credentials and reads the session with it", async () => {
    const login = await call(loginRoute.action, "POST", { body: { email: "office@example.com", password: "secret-123" } });
    expect(login.status).toBe(200);
    const token = login.body.data?.token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(login.body.data?.user).toMatchObject({ email: "office@example.com", role: "admin" });

    const session = await call(sessionRoute.loader, "GET", { token });
    expect(session.status).toBe(200);
    expect(session.body.data?.user).toMatchObject({ email: "office@example.com", role: "admin" });

    const stats = await call(statsRoute.loader, "GET", { token });
    expect(stats.status).toBe(200);
    expect(Object.keys(stats.body.data ?? {})).toEqual(
      expect.arrayContaining(["totalBookings", "totalCars", "activeBookings", "monthlyRevenue", "bookingCompletionRate", "carOccupancyRate", "cancellationRate"]),
    );

    expect((await call(logoutRoute.action, "POST", { token })).status).toBe(200);
    expect((await call(sessionRoute.loader, "GET", { token })).status).toBe(401);
    expect((await call(statsRoute.loader, "GET", { token })).status).toBe(401);
  });

  it("answers bad input, wrong passwords and switched-off accounts with the right status; a driver signs in", async () => {
    expect((await call(loginRoute.action, "POST", { body: "{not json", ip: "10.0.0.1" })).status).toBe(400);
    const invalid = await call(loginRoute.action, "POST", { body: { email: "nope", password: "123" }, ip: "10.0.0.1" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.fields).toEqual({ email: ["Geçerli bir e-posta adresi giriniz"], password: ["Şifre en az 6 karakter olmalıdır"] });
    const wrong = await call(loginRoute.action, "POST", { body: { email: "office@example.com", password: "wrong-pass" }, ip: "10.0.0.2" });
    expect([wrong.status, wrong.body.error?.message]).toEqual([401, "Giriş başarısız"]);
    const user = await call(loginRoute.action, "POST", { body: { email: "user@example.com", password: "secret-123" }, ip: "10.0.0.3" });
    expect(user.status).toBe(403);
    expect((await call(loginRoute.action, "POST", { body: { email: "driver@example.com", password: "secret-123" }, ip: "10.0.0.4" })).status).toBe(200);
    expect((await call(loginRoute.loader, "GET")).status).toBe(405);
  });

  it("says a refused sign-in in the envelope: the Turkish message with its code, field codes beside the field messages", async () => {
    const wrong = await call(loginRoute.action, "POST", { body: { email: "nobody@example.com", password: "wrong-pass" }, ip: "10.0.7.1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: "unauthorized", message: "Giriş başarısız", reason: "admin:auth.messages.loginFailed" });
    const invalid = await call(loginRoute.action, "POST", { body: { email: "nope", remember: true }, ip: "10.0.7.1" });
    expect(invalid.body.error).toEqual({
      code: "validation_failed",
      message: "Giriş başarısız",
      reason: "admin:auth.messages.loginFailed",
      fields: { email: ["Geçerli bir e-posta adresi giriniz"], password: ["Şifre en az 6 karakter olmalıdır"] },
      fieldCodes: { email: ["admin:auth.messages.invalidEmail"], password: ["admin:auth.messages.passwordTooShort"] },
    });
    const user = await call(loginRoute.action, "POST", { body: { email: "user@example.com", password: "secret-123" }, ip: "10.0.7.2" });
    expect(user.body.error).toMatchObject({ code: "forbidden", reason: "admin:auth.messages.accountInactive" });
  });

  it("the login page says the same refusal in the admin language (English), through the same form strategy", async () => {
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, appearance: { ...DEFAULT_SETTINGS.appearance, language: "en" } }, null);
    try {
      const post = (fields: Record<string, string>) =>
        loginPage.action({
          request: new Request("http://localhost/admin/login", { method: "POST", body: new URLSearchParams(fields) }),
          context: context("10.0.8.1"),
          params: {},
        } as never) as Promise<{ init?: { status?: number }; data: { result: { error?: Record<string, string[] | null> } } }>;
      const wrong = await post({ email: "office@example.com", password: "wrong-pass" });
      expect(wrong.init?.status).toBe(401);
      expect(wrong.data.result.error?.[""]).toEqual(["Sign-in failed"]);
      // Field problems stay codes: the page's error lists say them in the admin language.
      const invalid = await post({ email: "nope", password: "123" });
      expect(invalid.init?.status).toBe(400);
      expect(invalid.data.result.error).toMatchObject({ email: ["admin:auth.messages.invalidEmail"], password: ["admin:auth.messages.passwordTooShort"] });
    } finally {
      await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    }
  });

  it("slows a guessing address down with 429 and Retry-After, while the right password works from another address", async () => {
    const guess = (i: number) => call(loginRoute.action, "POST", { body: { email: "office@example.com", password: `guess-${i}-x` }, ip: "10.5.0.1" });
    for (let i = 0; i < 3; i++) expect((await guess(i)).status).toBe(401);
    const last = await call(loginRoute.action, "POST", { body: { email: "office@example.com", password: "secret-123" }, ip: "10.5.0.1" });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.body.error).toMatchObject({
      code: "rate_limited",
      reason: "admin:auth.messages.tooManySeconds",
      params: { n: expect.any(Number) },
      message: expect.stringMatching(/^Çok fazla giriş denemesi yapıldı\. Lütfen \d+ saniye sonra tekrar deneyin\.$/),
    });
    const office = await call(loginRoute.action, "POST", { body: { email: "office@example.com", password: "secret-123" }, ip: "10.5.0.2" });
    expect(office.status).toBe(200);
  });

  it("accepts the first admin's admin@localhost address", async () => {
    if (!(await findUserByEmail(db.kysely, "admin@localhost"))) await createUser(db.kysely, { email: "admin@localhost", password: "printed-pass-1", role: "admin" });
    const login = await call(loginRoute.action, "POST", { body: { email: "admin@localhost", password: "printed-pass-1" }, ip: "10.5.1.1" });
    expect(login.status).toBe(200);
    expect(login.body.data?.user).toMatchObject({ email: "admin@localhost", role: "admin" });
  });

  it("asks for the authenticator code when two-factor is on", async () => {
    // an admin of its own: the app enrolled here must not follow the other tests' sign-ins
    const admin = await createUser(db.kysely, { email: `two-factor-${randomUUID()}@example.com`, password: "secret-123", role: "admin" });
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, security: { twoFactorAuth: true, sessionTimeout: 30 } }, null);
    const body = { email: admin.email, password: "secret-123" };
    expect((await call(loginRoute.action, "POST", { body, ip: "10.7.0.1" })).status).toBe(403); // no app enrolled yet
    const { secret } = await beginEnrolment(db.kysely, admin.id, "Lykia");
    const past = new Date(Date.now() - 30_000);
    expect(await checkTotpCode(db.kysely, admin.id, totpCode(secret, past), past)).toBeUndefined();
    const missing = await call(loginRoute.action, "POST", { body, ip: "10.7.0.1" });
    expect([missing.status, missing.body.error?.fields?.code]).toEqual([401, ["Uygulamadaki 6 haneli kodu ya da bir kurtarma kodunu giriniz."]]);
    const ok = await call(loginRoute.action, "POST", { body: { ...body, code: totpCode(secret) }, ip: "10.7.0.1" });
    expect(ok.status).toBe(200);
    expect((await call(sessionRoute.loader, "GET", { token: ok.body.data?.token as string })).status).toBe(200);
  });

  it("round-trips the settings object and refuses values out of bounds", async () => {
    const token = (await call(loginRoute.action, "POST", { body: { email: "office@example.com", password: "secret-123" } })).body.data?.token as string;
    expect((await call(settingsRoute.loader, "GET", { token })).body.data).toEqual(DEFAULT_SETTINGS);

    const changed = {
      ...DEFAULT_SETTINGS,
      general: { ...DEFAULT_SETTINGS.general, siteName: "Riviera Chauffeurs", contactEmail: "hello@riviera.example" },
      appearance: { darkMode: false, primaryColor: "#0ea5e9", language: "de" },
      security: { twoFactorAuth: false, sessionTimeout: 120 },
    };
    const saved = await call(settingsRoute.action, "PUT", { token, body: changed });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(changed);
    expect((await call(settingsRoute.loader, "GET", { token })).body.data).toEqual(changed);

    for (const [path, value] of [
      ["security.sessionTimeout", 4],
      ["security.sessionTimeout", 121],
      ["general.contactEmail", "not-an-email"],
      ["appearance.language", "fr"],
    ] as const) {
      const [section, field] = path.split(".") as [keyof typeof changed, string];
      const body = { ...changed, [section]: { ...changed[section], [field]: value } };
      const refused = await call(settingsRoute.action, "PUT", { token, body });
      expect({ path, status: refused.status, has: Object.keys(refused.body.error?.fields ?? {}) }).toEqual({ path, status: 400, has: [path] });
    }
    const timeout = await call(settingsRoute.action, "PUT", { token, body: { ...changed, security: { twoFactorAuth: false, sessionTimeout: 500 } } });
    expect(timeout.body.error?.fields?.["security.sessionTimeout"]).toEqual(["Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır."]);
    expect((await call(settingsRoute.loader, "GET", { token })).body.data).toEqual(changed);
    expect((await call(settingsRoute.action, "POST", { token, body: changed })).status).toBe(405);
  });
});
