import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { safeAdminRedirect } from "~/auth/schemas";
import { themeCookie } from "~/admin/theme.server";
import { getApp } from "~/server/context";

/** The top bar's dark/light toggle: remembered in a cookie for this browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  const back = safeAdminRedirect(form.get("redirectTo"));
  if (theme !== "dark" && theme !== "light") return data({ ok: false }, { status: 400 });
  throw redirect(back, { headers: { "Set-Cookie": themeCookie(theme, getApp(context).env.NODE_ENV === "production") } });
}

export function loader() {
  throw redirect("/admin/dashboard");
}
