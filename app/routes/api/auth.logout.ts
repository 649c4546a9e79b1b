import type { Route } from "./+types/auth.logout";
import { signOut } from "~/audit/auth-audit.server";
import { clearSessionCookie, tokenFrom } from "~/auth/session.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";

/** POST /api/auth/logout: ends the session of the bearer token or cookie (harmless without one). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { db, env, clientIp } = getApp(context);
  await signOut(db.kysely, await tokenFrom(request, env.SESSION_SECRET), clientIp);
  return apiOk({ signedOut: true }, { headers: { "Set-Cookie": clearSessionCookie(env.NODE_ENV === "production") } });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
