import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoginError, startAdminSession, verifyAdminLogin } from "~/auth/login.server";
import { ACCOUNT_RULE, IP_RULE, PAIR_RULE, throttleDelay } from "~/auth/throttle.server";
import { logAccount } from "~/auth/log-account.server";
import { LOG_OPTIONS } from "~/server/logger.server";
import { AUTH } from "~/auth/messages";
import { translate } from "~/i18n/translate.server";
import { findResetToken, requestPasswordReset, resetPassword } from "~/auth/password-reset.server";
import { updateProfile } from "~/auth/profile.server";
import { createSession, readSession } from "~/auth/session.server";
import { totpCode } from "~/auth/totp";
import { beginEnrolment, checkTotpCode, isTotpEnabled, verifySession } from "~/auth/two-factor.server";
import { createUser, findUserById } from "~/auth/users.server";
import { deactivateStaff } from "~/users/users.server";
import { verifyPassword } from "~/auth/password.server";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });

/** A logger whose JSON lines are kept for the test to read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ ...LOG_OPTIONS, level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

async function loginError(promise: Promise<unknown>): Promise<LoginError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LoginError) return error;
    throw error;
  }
  throw new Error("expected the login to fail");
}

describe.each(engines)("admin sign-in on %s", (engine) => {
  let db: TestDb;
  let adminId: string;
  beforeAll(async () => {
    db = await testDb(engine);
    adminId = (await createUser(db.kysely, { email: "Office@Example.com", password: "secret-123", role: "admin", name: "Ofis" })).id;
    await createUser(db.kysely, { email: "driver@example.com", password: "secret-123", role: "driver" });
  });
  afterAll(() => db.destroy());
  // Each test starts from the default settings (two-factor off) and no slow-down.
  beforeEach(async () => {
    await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    await db.kysely.deleteFrom("rate_limits").execute();
    await db.kysely.deleteFrom("login_throttle").execute();
  });
  const attempt = (password: string, clientIp: string, now?: Date, email = "office@example.com") =>
    verifyAdminLogin(db.kysely, { email, password, clientIp }, now);

  it("signs in an admin with the right password, whatever the e-mail's case", async () => {
    const user = await verifyAdminLogin(db.kysely, { email: " office@example.COM ", password: "secret-123", clientIp: "10.0.0.1" });
    expect(user.id).toBe(adminId);
    expect((await findUserById(db.kysely, adminId))?.last_login_at).not.toBeNull();
  });

  it("answers an unknown e-mail and a wrong password the same way", async () => {
    const unknown = await loginError(verifyAdminLogin(db.kysely, { email: "nobody@example.com", password: "secret-123", clientIp: "10.0.0.2" }));
    const wrong = await loginError(verifyAdminLogin(db.kysely, { email: "office@example.com", password: "wrong-pass", clientIp: "10.0.0.2" }));
    expect([unknown.status, unknown.problem]).toEqual([401, { code: AUTH.loginFailed }]);
    expect([wrong.status, wrong.problem]).toEqual([401, { code: AUTH.loginFailed }]);
    expect(translate("tr", wrong.problem)).toBe("Giriş başarısız");
  });

  it("signs a driver in (their trips at /driver) and refuses a switched-off account even with its right password", async () => {
    const driver = await verifyAdminLogin(db.kysely, { email: "driver@example.com", password: "secret-123", clientIp: "10.0.0.3" });
    expect(driver.role).toBe("driver");
    const gone = await createUser(db.kysely, { email: "gone@example.com", password: "secret-123", role: "dispatcher" });
    const off = await deactivateStaff(db.kysely, gone.id, { actor: { id: adminId, label: "Ofis" }, mailer, baseUrl: "http://localhost" });
    expect(off.ok).toBe(true);
    const error = await loginError(verifyAdminLogin(db.kysely, { email: "gone@example.com", password: "secret-123", clientIp: "10.0.0.3" }));
    expect([error.status, error.problem]).toEqual([403, { code: AUTH.accountInactive }]);
  });

  it("slows an address down after 3 wrong passwords, doubling the wait up to 15 minutes, and says how long", async () => {
    const t0 = new Date("2031-05-01T10:00:00.000Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    for (let i = 0; i < PAIR_RULE.free; i++) expect((await loginError(attempt(`guess-${i}`, "10.1.0.1", t0))).status).toBe(401);
    // even the right password waits, from this address, and the message says for how long
    const first = await loginError(attempt("secret-123", "10.1.0.1", at(1)));
    expect([first.status, first.retryAfter, first.problem]).toEqual([429, 29, { code: AUTH.tooManySeconds, params: { n: 29 } }]);
    expect(translate("tr", first.problem)).toBe("Çok fazla giriş denemesi yapıldı. Lütfen 29 saniye sonra tekrar deneyin.");
    // each further failure doubles the wait: 30 s, 60 s, 120 s … capped at 15 minutes
    let clock = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock += (waits.at(-1) ?? 30) + 1;
      expect((await loginError(attempt(`more-${i}`, "10.1.0.1", at(clock)))).status).toBe(401);
      waits.push((await loginError(attempt("secret-123", "10.1.0.1", at(clock)))).retryAfter);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    expect(throttleDelay(PAIR_RULE, 30)).toBe(900);
    expect(translate("tr", (await loginError(attempt("secret-123", "10.1.0.1", at(clock + 600)))).problem)).toBe(
      "Çok fazla giriş denemesi yapıldı. Lütfen 5 dakika sonra tekrar deneyin.",
    );
    // once the wait is over the right password works, and the pair starts again
    expect((await attempt("secret-123", "10.1.0.1", at(clock + 901))).id).toBe(adminId);
    expect((await loginError(attempt("one-typo", "10.1.0.1", at(clock + 902)))).status).toBe(401);
  });

  it("keeps the right password working from a clean address during a distributed attack, and logs every lock", async () => {
    const { log, lines } = capturingLogger();
    const t0 = new Date("2031-05-02T10:00:00.000Z");
    const guess = (i: number, ip: string) => verifyAdminLogin(db.kysely, { email: "office@example.com", password: `guess-${i}`, clientIp: ip, log }, t0);
    // three addresses, three guesses each: every pair is slowed down; a fourth address makes the 10th failure
    for (let a = 0; a < 3; a++) for (let i = 0; i < 3; i++) expect((await loginError(guess(i, `10.6.0.${a}`))).status).toBe(401);
    expect((await loginError(guess(99, "10.6.0.9"))).status).toBe(401);
    expect(ACCOUNT_RULE.free).toBe(10);
    // now the account-wide wait applies to every address that has failed on it, even with the right password
    expect((await loginError(verifyAdminLogin(db.kysely, { email: "office@example.com", password: "secret-123", clientIp: "10.6.0.9" }, t0))).status).toBe(429);
    // a new attacking address still gets its one guess, and is slowed down after it
    expect((await loginError(guess(98, "10.6.0.8"))).status).toBe(401);
    expect((await loginError(verifyAdminLogin(db.kysely, { email: "office@example.com", password: "secret-123", clientIp: "10.6.0.8" }, t0))).status).toBe(429);
    expect((await loginError(verifyAdminLogin(db.kysely, { email: "office@example.com", password: "secret-123", clientIp: "10.6.0.1" }, t0))).status).toBe(429);
    // the office, from an address that has not failed, signs in at once
    expect((await verifyAdminLogin(db.kysely, { email: "OFFICE@example.com", password: "secret-123", clientIp: "192.168.1.20" }, t0)).id).toBe(adminId);
    // every lock was logged with account, address and until
    const locks = lines.filter((l) => l.event === "login_locked");
    expect(locks.filter((l) => l.scope === "pair").map((l) => l.address)).toEqual(["10.6.0.0", "10.6.0.1", "10.6.0.2"]);
    // the account masked (its address cannot be read back from the log), the same for every line about it
    const masked = logAccount("office@example.com");
    expect(masked).toMatch(/^of…e@example\.com #[0-9a-f]{10}$/);
    expect(locks.some((l) => l.scope === "acct" && l.account === masked)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain("office@example.com");
    // every failed sign-in is one warning with the masked account and the address
    const failed = lines.filter((l) => l.event === "login_failed");
    expect(failed).toHaveLength(11);
    expect(failed[0]).toMatchObject({ level: 40, account: masked, address: "10.6.0.0", reason: "wrong_password" });
    for (const lock of locks) {
      expect(lock.level).toBe(40);
      expect(typeof lock.until).toBe("string");
      expect(new Date(lock.until as string).getTime()).toBeGreaterThan(t0.getTime());
    }
    expect(locks[0]).toMatchObject({ account: masked, address: "10.6.0.0", until: "2031-05-02T10:00:30.000Z" });
  });

  it("limits one address across accounts, and only that address", async () => {
    for (let i = 0; i < IP_RULE.free; i++) {
      expect((await loginError(attempt("whatever1", "10.9.9.9", undefined, `u${i}@example.com`))).status).toBe(401);
    }
    const locked = await loginError(attempt("secret-123", "10.9.9.9"));
    expect([locked.status, locked.retryAfter > 0]).toEqual([429, true]);
    expect((await loginError(attempt("whatever1", "10.9.9.9", undefined, "u99@example.com"))).status).toBe(429);
    expect((await attempt("secret-123", "10.9.9.10")).id).toBe(adminId);
  });

  it("does not count successful sign-ins against a shared office address", async () => {
    for (let i = 0; i < 25; i++) {
      expect((await verifyAdminLogin(db.kysely, { email: "office@example.com", password: "secret-123", clientIp: "10.4.4.4" })).id).toBe(adminId);
    }
  });

  it("opens a verified session, or one owing a code when two-factor is on", async () => {
    const user = (await findUserById(db.kysely, adminId))!;
    const plain = await startAdminSession(db.kysely, user, { remember: false, ip: "1.1.1.1", userAgent: null });
    expect(plain.needsTwoFactor).toBe(false);
    expect((await readSession(db.kysely, plain.token))?.verified).toBe(true);

    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, security: { twoFactorAuth: true, sessionTimeout: 30 } }, null);
    const pending = await startAdminSession(db.kysely, user, { remember: true, ip: "1.1.1.1", userAgent: null });
    expect(pending.needsTwoFactor).toBe(true);
    const session = await readSession(db.kysely, pending.token);
    expect(session?.verified).toBe(false);
    expect(session?.remember).toBe(true);
  });

  it("follows the session timeout from settings", async () => {
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, security: { twoFactorAuth: false, sessionTimeout: 5 } }, null);
    const t0 = new Date("2031-03-01T08:00:00.000Z");
    const { token, expiresAt } = await createSession(db.kysely, adminId, { remember: false, now: t0 });
    expect(expiresAt).toBe("2031-03-01T08:05:00.000Z");
    expect(await readSession(db.kysely, token, new Date("2031-03-01T08:05:01.000Z"))).toBeUndefined();
  });
});

describe.each(engines)("password reset on %s", (engine) => {
  let db: TestDb;
  let adminId: string;
  beforeAll(async () => {
    db = await testDb(engine);
    adminId = (await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ofis" })).id;
  });
  afterAll(() => db.destroy());

  async function mailedToken(): Promise<string> {
    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("kind", "=", "password-reset").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    const token = /\/admin\/reset-password\/([\w-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it("mails a one-time link that works once and ends the account's sessions", async () => {
    const { token: sessionToken } = await createSession(db.kysely, adminId, { remember: true });
    await requestPasswordReset(db.kysely, mailer, { email: "OFFICE@example.com", baseUrl: "https://vip.example/" });
    const token = await mailedToken();
    const stored = await db.kysely.selectFrom("password_reset_tokens").select("id").execute();
    expect(stored.map((r) => r.id)).not.toContain(token);
    expect(await findResetToken(db.kysely, token)).toBeDefined();

    expect(await resetPassword(db.kysely, token, "brand-new-1")).toBe(true);
    expect(await resetPassword(db.kysely, token, "another-22")).toBe(false);
    const user = (await findUserById(db.kysely, adminId))!;
    expect(await verifyPassword(user.password_hash, "brand-new-1")).toBe(true);
    expect(await readSession(db.kysely, sessionToken)).toBeUndefined();
  });

  it("lifts an account's slow-down once the password is reset from the mailbox", async () => {
    for (let i = 0; i < 9; i++) {
      await verifyAdminLogin(db.kysely, { email: "office@example.com", password: `guess-${i}-x`, clientIp: `10.8.0.${i % 3}` }).catch(() => undefined);
    }
    await verifyAdminLogin(db.kysely, { email: "office@example.com", password: "one-guess-x", clientIp: "10.8.1.1" }).catch(() => undefined);
    await expect(verifyAdminLogin(db.kysely, { email: "office@example.com", password: "brand-new-1", clientIp: "10.8.1.1" })).rejects.toMatchObject({ status: 429 });
    await requestPasswordReset(db.kysely, mailer, { email: "office@example.com", baseUrl: "https://vip.example" });
    expect(await resetPassword(db.kysely, await mailedToken(), "after-lock-1")).toBe(true);
    expect((await verifyAdminLogin(db.kysely, { email: "office@example.com", password: "after-lock-1", clientIp: "10.8.1.1" })).id).toBe(adminId);
  });

  it("refuses an expired link", async () => {
    const t0 = new Date();
    await requestPasswordReset(db.kysely, mailer, { email: "office@example.com", baseUrl: "https://vip.example" }, t0);
    const token = await mailedToken();
    const later = new Date(t0.getTime() + 31 * 60_000);
    expect(await findResetToken(db.kysely, token, later)).toBeUndefined();
    expect(await resetPassword(db.kysely, token, "too-late-1", later)).toBe(false);
  });

  it("sends nothing for an unknown e-mail (and says the same)", async () => {
    const before = await db.kysely.selectFrom("mail_outbox").select("id").execute();
    await requestPasswordReset(db.kysely, mailer, { email: "stranger@example.com", baseUrl: "https://vip.example" });
    expect(await db.kysely.selectFrom("mail_outbox").select("id").execute()).toHaveLength(before.length);
  });
});

describe.each(engines)("two-factor sign-in on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
  });
  afterAll(() => db.destroy());
  /** Every test enrols an admin of its own, so none sees another's secret, codes or rate limit. */
  const newAdmin = async () => (await createUser(db.kysely, { email: `office-${randomUUID()}@example.com`, password: "secret-123", role: "admin" })).id;

  it("enrols with a QR code and activates on the first correct code", async () => {
    const adminId = await newAdmin();
    const enrolment = await beginEnrolment(db.kysely, adminId, "Lykia VIP Transfer");
    expect(enrolment.qrSvg).toContain("<svg");
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(await isTotpEnabled(db.kysely, adminId)).toBe(false);
    // The same pending secret is shown again until it is confirmed.
    expect((await beginEnrolment(db.kysely, adminId, "Lykia VIP Transfer")).secret).toBe(enrolment.secret);

    const now = new Date();
    expect(await checkTotpCode(db.kysely, adminId, "000000" === totpCode(enrolment.secret, now) ? "111111" : "000000", now)).toEqual({ code: AUTH.totpInvalid });
    expect(await checkTotpCode(db.kysely, adminId, totpCode(enrolment.secret, now), now)).toBeUndefined();
    expect(await isTotpEnabled(db.kysely, adminId)).toBe(true);
  });

  it("accepts a code once only and verifies the session", async () => {
    const adminId = await newAdmin();
    const { secret } = await beginEnrolment(db.kysely, adminId, "Lykia VIP Transfer");
    const later = new Date(Date.now() + 60_000);
    const code = totpCode(secret, later);
    expect(await checkTotpCode(db.kysely, adminId, code, later)).toBeUndefined();
    expect(await checkTotpCode(db.kysely, adminId, code, later)).toEqual({ code: AUTH.totpInvalid });

    const { token } = await createSession(db.kysely, adminId, { remember: false, verified: false });
    const session = (await readSession(db.kysely, token))!;
    expect(session.verified).toBe(false);
    await verifySession(db.kysely, session.id);
    expect((await readSession(db.kysely, token))?.verified).toBe(true);
  });

  it("rate-limits wrong codes", async () => {
    const adminId = await newAdmin();
    await beginEnrolment(db.kysely, adminId, "Lykia VIP Transfer");
    let refusal: Awaited<ReturnType<typeof checkTotpCode>>;
    for (let i = 0; i < 6; i++) refusal = await checkTotpCode(db.kysely, adminId, "12345x".replace("x", String(i)));
    expect(refusal?.code).toMatch(/^admin:auth\.messages\.tooMany(Seconds|Minutes)$/);
  });
});

