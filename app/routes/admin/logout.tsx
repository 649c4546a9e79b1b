import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearSessionCookie, destroySession, tokenFrom } from "~/auth/session.server";
import { getApp } from "~/server/context";

/** Sign-out (after the shell's confirm dialog): deletes the session and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = getApp(context);
  await destroySession(db.kysely, tokenFrom(request));
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(env.NODE_ENV === "production") } });
}

/** A GET never signs out (a link or prefetch must not end the session). */
export function loader() {
  throw redirect("/admin/dashboard");
}
