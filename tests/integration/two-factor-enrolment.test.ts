/**
 * Two-factor enrolment needs a second proof: with two-factor on, a password-only sign-in of an
 * admin without an app is shown no secret; a one-time link (30 minutes, single use, bound to the
 * account) is mailed, and opening it with that account's password session shows the secret and,
 * after a correct code, ten recovery codes once. Recovery codes stand in for the app, once each.
 * Called through the route modules as the router would.
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUTH } from "~/auth/messages";
import { createSession, readSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { totpCode } from "~/auth/totp";
import {
  beginEnrolment,
  checkSecondFactor,
  checkTotpCode,
  claimEnrolmentToken,
  countRecoveryCodes,
  createEnrolmentToken,
  findEnrolmentToken,
  generateRecoveryCodes,
  isTotpEnabled,
  resetTwoFactor,
  sendEnrolmentLink,
} from "~/auth/two-factor.server";
import { createUser } from "~/auth/users.server";
import * as loginPage from "~/routes/admin/login";
import * as setupPage from "~/routes/admin/setup-two-factor";
import * as twoFactorPage from "~/routes/admin/two-factor";
import * as apiLogin from "~/routes/api/auth.login";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const SESSION_SECRET = "two-factor-test-session-secret-0123456789";
const mailer = createMailer({ from: "office@example.com", log });

interface Outcome {
  status: number;
  location: string | null;
  setCookie: string | null;
  data: Record<string, unknown> | null;
}

function outcomeOf(value: unknown): Outcome {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), setCookie: value.headers.get("set-cookie"), data: null };
  }
  const wrapped = value as { type?: string; init?: { status?: number; headers?: HeadersInit }; data?: unknown } | null;
  if (wrapped?.type === "DataWithResponseInit") {
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get("location"), setCookie: headers.get("set-cookie"), data: wrapped.data as Record<string, unknown> };
  }
  return { status: 200, location: null, setCookie: null, data: value as Record<string, unknown> };
}

describe.each(engines)("two-factor enrolment on %s", (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());
  // Two-factor on for every test here (this suite's own database); each test has admins of its own.
  beforeEach(async () => {
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, security: { twoFactorAuth: true, sessionTimeout: 30 } }, null);
    await db.kysely.deleteFrom("rate_limits").execute();
  });

  /** A new admin (`createUser`) with the password "secret-123", so no test sees another's enrolment. */
  async function newAdmin(name = "office"): Promise<{ id: string; email: string }> {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    return { id: (await createUser(db.kysely, { email, password: "secret-123", role: "admin", name: "Ofis" })).id, email };
  }

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "https://vip.example", SESSION_SECRET }, mailer, clientIp: "10.20.0.1" });
    return c;
  }

  async function call(
    handler: (args: never) => unknown,
    url: string,
    options: { token?: string; form?: Record<string, string>; json?: unknown; params?: Record<string, string> } = {},
  ): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (options.token) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, options.token))}`;
    let body: BodyInit | undefined;
    if (options.form) body = new URLSearchParams(options.form);
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const request = new Request(`http://localhost${url}`, { method: body ? "POST" : "GET", headers, body });
    try {
      return outcomeOf(await handler({ request, context: context(), params: options.params ?? {} } as never));
    } catch (thrown) {
      return outcomeOf(thrown);
    }
  }

  async function lastEnrolmentLink(email: string): Promise<string> {
    const mail = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "two-factor-enrolment")
      .where("to_address", "=", email)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const token = /\/admin\/setup-two-factor\/([\w-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it("shows no secret to a password alone, mails a one-time link instead, and enrols through it with recovery codes", async () => {
    const { id: adminId, email } = await newAdmin();
    const { id: otherId } = await newAdmin("second");
    const login = await call(loginPage.action, "/admin/login", { form: { email, password: "secret-123" } });
    expect(login.status).toBe(302);
    expect(login.location).toBe("/admin/two-factor?redirectTo=%2Fadmin%2Fdashboard");
    // the signed cookie's value part is the token, base64 JSON (React Router's createCookie)
    const signed = decodeURIComponent(/vt_session=([^;]+)/.exec(login.setCookie ?? "")![1]!);
    const pending = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
    expect((await readSession(db.kysely, pending))?.verified).toBe(false);

    // the two-factor step says to check the mailbox, and nothing secret is made or shown
    const step = await call(twoFactorPage.loader, "/admin/two-factor", { token: pending });
    expect(step.data).toMatchObject({ enrolled: false });
    expect(JSON.stringify(step.data)).not.toMatch(/secret|qrSvg|otpauth/);
    expect((await db.kysely.selectFrom("users").select("totp_secret").where("id", "=", adminId).executeTakeFirstOrThrow()).totp_secret).toBeNull();
    // and a code cannot be checked against a secret that does not exist
    const guess = await call(twoFactorPage.action, "/admin/two-factor", { token: pending, form: { code: "123456" } });
    expect(guess.status).toBe(401);

    const token = await lastEnrolmentLink(email);
    const stored = await db.kysely.selectFrom("two_factor_enrolments").select(["id", "user_id"]).where("user_id", "in", [adminId, otherId]).execute();
    expect(stored).toEqual([{ id: expect.not.stringContaining(token), user_id: adminId }]);

    // the link asks a stranger to sign in first and refuses another account's session
    const url = `/admin/setup-two-factor/${token}`;
    const stranger = await call(setupPage.loader, url, { params: { token } });
    expect([stranger.status, stranger.location]).toEqual([302, `/admin/login?redirectTo=${encodeURIComponent(url)}`]);
    // signing in from there comes straight back to the link (and mails no second one)
    const mailsBefore = (await db.kysely.selectFrom("mail_outbox").select("id").execute()).length;
    const back = await call(loginPage.action, "/admin/login", { form: { email, password: "secret-123", redirectTo: url } });
    expect([back.status, back.location]).toEqual([302, url]);
    // a second password session of the account, and an older one from before two-factor was asked for
    const backSigned = decodeURIComponent(/vt_session=([^;]+)/.exec(back.setCookie ?? "")![1]!);
    const backToken = JSON.parse(Buffer.from(backSigned.slice(0, backSigned.lastIndexOf(".")), "base64").toString("utf8")) as string;
    const older = (await createSession(db.kysely, adminId, { remember: true, verified: true })).token;
    expect(await readSession(db.kysely, backToken)).toBeDefined();
    expect(await db.kysely.selectFrom("mail_outbox").select("id").execute()).toHaveLength(mailsBefore);
    const other = (await createSession(db.kysely, otherId, { remember: false, verified: false })).token;
    expect((await call(setupPage.loader, url, { token: other, params: { token } })).data).toMatchObject({ step: "otherAccount", setup: null });

    // with this account's password session it shows the secret and asks for a code
    const page = await call(setupPage.loader, url, { token: pending, params: { token } });
    expect(page.data).toMatchObject({ step: "enrol" });
    const secret = (page.data!.setup as { secret: string }).secret;
    const wrong = await call(setupPage.action, url, { token: pending, params: { token }, form: { code: totpCode(secret) === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    expect(await isTotpEnabled(db.kysely, adminId)).toBe(false);

    const done = await call(setupPage.action, url, { token: pending, params: { token }, form: { code: totpCode(secret) } });
    const codes = done.data?.codes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await isTotpEnabled(db.kysely, adminId)).toBe(true);
    expect((await readSession(db.kysely, pending))?.verified).toBe(true);
    // switching two-factor on ends every other session of the account: none opened by the password alone lives on
    expect(await readSession(db.kysely, backToken)).toBeUndefined();
    expect(await readSession(db.kysely, older)).toBeUndefined();
    // the other account's session is not touched
    expect(await readSession(db.kysely, other)).toBeDefined();
    const hashes = await db.kysely.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", adminId).execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);
    // the link works once
    expect((await call(setupPage.loader, url, { token: pending, params: { token } })).data).toMatchObject({ step: "invalid" });

    // the next sign-in accepts a recovery code instead of the app's code, each once
    const next = (await createSession(db.kysely, adminId, { remember: false, verified: false })).token;
    const recovered = await call(twoFactorPage.action, "/admin/two-factor", { token: next, form: { code: codes[3]!.toUpperCase() } });
    expect([recovered.status, recovered.location]).toEqual([302, "/admin/dashboard"]);
    expect((await readSession(db.kysely, next))?.verified).toBe(true);
    const again = (await createSession(db.kysely, adminId, { remember: false, verified: false })).token;
    const reused = await call(twoFactorPage.action, "/admin/two-factor", { token: again, form: { code: codes[3]! } });
    expect(reused.status).toBe(401);
    expect(await countRecoveryCodes(db.kysely, adminId)).toBe(9);

    // the API takes a recovery code as `code` too
    const api = await call(apiLogin.action, "/api/auth/login", { json: { email, password: "secret-123", code: codes[4] } });
    expect(api.status).toBe(200);
    expect(await countRecoveryCodes(db.kysely, adminId)).toBe(8);
  });

  it("expires the link after 30 minutes and binds it to its account", async () => {
    const { id: otherId } = await newAdmin("second");
    const t0 = new Date();
    const token = await createEnrolmentToken(db.kysely, otherId, t0);
    expect((await findEnrolmentToken(db.kysely, token, new Date(t0.getTime() + 29 * 60_000)))?.user_id).toBe(otherId);
    expect(await findEnrolmentToken(db.kysely, token, new Date(t0.getTime() + 31 * 60_000))).toBeUndefined();
    expect(await claimEnrolmentToken(db.kysely, token, new Date(t0.getTime() + 31 * 60_000))).toBe(false);
    // a newer link replaces the older one
    const newer = await createEnrolmentToken(db.kysely, otherId, t0);
    expect(await findEnrolmentToken(db.kysely, token, t0)).toBeUndefined();
    expect(await claimEnrolmentToken(db.kysely, newer, t0)).toBe(true);
    expect(await claimEnrolmentToken(db.kysely, newer, t0)).toBe(false);
    expect(await findEnrolmentToken(db.kysely, "not a token")).toBeUndefined();
  });

  it("mails at most five enrolment links an hour per account", async () => {
    const { id: otherId } = await newAdmin("second");
    const sent: boolean[] = [];
    for (let i = 0; i < 6; i++) sent.push(await sendEnrolmentLink(db.kysely, mailer, { userId: otherId, baseUrl: "https://vip.example" }));
    expect(sent).toEqual([true, true, true, true, true, false]);
  });

  it("regenerates recovery codes (the old ones stop working) and resets two-factor for admin:create", async () => {
    const { id: otherId } = await newAdmin("second");
    const { secret } = await beginEnrolment(db.kysely, otherId, "Lykia");
    const at = new Date(Date.now() + 90_000);
    expect(await checkTotpCode(db.kysely, otherId, totpCode(secret, at), at)).toBeUndefined();
    const first = await generateRecoveryCodes(db.kysely, otherId);
    const second = await generateRecoveryCodes(db.kysely, otherId);
    expect(await checkSecondFactor(db.kysely, otherId, first[0]!)).toEqual({ code: AUTH.recoveryInvalid });
    expect(await checkSecondFactor(db.kysely, otherId, second[0]!)).toBeUndefined();

    const { token } = await createSession(db.kysely, otherId, { remember: true });
    await resetTwoFactor(db.kysely, otherId);
    expect(await isTotpEnabled(db.kysely, otherId)).toBe(false);
    expect(await countRecoveryCodes(db.kysely, otherId)).toBe(0);
    expect(await readSession(db.kysely, token)).toBeUndefined();
    expect(await checkSecondFactor(db.kysely, otherId, second[1]!)).toEqual({ code: AUTH.totpInvalid });
  });
});