describe.each(engines)("profile on %s", (engine) => {
  let db: TestDb;
  let adminId: string;
  beforeAll(async () => {
    db = await testDb(engine);
    adminId = (await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin" })).id;
    await createUser(db.kysely, { email: "taken@example.com", password: "secret-123", role: "admin" });
  });
  afterAll(() => db.destroy());

  it("saves name, e-mail and phone, and refuses an e-mail of another account", async () => {
    const ok = await updateProfile(db.kysely, adminId, "none", { name: "Ayşe Yılmaz", email: "Ayse@Example.com", phone: "+90 532 000 00 00" });
    expect(ok.errors).toEqual({});
    expect(await findUserById(db.kysely, adminId)).toMatchObject({ name: "Ayşe Yılmaz", email: "Ayse@Example.com", email_normalized: "ayse@example.com" });
    const taken = await updateProfile(db.kysely, adminId, "none", { name: "A", email: "TAKEN@example.com" });
    expect(taken.errors["profile.email"]).toEqual([{ code: "admin:settings.messages.emailTaken" }]);
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    // an account of its own, so the changed password never meets another test (or a second run)
    const email = `password-${randomUUID()}@example.com`;
    const adminId = (await createUser(db.kysely, { email, password: "secret-123", role: "admin" })).id;
    const current = await createSession(db.kysely, adminId, { remember: false });
    const other = await createSession(db.kysely, adminId, { remember: true });
    const currentId = (await readSession(db.kysely, current.token))!.id;
    const wrong = await updateProfile(db.kysely, adminId, currentId, { name: "A", email, currentPassword: "nope-nope", newPassword: "newpass-1" });
    expect(wrong.errors["profile.currentPassword"]).toEqual([{ code: AUTH.currentPasswordWrong }]);
    const done = await updateProfile(db.kysely, adminId, currentId, { name: "A", email, currentPassword: "secret-123", newPassword: "newpass-1" });
    expect(done.passwordChanged).toBe(true);
    expect(await verifyPassword((await findUserById(db.kysely, adminId))!.password_hash, "newpass-1")).toBe(true);
    expect(await readSession(db.kysely, current.token)).toBeDefined();
    expect(await readSession(db.kysely, other.token)).toBeUndefined();
  });
});
