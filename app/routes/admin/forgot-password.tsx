import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthFrame, useAuthSchemas } from "~/admin/auth-frame";
import { baseUrlOf, openPageData, openPageForms } from "~/admin/open-page.server";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { tooManyAttempts } from "~/auth/messages";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { normalizeEmail } from "~/auth/users.server";
import { translate } from "~/i18n/translate.server";
import { getApp } from "~/server/context";
import { hitRateLimit } from "~/server/rate-limit.server";
import { retryAfterHeaders } from "~/server/http/retry-after";

export async function loader({ request, context }: Route.LoaderArgs) {
  return openPageData(request, context);
}

/** A refused attempt's 429 carries its Retry-After (app/server/http/retry-after.ts). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, mailer, clientIp, log } = getApp(context);
  const { lng, schemas } = await openPageForms(context);
  const submission = parseWithZod(await request.formData(), { schema: schemas.forgotPassword });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const byIp = await hitRateLimit(db.kysely, `reset:ip:${clientIp}`, { limit: 10, windowMs: 60 * 60_000 });
  const byAccount = await hitRateLimit(db.kysely, `reset:acct:${normalizeEmail(submission.value.email)}`, {
    limit: 3,
    windowMs: 60 * 60_000,
  });
  if (!byIp.allowed || !byAccount.allowed) {
    const wait = Math.max(byIp.retryAfter, byAccount.retryAfter);
    return data(
      { result: submission.reply({ formErrors: [translate(lng, tooManyAttempts(wait))] }), sent: false },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  // Answered before the work is done, known address or not: the lookup and a known admin's writes
  // happen after the answer, so its timing tells nothing (and the mail is the outbox worker's).
  requestPasswordReset(db.kysely, mailer, {
    email: submission.value.email,
    baseUrl: baseUrlOf(request, env.PUBLIC_URL),
  }).catch((error: unknown) => log.error({ err: error }, "password reset request failed"));
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.forgotTitle">
      <ForgotPasswordForm actionData={actionData} />
    </AuthFrame>
  );
}

function ForgotPasswordForm({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const { t } = useTranslation("admin");
  const { forgotPassword: schema } = useAuthSchemas();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const backToLogin = t("auth.backToLogin");
  if (actionData?.sent) {
    return (
      <div className="space-y-5">
        <Alert tone="success">{t("auth.messages.resetSent")}</Alert>
        <Link to="/admin/login" className={buttonClass("secondary", "md", "w-full")}>
          {backToLogin}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("auth.forgotIntro")}</p>
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <TextField
        label={t("auth.email")}
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="email"
      />
      <button
        type="submit"
        disabled={navigation.state === "submitting"}
        className={buttonClass("primary", "md", "w-full py-2.5")}
      >
        {navigation.state === "submitting" ? t("auth.sending") : t("auth.sendResetLink")}
      </button>
      <p className="text-center text-sm">
        <Link to="/admin/login" className="font-medium text-brand-strong hover:underline admin-dark:text-brand">
          {backToLogin}
        </Link>
      </p>
    </Form>
  );
}
