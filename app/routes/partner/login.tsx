/**
 * The partner portal's sign-in (issue 33), in the visitor's language: the same accounts, password
 * check and throttling as the office's sign-in (app/auth/login.server.ts), landing in /partner.
 * Office staff who sign in here go to their own home.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { signIn, startAdminSession } from "~/auth/login.server";
import { homeFor } from "~/auth/policy";
import { getCurrentSession, sessionCookie } from "~/auth/session.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { translate } from "~/i18n/translate.server";
import { portalRedirect } from "~/partners/portal.server";
import { portalButton, portalCard, portalInput, portalMeta, PortalNotice } from "~/partners/portal-view";
import { getApp } from "~/server/context";
import { retryAfterHeaders } from "~/server/http/retry-after";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = await getCurrentSession(request, context);
  if (session?.verified && session.user.partnerId) throw redirect(portalRedirect(url.searchParams.get("redirectTo")));
  const t = getInstance(context).getFixedT(null, "portal");
  const notice = url.searchParams.get("inactive") === "1" ? "inactive" : url.searchParams.get("signedOut") === "1" ? "signedOut" : url.searchParams.get("welcome") === "1" ? "welcome" : null;
  return { title: t("login.title"), redirectTo: portalRedirect(url.searchParams.get("redirectTo")), notice };
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, log, clientIp } = getApp(context);
  const lang = getLanguage(context);
  const form = await request.clone().formData();
  const email = String(form.get("email") ?? "").slice(0, 200);
  const result = await signIn(db.kysely, request, clientIp, log);
  if (!result.ok) {
    const fields = Object.fromEntries(Object.entries(result.fields).map(([field, list]) => [field, list.map((p) => translate(lang, p))]));
    const message = result.error.status === 400 ? null : translate(lang, result.error.problem);
    return data({ email, fields, message }, { status: result.error.status, headers: result.error.retryAfter ? { "Retry-After": String(result.error.retryAfter) } : undefined });
  }
  const { user, remember } = result;
  const session = await startAdminSession(db.kysely, user, { remember, ip: clientIp, userAgent: request.headers.get("user-agent") });
  const cookie = await sessionCookie(env.SESSION_SECRET, session.token, remember, env.NODE_ENV === "production");
  const home = user.role === "partner" ? portalRedirect(form.get("redirectTo")) : homeFor(user.role);
  const next = session.needsTwoFactor ? `/admin/two-factor?redirectTo=${encodeURIComponent(home)}` : home;
  return redirect(next, { headers: { "Set-Cookie": cookie } });
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => actionData?.fields?.[name]?.[0];
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className={`${portalCard} w-full max-w-md`}>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("login.title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("login.lead")}</p>
        <div className="mt-4 space-y-3">
          {loaderData.notice && !actionData ? <PortalNotice tone={loaderData.notice === "inactive" ? "error" : "success"}>{t(`login.notices.${loaderData.notice}`)}</PortalNotice> : null}
          {actionData?.message ? <PortalNotice tone="error">{actionData.message}</PortalNotice> : null}
        </div>
        <Form method="post" className="mt-5 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div>
            <label htmlFor="partner-email" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("login.email")}
            </label>
            <input id="partner-email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email ?? ""} aria-invalid={fieldError("email") ? true : undefined} aria-describedby={fieldError("email") ? "partner-email-error" : undefined} className={`${portalInput} mt-1`} />
            {fieldError("email") ? (
              <p id="partner-email-error" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                {fieldError("email")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="partner-password" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("login.password")}
            </label>
            <input id="partner-password" name="password" type="password" autoComplete="current-password" required aria-invalid={fieldError("password") ? true : undefined} aria-describedby={fieldError("password") ? "partner-password-error" : undefined} className={`${portalInput} mt-1`} />
            {fieldError("password") ? (
              <p id="partner-password-error" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                {fieldError("password")}
              </p>
            ) : null}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input type="checkbox" name="remember" className="h-4 w-4" /> {t("login.remember")}
          </label>
          <button type="submit" className={`${portalButton} w-full`} disabled={busy}>
            {busy ? t("login.signingIn") : t("login.submit")}
          </button>
        </Form>
        <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">
          {t("login.forgot")}{" "}
          <Link to="/contact" className="font-semibold text-amber-700 underline dark:text-amber-300">
            {t("login.contact")}
          </Link>
        </p>
      </div>
    </div>
  );
}
