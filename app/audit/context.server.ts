/**
 * Who is changing data, for the write functions' optional `audit`: the signed-in staff member
 * (name, else e-mail) and the client address of the request.
 */
import type { RouterContextProvider } from "react-router";
import { adminSession } from "~/auth/guard.server";
import type { CurrentSession } from "~/auth/session.server";
import { getApp } from "~/server/context";
import { staffActor, type AuditContext } from "./audit.server";

/** For back-office actions (under the admin layout, whose guard set the session). */
export function adminAudit(context: Readonly<RouterContextProvider>): AuditContext {
  return sessionAudit(context, adminSession(context));
}

/** For /api calls: the session `requireApi` answered. */
export function sessionAudit(context: Readonly<RouterContextProvider>, session: Pick<CurrentSession, "user">): AuditContext {
  return { actor: staffActor(session.user), ip: getApp(context).clientIp };
}
