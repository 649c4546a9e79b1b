/**
 * The back office's one guard: a React Router middleware on the admin layout
 * (app/routes/admin/layout.tsx). React Router runs a route's ancestors' middleware before any of
 * its loaders or actions (resource routes included), so every page, form post and export under the
 * layout is refused before it runs; loaders and actions read who is asking with `adminSession` /
 * `adminUser` instead of checking again.
 *
 * The /api admin endpoints keep `requireAdminApi` (session.server.ts): they are not under one
 * layout, several modules are public for one method and admin-only for another, and they answer
 * 401/403 JSON rather than a redirect.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getApp } from "~/server/context";
import { clearSessionCookie, readSession, tokenFrom, type CurrentSession, type SessionUser } from "./session.server";

const adminContext = createContext<CurrentSession>();

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
 * Only a signed-in, verified admin passes; anyone else goes to the login page, which brings them
 * back here afterwards (a non-admin account is refused the same way), and a session still owing its
 * two-factor code continues at the code step.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, env } = getApp(context);
  const token = await tokenFrom(request, env.SESSION_SECRET);
  const session = await readSession(db.kysely, token);
  if (!session || !session.verified || session.user.role !== "admin") {
    if (session && !session.verified && session.user.role === "admin") throw redirect("/admin/two-factor");
    const secure = env.NODE_ENV === "production";
    throw redirect(loginUrl(request, Boolean(token) && !session), session ? undefined : { headers: { "Set-Cookie": clearSessionCookie(secure) } });
  }
  context.set(adminContext, session);
  return next();
};

/** The admin's session, for loaders and actions under the admin layout (set by `adminGuard`). */
export function adminSession(context: Readonly<RouterContextProvider>): CurrentSession {
  return context.get(adminContext);
}

/** The signed-in admin, for loaders and actions under the admin layout. */
export function adminUser(context: Readonly<RouterContextProvider>): SessionUser {
  return adminSession(context).user;
}
