/**
 * Server-side sessions (table `sessions`). The browser holds only a random token in an httpOnly,
 * SameSite=Lax cookie (Secure in production) signed with SESSION_SECRET (session-cookie.server.ts);
 * API clients send the same token, unsigned, as a bearer header.
 * The database keeps the token's SHA-256, so a leaked table opens no session.
 * Lifetime: settings.security.sessionTimeout minutes, sliding; "remember me" sessions last 30 days.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { redirect, type RouterContextProvider } from "react-router";
import { apiError } from "~/server/api";
import { getApp } from "~/server/context";
import { fromBool, toBool } from "~/server/db/convert";
import type { Database, UserRole } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { hashToken } from "~/utils/token";
import { clearSessionCookie, REMEMBER_DAYS, tokenFromCookieHeader } from "./session-cookie.server";

export { clearSessionCookie, REMEMBER_DAYS, SESSION_COOKIE, sessionCookie, sessionSecrets, signedSessionValue } from "./session-cookie.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  role: UserRole;
}

export interface CurrentSession {
  id: string;
  user: SessionUser;
  expiresAt: string;
  remember: boolean;
  /** false while a two-factor code is still owed */
  verified: boolean;
}

export { hashToken };

/** When a session touched at `now` expires. */
export function sessionExpiry(now: Date, timeoutMinutes: number, remember: boolean): Date {
  return new Date(now.getTime() + (remember ? REMEMBER_DAYS * 24 * 60 : timeoutMinutes) * 60_000);
}

/**
 * The token a request carries: `Authorization: Bearer …` (raw, for API clients), else the session
 * cookie when it is signed with one of SESSION_SECRET's secrets.
 */
export async function tokenFrom(request: Request, sessionSecret: string | undefined): Promise<string | undefined> {
  const auth = request.headers.get("authorization");
  const bearer = auth && /^Bearer\s+([\w-]{20,200})$/i.exec(auth.trim())?.[1];
  if (bearer) return bearer;
  return tokenFromCookieHeader(sessionSecret, request.headers.get("cookie"));
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  options: { remember: boolean; verified?: boolean; ip?: string; userAgent?: string | null; now?: Date },
): Promise<{ token: string; expiresAt: string }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const { security } = await getSettings(db);
  const expiresAt = sessionExpiry(now, security.sessionTimeout, options.remember).toISOString();
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      remember: fromBool(options.remember),
      verified: fromBool(options.verified ?? true),
      ip: options.ip ?? null,
      user_agent: options.userAgent?.slice(0, 300) ?? null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The live session behind a token, its expiry slid forward; undefined when unknown or expired
 * (an expired row is deleted).
 */
export async function readSession(db: Kysely<Database>, token: string | undefined, now = new Date()): Promise<CurrentSession | undefined> {
  if (!token) return undefined;
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.expires_at",
      "sessions.remember",
      "sessions.verified",
      "sessions.last_seen_at",
      "users.id as user_id",
      "users.email",
      "users.name",
      "users.phone",
      "users.role",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return undefined;
  }
  const remember = toBool(row.remember);
  let expiresAt = row.expires_at;
  // Slide at most once a minute, so a burst of requests writes once.
  if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    const { security } = await getSettings(db);
    expiresAt = sessionExpiry(now, security.sessionTimeout, remember).toISOString();
    await db.updateTable("sessions").set({ expires_at: expiresAt, last_seen_at: now.toISOString() }).where("id", "=", id).execute();
  }
  return {
    id,
    expiresAt,
    remember,
    verified: toBool(row.verified),
    user: { id: row.user_id, email: row.email, name: row.name, phone: row.phone, role: row.role },
  };
}

export async function destroySession(db: Kysely<Database>, token: string | undefined) {
  if (token) await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}

export async function destroyUserSessions(db: Kysely<Database>, userId: string, exceptId?: string) {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  await query.execute();
}

/** The signed-in user of a request, if any (any role, verified or not). */
export async function getCurrentSession(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, env } = getApp(context);
  return readSession(db.kysely, await tokenFrom(request, env.SESSION_SECRET));
}

/** The login address that brings the user back to this page; `expired` says a session ran out. */
function loginUrl(request: Request, expired: boolean): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams();
  if (back.startsWith("/admin") && !back.startsWith("/admin/login") && request.method === "GET") params.set("redirectTo", back);
  else if (back.startsWith("/admin") && !back.startsWith("/admin/login")) params.set("redirectTo", url.pathname);
  if (expired) params.set("expired", "1");
  const query = params.toString();
  return query ? `/admin/login?${query}` : "/admin/login";
}

/**
 * For admin pages: the signed-in, verified admin, or a redirect to the login page that brings the
 * user back here afterwards. A non-admin account is refused the same way.
 */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentSession> {
  const { db, env } = getApp(context);
  const token = await tokenFrom(request, env.SESSION_SECRET);
  const session = await readSession(db.kysely, token);
  if (!session || !session.verified || session.user.role !== "admin") {
    const secure = env.NODE_ENV === "production";
    // A session still owing its two-factor code continues at the code step.
    if (session && !session.verified && session.user.role === "admin") throw redirect("/admin/two-factor");
    throw redirect(loginUrl(request, Boolean(token) && !session), session ? undefined : { headers: { "Set-Cookie": clearSessionCookie(secure) } });
  }
  return session;
}

/** For admin /api calls: the admin's session, or a 401 (no/expired session) or 403 (not an admin) JSON answer. */
export async function requireAdminApi(request: Request, context: Readonly<RouterContextProvider>): Promise<CurrentSession> {
  const session = await getCurrentSession(request, context);
  if (!session || !session.verified) {
    throw apiError(401, { code: "unauthorized", message: "Oturum açılmamış. Lütfen tekrar giriş yapın." });
  }
  if (session.user.role !== "admin") {
    throw apiError(403, { code: "forbidden", message: "Bu işlem için yönetici yetkisi gerekir." });
  }
  return session;
}
