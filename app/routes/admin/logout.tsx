import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { AuthFrame } from "~/admin/auth-frame";
import { openPageData } from "~/admin/open-page.server";
import { Alert, buttonClass } from "~/admin/ui";
import { AUTH_TEXT } from "~/auth/messages";
import { clearSessionCookie, destroySession, tokenFrom } from "~/auth/session.server";
import { getApp } from "~/server/context";

/** Sign-out (after the shell's confirm dialog): deletes the session and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, log } = getApp(context);
  try {
    await destroySession(db.kysely, tokenFrom(request));
  } catch (error) {
    // The session could not be ended on the server: say so and keep the cookie, so a retry works.
    log.error({ err: error }, "sign-out failed");
    return data({ ...(await openPageData(request, context).catch(() => fallbackPage)), failed: true }, { status: 500 });
  }
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(env.NODE_ENV === "production") } });
}

const fallbackPage = { adminLang: "tr" as const, catalogue: {}, theme: "dark" as const, siteName: "" };

/** A GET never signs out (a link or prefetch must not end the session). */
export function loader() {
  throw redirect("/admin/dashboard");
}

export default function Logout({ actionData }: Route.ComponentProps) {
  if (!actionData) return null;
  return (
    <AuthFrame theme={actionData.theme} siteName={actionData.siteName} catalogue={actionData.catalogue} title="Çıkış Yap">
      <div className="space-y-5">
        <Alert tone="error">{AUTH_TEXT.logoutError}</Alert>
        <Form method="post" action="/admin/logout">
          <button type="submit" className={buttonClass("primary", "md", "w-full")}>
            Tekrar dene
          </button>
        </Form>
        <Link to="/admin/dashboard" className={buttonClass("secondary", "md", "w-full")}>
          Dashboard
        </Link>
      </div>
    </AuthFrame>
  );
}
