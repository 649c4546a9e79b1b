/**
 * Password sign-in: growing delays after failed passwords (throttle.server.ts), argon2id verification with
 * the same work for unknown e-mails, and the same answer ("Giriş başarısız") for an unknown
 * e-mail and a wrong password. remix-auth's FormStrategy runs it for the login form.
 */
import type { Kysely } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database, UserRow } from "~/server/db/schema";
import type { Logger } from "pino";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { AUTH_TEXT, tooManyAttempts } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { loginSchema } from "./schemas";
import { createSession } from "./session.server";
import { recordLoginFailure, recordLoginSuccess, throttleWait } from "./throttle.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/** Per client address, every attempt (atomic): bounds a burst of parallel guesses. */
export const LOGIN_BURST_RULE: RateLimitRule = { limit: 100, windowMs: 15 * 60_000 };

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 429,
    readonly retryAfter = 0,
  ) {
    super(message);
  }
}

// A real argon2id hash to verify against when the e-mail is unknown, so both cases cost the same.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("not-the-password-of-anyone"));

/**
 * Checks e-mail and password for the back office; throws LoginError with the message to show.
 * Wrong passwords slow down the address that sent them (throttle.server.ts: per account and
 * address, per address, and per account only for addresses that have failed), never the right
 * password from an address that has not failed.
 */
export async function verifyAdminLogin(
  db: Kysely<Database>,
  input: { email: string; password: string; clientIp: string; log?: Logger },
  now = new Date(),
): Promise<UserRow> {
  const account = normalizeEmail(input.email);
  const burst = await hitRateLimit(db, `login:burst:${input.clientIp}`, LOGIN_BURST_RULE, now);
  const wait = Math.max(burst.retryAfter, await throttleWait(db, account, input.clientIp, now));
  if (wait > 0) throw new LoginError(tooManyAttempts(wait), 429, wait);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(db, account, input.clientIp, input.log, now);
    throw new LoginError(AUTH_TEXT.loginFailed, 401);
  }
  await recordLoginSuccess(db, account, input.clientIp);
  if (user.role !== "admin") throw new LoginError(AUTH_TEXT.notAdmin, 403);
  await db.updateTable("users").set({ last_login_at: now.toISOString() }).where("id", "=", user.id).execute();
  return user;
}

/** remix-auth with the form strategy, bound to this request's database and address. */
export function loginAuthenticator(db: Kysely<Database>, clientIp: string, log?: Logger) {
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? AUTH_TEXT.loginFailed, 400);
      return verifyAdminLogin(db, { email: parsed.data.email, password: parsed.data.password, clientIp, log });
    }),
    "form",
  );
  return authenticator;
}

/**
 * Opens the session after a correct password. With two-factor on, the session starts unverified
 * and the admin goes to the code step (enrolling first when no app is set up yet).
 */
export async function startAdminSession(
  db: Kysely<Database>,
  user: UserRow,
  options: { remember: boolean; ip: string; userAgent: string | null },
): Promise<{ token: string; expiresAt: string; needsTwoFactor: boolean }> {
  const { security } = await getSettings(db);
  const needsTwoFactor = security.twoFactorAuth;
  const session = await createSession(db, user.id, { ...options, verified: !needsTwoFactor });
  return { ...session, needsTwoFactor };
}
