/**
 * A partner user's first step (issue 33): the invitation's link opens this page in the partner's
 * language; the user chooses a password (the staff's set-password token and rules,
 * app/auth/password-reset.server.ts) and signs in at /partner/login.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/welcome.$token";
import { findResetToken, resetPassword } from "~/auth/password-reset.server";
import { PASSWORD_MIN } from "~/auth/schemas";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/resources";
import { getInstance } from "~/i18n/i18next.server";
import { portalButton, portalCard, portalInput, portalMeta, PortalNotice, portalSecondaryButton } from "~/partners/portal-view";
import { getApp } from "~/server/context";

export const handle: I18nHandle = { i18n: ["portal"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "portal");
  const row = await findResetToken(getApp(context).db.kysely, params.token);
  return { title: t("welcome.title"), valid: Boolean(row), minLength: PASSWORD_MIN };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirmPassword") ?? "");
  const fields: Record<string, string> = {};
  if (password.length < PASSWORD_MIN || password.length > 200) fields.password = "welcome.errors.tooShort";
  else if (password !== confirm) fields.confirmPassword = "welcome.errors.differ";
  if (Object.keys(fields).length > 0) return data({ fields, expired: false }, { status: 400 });
  const done = await resetPassword(getApp(context).db.kysely, params.token, password);
  if (!done) return data({ fields: {}, expired: true }, { status: 410 });
  throw redirect("/partner/login?welcome=1");
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  return portalMeta(data?.title, matches, location);
}

export default function PartnerWelcome({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal");
  const busy = useNavigation().state === "submitting";
  const expired = !loaderData.valid || actionData?.expired;
  const error = (name: string) => (actionData?.fields as Record<string, string> | undefined)?.[name];
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className={`${portalCard} w-full max-w-md`}>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("welcome.title")}</h1>
        {expired ? (
          <div className="mt-4 space-y-4">
            <PortalNotice tone="error">{t("welcome.expired")}</PortalNotice>
            <Link to="/partner/login" className={portalSecondaryButton}>
              {t("welcome.toLogin")}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("welcome.lead", { count: loaderData.minLength })}</p>
            <Form method="post" className="mt-5 space-y-4" noValidate>
              {(["password", "confirmPassword"] as const).map((name) => (
                <div key={name}>
                  <label htmlFor={`welcome-${name}`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                    {t(`welcome.${name}`)}
                  </label>
                  <input
                    id={`welcome-${name}`}
                    name={name}
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={loaderData.minLength}
                    aria-invalid={error(name) ? true : undefined}
                    aria-describedby={error(name) ? `welcome-${name}-error` : undefined}
                    className={`${portalInput} mt-1`}
                  />
                  {error(name) ? (
                    <p id={`welcome-${name}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                      {t(error(name)!, { count: loaderData.minLength })}
                    </p>
                  ) : null}
                </div>
              ))}
              <button type="submit" className={`${portalButton} w-full`} disabled={busy}>
                {t("welcome.submit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
