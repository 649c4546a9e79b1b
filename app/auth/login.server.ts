/**
 * Password sign-in: rate limits per client address and per account, argon2id verification with
 * the same work for unknown e-mails, and the same answer ("Giriş başarısız") for an unknown
 * e-mail and a wrong password. remix-auth's FormStrategy runs it for the login form.
 */
import type { Kysely } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { nowIso } from "~/server/db/convert";
import type { Database, UserRow } from "~/server/db/schema";
import { hitRateLimit, resetRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { AUTH_TEXT, tooManyAttempts } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { loginSchema } from "./schemas";
import { createSession } from "./session.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/** Per client address: a burst of wrong passwords across accounts. */
export const LOGIN_IP_RULE: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
/** Per account: guessing one admin's password. */
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

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

/** Checks e-mail and password for the back office; throws LoginError with the message to show. */
export async function verifyAdminLogin(
  db: Kysely<Database>,
  input: { email: string; password: string; clientIp: string },
  now = new Date(),
): Promise<UserRow> {
  const ipLimit = await hitRateLimit(db, `login:ip:${input.clientIp}`, LOGIN_IP_RULE, now);
  const accountKey = `login:acct:${normalizeEmail(input.email)}`;
  const accountLimit = await hitRateLimit(db, accountKey, LOGIN_ACCOUNT_RULE, now);
  if (!ipLimit.allowed || !accountLimit.allowed) {
    const wait = Math.max(ipLimit.retryAfter, accountLimit.retryAfter);
    throw new LoginError(tooManyAttempts(wait), 429, wait);
  }
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), input.password);
  if (!user || !ok) throw new LoginError(AUTH_TEXT.loginFailed, 401);
  if (user.role !== "admin") throw new LoginError(AUTH_TEXT.notAdmin, 403);
  await resetRateLimit(db, accountKey);
  await db.updateTable("users").set({ last_login_at: nowIso() }).where("id", "=", user.id).execute();
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
