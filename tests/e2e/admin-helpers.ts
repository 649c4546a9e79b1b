/**
 * Back-office e2e helpers (shared by every admin spec). Accounts and sessions are made by the
 * app's own code, against the e2e server's database, exactly as production makes them:
 * - serverCode() / withServerDb(fn): the app's server code (tests/e2e/server-code.ts, loaded once
 *   per worker through Vite like the server build) and the server's database opened by it.
 * - signIn(page): a signed-in seeded admin without going through the form: a session from
 *   `createSession` (app/auth/session.server.ts) and the `vt_session` cookie signed with the
 *   server's SESSION_SECRET by the app's own cookie code (app/auth/session-cookie.server.ts).
 * - sessionCookieHeader(token) / tokenOfBrowser(context): the signed cookie for a token, and back.
 * - createUserSession(role): a fresh account of any role (`createUser`) with a live session.
 * - expiredSession(userId): a session that ran out (created by `createSession` on an earlier clock).
 * - expireSession(token): the server's clock passing a session's expiry (`readSession` later on).
 * - signInWithForm(page) / signInAs(page, account): the real login form, for the tests of the login.
 * - createAdminAccount(): a separate admin with a known password, for tests that change passwords,
 *   enrol two-factor or end sessions (so they never disturb the seeded admin other specs sign in as).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import type { Kysely } from "kysely";
import { runnerImport } from "vite";
import { SESSION_COOKIE, signedSessionValue, tokenFromCookieHeader } from "../../app/auth/session-cookie.server";
import type { Database, UserRole } from "../../app/server/db/schema";
import { E2E_ADMIN, E2E_SESSION_SECRET } from "../../playwright.config";
import type * as ServerCode from "./server-code";

export { E2E_ADMIN, SESSION_COOKIE };

/** Where a server keeps its data: the shared server's, or an own server's (`server.dbFile`). */
export function serverDatabaseUrl(dbFile = process.env.E2E_DB!): string {
  return `file:${dbFile}`;
}

let loaded: Promise<typeof ServerCode> | undefined;

/**
 * The app's server code, loaded once per worker through Vite, as the server build is made (the
 * app's modules use `~/` imports and `import.meta.glob`, which Playwright's loader does not know).
 */
export function serverCode(): Promise<typeof ServerCode> {
  const app = fileURLToPath(new URL("../../app", import.meta.url));
  loaded ??= runnerImport<typeof ServerCode>(fileURLToPath(new URL("./server-code.ts", import.meta.url)), {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    logLevel: "error",
    resolve: { alias: { "~": app } },
  }).then((result) => result.module);
  return loaded;
}

/** Runs `fn` on the server's database, opened by the app's connection code, and closes it. */
export async function withServerDb<T>(fn: (db: Kysely<Database>, code: typeof ServerCode) => Promise<T>, url = serverDatabaseUrl()): Promise<T> {
  const code = await serverCode();
  const db = code.openDatabase(url, { poolSize: 1 });
  try {
    return await fn(db.kysely, code);
  } finally {
    await db.close();
  }
}

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

/** A live, verified session of `userId`, made by the app's `createSession`. */
export function startSession(userId: string, url = serverDatabaseUrl()): Promise<string> {
  return withServerDb(async (db, { createSession }) => (await createSession(db, userId, { remember: false, userAgent: "e2e" })).token, url);
}

/** A session of `userId` that has already run out: created by `createSession` two days ago. */
export function expiredSession(userId: string, url = serverDatabaseUrl()): Promise<string> {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
  return withServerDb(async (db, { createSession }) => (await createSession(db, userId, { remember: false, userAgent: "e2e", now: twoDaysAgo })).token, url);
}

/**
 * The server's clock passing the session's expiry: `readSession` a month and a day from now finds
 * it expired and ends it, as the server does for a request that comes too late.
 */
export async function expireSession(token: string, url = serverDatabaseUrl()): Promise<void> {
  const later = new Date(Date.now() + 31 * 24 * 3600_000);
  const session = await withServerDb((db, { readSession }) => readSession(db, token, later), url);
  if (session) throw new Error("the session did not expire");
}

/** Whether a session token still opens a session on the server. */
export function isSessionLive(token: string, url = serverDatabaseUrl()): Promise<boolean> {
  return withServerDb(async (db, { readSession }) => Boolean(await readSession(db, token)), url);
}

/** A new account (`createUser`, a real argon2id hash) with the given role and a known password. */
export async function createAccount(
  role: UserRole,
  options: { password?: string; name?: string; url?: string } = {},
): Promise<{ email: string; password: string; userId: string }> {
  const password = options.password ?? `e2e-${randomBytes(6).toString("hex")}-Pw1`;
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await withServerDb((db, { createUser }) => createUser(db, { email, password, role, name: options.name ?? "E2E" }), options.url);
  return { email, password, userId: user.id };
}

/** A session token for a new account with the given role (the account is created first). */
export async function createUserSession(role: UserRole = "driver"): Promise<{ token: string; email: string; userId: string }> {
  const { email, userId } = await createAccount(role);
  return { token: await startSession(userId), email, userId };
}

/** The seeded admin's id (E2E_ADMIN, made at start-up by the server's admin:create path). */
export async function seededAdminId(url = serverDatabaseUrl()): Promise<string> {
  const user = await withServerDb((db, { findUserByEmail }) => findUserByEmail(db, E2E_ADMIN.email), url);
  if (!user) throw new Error(`The seeded admin ${E2E_ADMIN.email} is missing from the e2e database`);
  return user.id;
}

/** A session token for the seeded admin (E2E_ADMIN). */
export async function adminSessionToken(): Promise<string> {
  return startSession(await seededAdminId());
}

export async function setSessionCookie(context: BrowserContext, token: string) {
  await context.addCookies([{ name: SESSION_COOKIE, value: await sessionCookieValue(token), url: baseUrl(), httpOnly: true, sameSite: "Lax" }]);
}

/** Signs the page's browser context in as the seeded admin. */
export async function signIn(page: Page): Promise<string> {
  const token = await adminSessionToken();
  await setSessionCookie(page.context(), token);
  return token;
}

/** Signs in through /admin/login with the seeded admin's credentials. */
export async function signInWithForm(page: Page, options: { remember?: boolean } = {}) {
  await signInAs(page, E2E_ADMIN, options);
}

/** A fresh admin account with a real argon2id password hash (on another server's database with `url`). */
export function createAdminAccount(password = "start-Pass-1", url?: string): Promise<{ email: string; password: string; userId: string }> {
  return createAccount("admin", { password, name: "E2E Yönetici", url });
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
