import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthFrame } from "~/admin/auth-frame";
import { openPageData } from "~/admin/open-page.server";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { AUTH_TEXT } from "~/auth/messages";
import { findResetToken, resetPassword } from "~/auth/password-reset.server";
import { newPasswordSchema } from "~/auth/schemas";
import { getApp } from "~/server/context";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const valid = Boolean(await findResetToken(getApp(context).db.kysely, params.token));
  return { ...(await openPageData(request, context)), valid };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: false }, { status: 400 });
  }
  const done = await resetPassword(db.kysely, params.token, submission.value.password);
  if (!done) return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: true }, { status: 410 });
  throw redirect("/admin/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(newPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const invalid = !loaderData.valid || actionData?.invalid;
  return (
    <AuthFrame theme={loaderData.theme} siteName={loaderData.siteName} catalogue={loaderData.catalogue} title="Yeni şifre belirle">
      {invalid ? (
        <div className="space-y-5">
          <Alert tone="error">{AUTH_TEXT.resetInvalid}</Alert>
          <Link to="/admin/forgot-password" className={buttonClass("primary", "md", "w-full")}>
            Yeni bağlantı iste
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <TextField
            label="Yeni Şifre"
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="new-password"
          />
          <TextField
            label="Yeni Şifre (Tekrar)"
            errors={fields.confirmPassword.errors}
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            autoComplete="new-password"
          />
          <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", "w-full py-2.5")}>
            {navigation.state === "submitting" ? "Kaydediliyor..." : "Şifreyi kaydet"}
          </button>
        </Form>
      )}
    </AuthFrame>
  );
}
