import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthFrame } from "~/admin/auth-frame";
import { adminLanguage } from "~/admin/i18n.server";
import { baseUrlOf, openPageData } from "~/admin/open-page.server";
import { Alert, Checkbox, TextField, buttonClass } from "~/admin/ui";
import { signIn, startAdminSession } from "~/auth/login.server";
import { AUTH } from "~/auth/messages";
import { homeFor, usesBackOffice } from "~/auth/policy";
import { loginSchema, safeAdminRedirect } from "~/auth/schemas";
import { getCurrentSession, sessionCookie } from "~/auth/session.server";
import { ENROL_PATH, isTotpEnabled, sendEnrolmentLink } from "~/auth/two-factor.server";
import { problem } from "~/i18n/problem";
import { translate } from "~/i18n/translate.server";
import { getApp } from "~/server/context";
import { retryAfterHeaders } from "~/server/http/retry-after";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getCurrentSession(request, context);
  const url = new URL(request.url);
  const redirectTo = safeAdminRedirect(url.searchParams.get("redirectTo"));
  if (session?.verified) throw redirect(usesBackOffice(session.user.role) ? redirectTo : homeFor(session.user.role));
  const notice = url.searchParams.get("reset") === "1" ? "resetDone" : url.searchParams.get("expired") === "1" ? "sessionExpired" : null;
  return { ...(await openPageData(request, context)), redirectTo, notice };
}

/** A refused attempt's 429 carries its Retry-After (app/server/http/retry-after.ts). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, log, clientIp, mailer } = getApp(context);
  let result;
  try {
    // The form strategy parses the form (loginSchema) and checks the password, once.
    result = await signIn(db.kysely, request, clientIp, log);
  } catch (error) {
    log.error({ err: error }, "login failed unexpectedly");
    const lng = await adminLanguage(db.kysely);
    return data({ result: { status: "error" as const, error: { "": [translate(lng, problem(AUTH.loginError))] } } }, { status: 500 });
  }
  if (!result.ok) {
    const { error, submission } = result;
    // Field problems stay codes (the error list shows them in the admin language); the refusal is said here.
    const formErrors = error.status === 400 ? undefined : [translate(await adminLanguage(db.kysely), error.problem)];
    return data(
      { result: submission.reply({ ...(formErrors ? { formErrors } : {}), hideFields: ["password"] }) },
      { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
    );
  }
  const { user, remember, redirectTo } = result;
  const session = await startAdminSession(db.kysely, user, { remember, ip: clientIp, userAgent: request.headers.get("user-agent") });
  const cookie = await sessionCookie(env.SESSION_SECRET, session.token, remember, env.NODE_ENV === "production");
  // A driver has no back office: their trips are at /driver.
  // Without a page to go back to, each role lands on its home (a driver on /driver).
  let next = usesBackOffice(user.role) ? safeAdminRedirect(redirectTo, homeFor(user.role)) : homeFor(user.role);
  if (session.needsTwoFactor) {
    const enrolled = await isTotpEnabled(db.kysely, user.id);
    // Coming from a setup link (it asked to sign in first): straight back to it.
    const enrolling = !enrolled && next.startsWith(ENROL_PATH);
    if (!enrolled && !enrolling) {
      // No app yet: a password alone is not shown a secret; the setup link goes to the mailbox.
      await sendEnrolmentLink(db.kysely, mailer, { userId: user.id, baseUrl: baseUrlOf(request, env.PUBLIC_URL) }).catch((error: unknown) =>
        log.error({ err: error }, "two-factor enrolment mail failed"),
      );
    }
    if (!enrolling) next = `/admin/two-factor?redirectTo=${encodeURIComponent(next)}`;
  }
  return redirect(next, { headers: { "Set-Cookie": cookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.loginTitle">
      <LoginForm loaderData={loaderData} actionData={actionData} />
    </AuthFrame>
  );
}

function LoginForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation("admin");
  const schema = loginSchema;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const [showPassword, setShowPassword] = useState(false);
  // The server's message stays until the user edits a field (spec §4).
  const [editedAfterReply, setEditedAfterReply] = useState<unknown>(null);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(schema),
    defaultValue: { redirectTo: loaderData.redirectTo },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const banner = actionData?.result && editedAfterReply !== actionData.result ? (form.errors ?? []) : [];
  return (
    <Form method="post" {...getFormProps(form)} onInput={() => setEditedAfterReply(actionData?.result)} className="space-y-5">
      {loaderData.notice && !actionData ? (
        <Alert tone={loaderData.notice === "resetDone" ? "success" : "info"}>{t(`auth.messages.${loaderData.notice}`)}</Alert>
      ) : null}
      {banner.length > 0 ? <Alert tone="error">{banner[0]}</Alert> : null}
      <input {...getInputProps(fields.redirectTo, { type: "hidden" })} />
      <TextField label={t("auth.email")} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="username" />
      <div>
        <div className="relative">
          <TextField
            label={t("auth.password")}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: showPassword ? "text" : "password" })}
            autoComplete="current-password"
            className="[&_input]:pr-24"
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-pressed={showPassword}
            aria-controls={fields.password.id}
            className="absolute top-7 right-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 admin-dark:text-slate-300 admin-dark:hover:bg-slate-800"
          >
            {showPassword ? t("auth.hidePassword") : t("auth.showPassword")}
          </button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-4">
        <Checkbox label={t("auth.remember")} {...getInputProps(fields.remember, { type: "checkbox" })} />
        <Link to="/admin/forgot-password" className="text-sm font-medium text-brand-strong hover:underline admin-dark:text-brand">
          {t("auth.forgotPassword")}
        </Link>
      </div>
      <button type="submit" disabled={submitting} className={buttonClass("primary", "md", "w-full py-2.5")}>
        {submitting ? t("auth.signingIn") : t("auth.signIn")}
      </button>
    </Form>
  );
}
