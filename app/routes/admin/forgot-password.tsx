import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthFrame } from "~/admin/auth-frame";
import { baseUrlOf, openPageData } from "~/admin/open-page.server";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { AUTH_TEXT, tooManyAttempts } from "~/auth/messages";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { forgotPasswordSchema } from "~/auth/schemas";
import { normalizeEmail } from "~/auth/users.server";
import { getApp } from "~/server/context";
import { hitRateLimit } from "~/server/rate-limit.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return openPageData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, mailer, clientIp } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const byIp = await hitRateLimit(db.kysely, `reset:ip:${clientIp}`, { limit: 10, windowMs: 60 * 60_000 });
  const byAccount = await hitRateLimit(db.kysely, `reset:acct:${normalizeEmail(submission.value.email)}`, { limit: 3, windowMs: 60 * 60_000 });
  if (!byIp.allowed || !byAccount.allowed) {
    const wait = Math.max(byIp.retryAfter, byAccount.retryAfter);
    return data({ result: submission.reply({ formErrors: [tooManyAttempts(wait)] }), sent: false }, { status: 429 });
  }
  await requestPasswordReset(db.kysely, mailer, { email: submission.value.email, baseUrl: baseUrlOf(request, env.PUBLIC_URL) });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthFrame theme={loaderData.theme} siteName={loaderData.siteName} catalogue={loaderData.catalogue} title="Şifremi unuttum">
      {actionData?.sent ? (
        <div className="space-y-5">
          <Alert tone="success">{AUTH_TEXT.resetSent}</Alert>
          <Link to="/admin/login" className={buttonClass("secondary", "md", "w-full")}>
            Giriş sayfasına dön
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <p className="text-sm text-slate-600 admin-dark:text-slate-400">
            Hesabınızın e-posta adresini girin; şifrenizi yenilemeniz için tek kullanımlık bir bağlantı gönderelim.
          </p>
          {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
          <TextField label="E-posta" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", "w-full py-2.5")}>
            {navigation.state === "submitting" ? "Gönderiliyor..." : "Sıfırlama bağlantısı gönder"}
          </button>
          <p className="text-center text-sm">
            <Link to="/admin/login" className="font-medium text-brand-strong hover:underline admin-dark:text-brand">
              Giriş sayfasına dön
            </Link>
          </p>
        </Form>
      )}
    </AuthFrame>
  );
}
