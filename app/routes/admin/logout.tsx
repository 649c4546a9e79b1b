import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { AuthFrame } from "~/admin/auth-frame";
import { openPageData } from "~/admin/open-page.server";
import { Alert, buttonClass } from "~/admin/ui";
import { signOut } from "~/audit/auth-audit.server";
import { clearSessionCookie, tokenFrom } from "~/auth/session.server";
import { getApp } from "~/server/context";

/** Sign-out (after the shell's confirm dialog): deletes the session and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, log, clientIp } = getApp(context);
  try {
    await signOut(db.kysely, await tokenFrom(request, env.SESSION_SECRET), clientIp);
  } catch (error) {
    // The session could not be ended on the server: say so and keep the cookie, so a retry works.
    log.error({ err: error }, "sign-out failed");
    const fallback = { adminLang: "tr" as const, theme: "dark" as const, siteName: "" };
    return data({ ...(await openPageData(request, context).catch(() => fallback)), failed: true }, { status: 500 });
  }
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(env.NODE_ENV === "production") } });
}

/** A GET never signs out (a link or prefetch must not end the session). */
export function loader() {
  throw redirect("/admin/dashboard");
}

export default function Logout({ actionData }: Route.ComponentProps) {
  if (!actionData) return null;
  return (
    <AuthFrame page={actionData} title="shell.logout">
      <LogoutFailed />
    </AuthFrame>
  );
}

function LogoutFailed() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-5">
      <Alert tone="error">{t("auth.messages.logoutError")}</Alert>
      <Form method="post" action="/admin/logout">
        <button type="submit" className={buttonClass("primary", "md", "w-full")}>
          {t("auth.retry")}
        </button>
      </Form>
      <Link to="/admin/dashboard" className={buttonClass("secondary", "md", "w-full")}>
        {t("nav.dashboard")}
      </Link>
    </div>
  );
}
