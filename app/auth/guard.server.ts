/**
 * The back office's one guard (roles decided by policy.ts): a React Router middleware on the admin layout
 * (app/routes/admin/layout.tsx). React Router runs a route's ancestors' middleware before any of
 * its loaders or actions (resource routes included), so every page, form post and export under the
 * layout is refused before it runs; loaders and actions read who is asking with `adminSession` /
 * `adminUser` instead of checking again.
 *
 * The /api staff endpoints call `requireApi` (session.server.ts) with their permission: they are not under one
 * layout, several modules are public for one method and admin-only for another, and they answer
 * 401/403 JSON rather than a redirect.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { adminLanguage } from "~/admin/i18n.server";
import { getApp } from "~/server/context";
import { can, homeFor, pagePermission, usesBackOffice, type Permission } from "./policy";
import { clearSessionCookie, readSession, tokenFrom, type CurrentSession, type SessionUser } from "./session.server";

const adminContext = createContext<CurrentSession>();

/**
 * The 403 page's data: where the role may go instead and, because a refusal by the middleware comes
 * before the layout's loader, the admin language its texts are in.
 */
async function forbiddenPage(context: Readonly<RouterContextProvider>, role: string) {
  const lng = await adminLanguage(getApp(context).db.kysely);
  return { forbidden: true, home: homeFor(role), lng };
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
 * A signed-in, verified account passes when its role may use this page for this method
 * (policy.ts `ADMIN_PAGES`, by the matched route pattern); no session (or an expired one) goes to the
 * login page, which brings the user back here afterwards; a session still owing its two-factor code
 * continues at the code step; a driver is sent to their trips; any other refusal is a 403 page.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const { db, env } = getApp(context);
  const token = await tokenFrom(request, env.SESSION_SECRET);
  const session = await readSession(db.kysely, token);
  if (!session) {
    const secure = env.NODE_ENV === "production";
    throw redirect(loginUrl(request, Boolean(token)), { headers: { "Set-Cookie": clearSessionCookie(secure) } });
  }
  if (!session.verified) throw redirect("/admin/two-factor");
  const permission = pagePermission(pattern, request.method);
  if (!permission || !can(session.user.role, permission)) {
    if (!usesBackOffice(session.user.role)) throw redirect(homeFor(session.user.role));
    throw data(await forbiddenPage(context, session.user.role), { status: 403 });
  }
  context.set(adminContext, session);
  return next();
};

/** Refuses (403) an action that needs more than its page does, e.g. a delete posted to a list. */
export function requirePermission(context: Readonly<RouterContextProvider>, permission: Permission): CurrentSession {
  const session = adminSession(context);
  if (!can(session.user.role, permission)) throw data({ forbidden: true, home: homeFor(session.user.role) }, { status: 403 });
  return session;
}

/** Whether the signed-in staff member may do this (to show or hide a control). */
export const adminCan = (context: Readonly<RouterContextProvider>, permission: Permission): boolean => can(adminSession(context).user.role, permission);

/** The admin's session, for loaders and actions under the admin layout (set by `adminGuard`). */
export function adminSession(context: Readonly<RouterContextProvider>): CurrentSession {
  return context.get(adminContext);
}

/** The signed-in admin, for loaders and actions under the admin layout. */
export function adminUser(context: Readonly<RouterContextProvider>): SessionUser {
  return adminSession(context).user;
}
