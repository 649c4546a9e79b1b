/**
 * The partner portal's sign-out (issue 33): a POST ends the session and clears the cookie; a GET
 * (a link, a prefetch) never signs out and goes back to the portal.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/audit/auth-audit.server";
import { clearSessionCookie, tokenFrom } from "~/auth/session.server";
import { getApp } from "~/server/context";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, clientIp } = getApp(context);
  await signOut(db.kysely, await tokenFrom(request, env.SESSION_SECRET), clientIp);
  throw redirect("/partner/login?signedOut=1", { headers: { "Set-Cookie": clearSessionCookie(env.NODE_ENV === "production") } });
}

export function loader() {
  throw redirect("/partner");
}
