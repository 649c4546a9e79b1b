/**
 * Password sign-in: growing delays after failed passwords (throttle.server.ts), argon2id verification with
 * the same work for unknown e-mails, and the same answer (auth.messages.loginFailed) for an unknown
 * e-mail and a wrong password. One remix-auth FormStrategy parses the form (loginSchema, once) and
 * checks it, for the login page and for POST /api/auth/login alike (the API hands it its JSON body
 * as a form, signInRequest).
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Kysely } from "kysely";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import type { Database, UserRow } from "~/server/db/schema";
import { toBool } from "~/server/db/convert";
import { isUserRole } from "./policy";
import type { Logger } from "pino";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { getSettings } from "~/settings/settings.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { AUTH, tooManyAttempts } from "./messages";
import { hashPassword, verifyPassword } from "./password.server";
import { loginSchema } from "./schemas";
import { createSession } from "./session.server";
import { recordLoginFailure, recordLoginSuccess, throttleWait } from "./throttle.server";
import { findUserByEmail, normalizeEmail } from "./users.server";
import { recordFailedSignIn, recordSignIn } from "~/audit/auth-audit.server";
import { logAccount } from "./log-account.server";

/** Per client address, every attempt (atomic): bounds a burst of parallel guesses. */
export const LOGIN_BURST_RULE: RateLimitRule = { limit: 100, windowMs: 15 * 60_000 };

/** A refused sign-in: what to say (a code), the HTTP status and, when throttled, the wait. */
export class LoginError extends Error {
  constructor(
    readonly problem: Problem,
    readonly status: 400 | 401 | 403 | 429,
    readonly retryAfter = 0,
  ) {
    super(problem.code);
  }
}

// A real argon2id hash to verify against when the e-mail is unknown, so both cases cost the same.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword("not-the-password-of-anyone"));

/**
 * Checks e-mail and password for the back office; throws LoginError with the code to show.
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
    input.log?.warn({ event: "login_failed", account: logAccount(account), address: input.clientIp, reason: user ? "wrong_password" : "unknown_email" }, "sign-in failed");
    await recordLoginFailure(db, account, input.clientIp, input.log, now);
    await recordFailedSignIn(db, input.email, user, user ? "wrong_password" : "unknown_email", input.clientIp);
    throw new LoginError(problem(AUTH.loginFailed), 401);
  }
  await recordLoginSuccess(db, account, input.clientIp);
  if (!toBool(user.active)) {
    await recordFailedSignIn(db, input.email, user, "inactive", input.clientIp);
    throw new LoginError(problem(AUTH.accountInactive), 403);
  }
  if (!isUserRole(user.role)) {
    await recordFailedSignIn(db, input.email, user, "not_staff", input.clientIp);
    throw new LoginError(problem(AUTH.notAdmin), 403);
  }
  await db.updateTable("users").set({ last_login_at: now.toISOString() }).where("id", "=", user.id).execute();
  await recordSignIn(db, user, input.clientIp);
  return user;
}

type LoginSubmission = Submission<z.input<typeof loginSchema>, string[], z.output<typeof loginSchema>>;

/**
 * What the strategy answers, a value either way (errors the user can fix are values): the user with
 * the form's choices, or the refusal with its code. `submission` is Conform's reading of the form,
 * for the page's reply; `fields` the same field problems for the API.
 */
export type SignIn =
  | { ok: true; user: UserRow; remember: boolean; redirectTo?: string; submission: LoginSubmission }
  | { ok: false; error: LoginError; fields: FieldProblems; submission: LoginSubmission };

/** remix-auth with the one form strategy, bound to this request's database and address. */
export function loginAuthenticator(db: Kysely<Database>, clientIp: string, log?: Logger) {
  const authenticator = new Authenticator<SignIn>();
  authenticator.use(
    new FormStrategy(async ({ form }): Promise<SignIn> => {
      const submission = parseWithZod(form, { schema: loginSchema });
      if (submission.status !== "success") {
        const fields: FieldProblems = {};
        for (const [field, codes] of Object.entries(submission.error ?? {})) {
          if (codes?.length) fields[field] = codes.map((code) => problem(code as Problem["code"]));
        }
        return { ok: false, error: new LoginError(problem(AUTH.loginFailed), 400), fields, submission };
      }
      const { email, password, remember, redirectTo } = submission.value;
      try {
        const user = await verifyAdminLogin(db, { email, password, clientIp, log });
        return { ok: true, user, remember, redirectTo, submission };
      } catch (error) {
        if (error instanceof LoginError) return { ok: false, error, fields: {}, submission };
        throw error;
      }
    }),
    "form",
  );
  return authenticator;
}

/** Signs in with the form strategy: the page passes its request. */
export function signIn(db: Kysely<Database>, request: Request, clientIp: string, log?: Logger): Promise<SignIn> {
  return loginAuthenticator(db, clientIp, log).authenticate("form", request);
}

/**
 * The API's JSON body as the form the strategy reads (`remember: true` becomes "true"), so the API
 * and the page go through the same strategy and schema. Objects and arrays are left out: the
 * schema then refuses the field as missing.
 */
export function signInRequest(request: Request, body: Record<string, unknown>): Request {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") form.set(name, String(value));
  }
  return new Request(request.url, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
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
