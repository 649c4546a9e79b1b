/**
 * Back-office e2e helpers (shared by every admin spec):
 * - signIn(page): a signed-in admin without going through the form, by writing a session row into
 *   the e2e database (same hashing as app/auth/session.server.ts) and setting the `vt_session`
 *   cookie, signed with the server's SESSION_SECRET by the app's own cookie code
 *   (app/auth/session-cookie.server.ts, which session.server.ts re-exports).
 * - sessionCookieHeader(token) / tokenOfBrowser(context): the signed cookie for a token, and back.
 * - createUserSession(role): the same for a fresh account of any role (e.g. a non-admin "user").
 * - signInWithForm(page): the real login form, for the tests of the login itself.
 * - createAdminAccount(): a separate admin with a known password, for tests that change passwords
 *   or end sessions (so they never disturb the seeded admin other specs sign in as).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { hashPassword } from "../../app/auth/password.server";
import { SESSION_COOKIE, signedSessionValue, tokenFromCookieHeader } from "../../app/auth/session-cookie.server";
import { E2E_ADMIN, E2E_SESSION_SECRET } from "../../playwright.config";
import { e2eDb } from "./fixtures";

export { E2E_ADMIN, SESSION_COOKIE };

/** The cookie value (as a browser keeps it) of a session token, signed for a server with `secret`. */
export async function sessionCookieValue(token: string, secret = E2E_SESSION_SECRET): Promise<string> {
  return encodeURIComponent(await signedSessionValue(secret, token));
}

/** A `Cookie:` header value carrying the signed session token. */
export async function sessionCookieHeader(token: string, secret = E2E_SESSION_SECRET): Promise<string> {
  return `${SESSION_COOKIE}=${await sessionCookieValue(token, secret)}`;
}

/** The session token behind the browser context's signed cookie. */
export async function tokenOfBrowser(context: BrowserContext, secret = E2E_SESSION_SECRET): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  const token = cookie && (await tokenFromCookieHeader(secret, `${SESSION_COOKIE}=${cookie.value}`));
  if (!token) throw new Error("no signed session cookie in the browser");
  return token;
}

function baseUrl(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}

function insertSession(userId: string): string {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const db = e2eDb();
  try {
    db.prepare(
      `insert into sessions (id, user_id, expires_at, remember, verified, ip, user_agent, created_at, last_seen_at)
       values (?, ?, ?, 0, 1, null, 'e2e', ?, ?)`,
    ).run(
      createHash("sha256").update(token).digest("hex"),
      userId,
      new Date(now.getTime() + 60 * 60_000).toISOString(),
      now.toISOString(),
      now.toISOString(),
    );
  } finally {
    db.close();
  }
  return token;
}

/** A session token for a new account with the given role (the account is created first). */
export function createUserSession(role: "admin" | "user" = "user"): { token: string; email: string; userId: string } {
  const db = e2eDb();
  const userId = randomUUID();
  const email = `${role}-${userId.slice(0, 8)}@example.com`;
  const at = new Date().toISOString();
  try {
    db.prepare(
      `insert into users (id, email, email_normalized, name, phone, password_hash, role, totp_enabled, created_at, updated_at)
       values (?, ?, ?, 'E2E', '', 'not-a-valid-hash', ?, 0, ?, ?)`,
    ).run(userId, email, email, role, at, at);
  } finally {
    db.close();
  }
  return { token: insertSession(userId), email, userId };
}

/** A session token for the seeded admin (E2E_ADMIN). */
export function adminSessionToken(): string {
  const db = e2eDb();
  let row: { id: string } | undefined;
  try {
    row = db.prepare("select id from users where email_normalized = ?").get(E2E_ADMIN.email.toLowerCase()) as { id: string } | undefined;
  } finally {
    db.close();
  }
  if (!row) throw new Error(`The seeded admin ${E2E_ADMIN.email} is missing from the e2e database`);
  return insertSession(row.id);
}

export async function setSessionCookie(context: BrowserContext, token: string) {
  await context.addCookies([{ name: SESSION_COOKIE, value: await sessionCookieValue(token), url: baseUrl(), httpOnly: true, sameSite: "Lax" }]);
}

/** Signs the page's browser context in as the seeded admin. */
export async function signIn(page: Page): Promise<string> {
  const token = adminSessionToken();
  await setSessionCookie(page.context(), token);
  return token;
}

/** Signs in through /admin/login with the seeded admin's credentials. */
export async function signInWithForm(page: Page, options: { remember?: boolean } = {}) {
  await signInAs(page, E2E_ADMIN, options);
}

/** A fresh admin account with a real argon2id password hash. */
export async function createAdminAccount(password = "start-Pass-1"): Promise<{ email: string; password: string; userId: string }> {
  const userId = randomUUID();
  const email = `admin-${userId.slice(0, 8)}@example.com`;
  const hash = await hashPassword(password);
  const at = new Date().toISOString();
  const db = e2eDb();
  try {
    db.prepare(
      `insert into users (id, email, email_normalized, name, phone, password_hash, role, totp_enabled, created_at, updated_at)
       values (?, ?, ?, 'E2E Yönetici', '', ?, 'admin', 0, ?, ?)`,
    ).run(userId, email, email, hash, at, at);
  } finally {
    db.close();
  }
  return { email, password, userId };
}

/** Signs in through the form with any account. */
export async function signInAs(page: Page, account: { email: string; password: string }, options: { remember?: boolean } = {}) {
  await page.goto("/admin/login");
  await page.getByLabel("E-posta").fill(account.email);
  await page.getByLabel("Şifre", { exact: true }).fill(account.password);
  if (options.remember) await page.getByLabel("Beni hatırla").check();
  await page.getByRole("button", { name: "Giriş Yap" }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}
