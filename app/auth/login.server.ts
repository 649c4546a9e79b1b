/**
 * Password sign-in: rate limits per client address and per account, argon2id verification with
 * the same work for unknown e-mails, and the same answer ("Giriş başarısız") for an unknown
 * e-mail and a wrong password. remix-auth's FormStrategy runs it for the login form.
 */
import type { Kysely } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database, UserRow } from "~/server/db/schema";
import { hitRateLimit, resetRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { AUTH_TEXT, tooManyAttempts } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { loginSchema } from "./schemas";
import { createSession } from "./session.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/** Per client address: wrong passwords across accounts (an office shares one address, so successes do not count). */
export const LOGIN_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
/** Per account: wrong passwords for one account. */
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
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

/** Seconds until `key` may try again, or 0 when its failures are under the rule's limit. */
async function lockedFor(db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date): Promise<number> {
  const row = await db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key).executeTakeFirst();
  if (!row) return 0;
  const resetAt = new Date(row.window_start).getTime() + rule.windowMs;
  if (resetAt <= now.getTime() || Number(row.count) < rule.limit) return 0;
  return Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
}

/**
 * Checks e-mail and password for the back office; throws LoginError with the message to show.
 * After LOGIN_ACCOUNT_RULE.limit wrong passwords an account is locked for the rest of the window
 * (even for the right password), and the same per address with LOGIN_IP_RULE.
 */
export async function verifyAdminLogin(
  db: Kysely<Database>,
  input: { email: string; password: string; clientIp: string },
  now = new Date(),
): Promise<UserRow> {
  const ipKey = `login:ip:${input.clientIp}`;
  const accountKey = `login:acct:${normalizeEmail(input.email)}`;
  const burst = await hitRateLimit(db, `login:burst:${input.clientIp}`, LOGIN_BURST_RULE, now);
  const wait = Math.max(
    burst.retryAfter,
    await lockedFor(db, ipKey, LOGIN_IP_RULE, now),
    await lockedFor(db, accountKey, LOGIN_ACCOUNT_RULE, now),
  );
  if (wait > 0) throw new LoginError(tooManyAttempts(wait), 429, wait);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
  if (!user || !ok) {
    await hitRateLimit(db, ipKey, LOGIN_IP_RULE, now);
    await hitRateLimit(db, accountKey, LOGIN_ACCOUNT_RULE, now);
    throw new LoginError(AUTH_TEXT.loginFailed, 401);
  }
  if (user.role !== "admin") throw new LoginError(AUTH_TEXT.notAdmin, 403);
  await resetRateLimit(db, accountKey);
  await db.updateTable("users").set({ last_login_at: now.toISOString() }).where("id", "=", user.id).execute();
  return user;
}

/** remix-auth with the form strategy, bound to this request's database and address. */
export function loginAuthenticator(db: Kysely<Database>, clientIp: string) {
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? AUTH_TEXT.loginFailed, 400);
      return verifyAdminLogin(db, { email: parsed.data.email, password: parsed.data.password, clientIp });
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
