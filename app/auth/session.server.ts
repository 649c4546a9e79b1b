/**
 * Server-side sessions (table `sessions`). The browser holds only a random token in an httpOnly,
 * SameSite=Lax cookie (Secure in production) signed with SESSION_SECRET (session-cookie.server.ts);
 * API clients send the same token, unsigned, as a bearer header.
 * The database keeps the token's SHA-256, so a leaked table opens no session.
 * Lifetime: settings.security.sessionTimeout minutes, sliding; "remember me" sessions last 30 days.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { RouterContextProvider } from "react-router";
import { problem } from "~/i18n/problem";
import { apiProblem } from "~/server/api";
import { AUTH } from "./messages";
import { can, type Permission } from "./policy";
import { getApp } from "~/server/context";
import { fromBool, toBool } from "~/server/db/convert";
import type { Database, UserRole } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { hashToken } from "~/utils/token";
import { REMEMBER_DAYS, tokenFromCookieHeader } from "./session-cookie.server";

export { clearSessionCookie, REMEMBER_DAYS, SESSION_COOKIE, sessionCookie, sessionSecrets, signedSessionValue } from "./session-cookie.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  role: UserRole;
  /** a partner user's partner (issue 33); null for staff and drivers */
  partnerId: string | null;
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
      "users.active",
      "users.partner_id",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  // A switched-off account's sessions end at once (deactivation also deletes them).
  if (row.expires_at <= now.toISOString() || !toBool(row.active)) {
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
    user: { id: row.user_id, email: row.email, name: row.name, phone: row.phone, role: row.role, partnerId: row.partner_id },
  };
}

/**
 * Which of these sessions (by id) are still open, with their account's role: not expired, signed
 * in to the end (two-factor done), the account active. Unlike `readSession` it does not slide
 * them: a live stream re-checks its session (app/admin/live.server.ts) without keeping it alive.
 */
export async function openSessionRoles(db: Kysely<Database>, ids: readonly string[], now = new Date()): Promise<Map<string, UserRole>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id", "sessions.expires_at", "sessions.verified", "users.role", "users.active"])
    .where("sessions.id", "in", [...ids])
    .execute();
  const open = new Map<string, UserRole>();
  for (const row of rows) if (row.expires_at > now.toISOString() && toBool(row.verified) && toBool(row.active)) open.set(row.id, row.role);
  return open;
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

/**
 * For staff /api calls: the session of an account whose role may do `permission` (policy.ts), or a
 * 401 (no/expired session) or 403 (the role may not) JSON answer.
 */
export async function requireApi(request: Request, context: Readonly<RouterContextProvider>, permission: Permission): Promise<CurrentSession> {
  const session = await getCurrentSession(request, context);
  if (!session || !session.verified) {
    throw apiProblem(401, "unauthorized", problem(AUTH.notSignedIn));
  }
  if (!can(session.user.role, permission)) {
    throw apiProblem(403, "forbidden", problem(AUTH.forbidden));
  }
  return session;
}
