import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthFrame, useAuthSchemas } from "~/admin/auth-frame";
import { openPageData, openPageForms } from "~/admin/open-page.server";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { findResetToken, resetPassword } from "~/auth/password-reset.server";
import { getApp } from "~/server/context";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const valid = Boolean(await findResetToken(getApp(context).db.kysely, params.token));
  // A link that opens nothing is 410 Gone: the link guard counts it (app/server/http/link-guard.server.ts).
  return data({ ...(await openPageData(request, context)), valid }, { status: valid ? 200 : 410 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = getApp(context);
  const { schemas } = await openPageForms(context);
  const submission = parseWithZod(await request.formData(), { schema: schemas.newPassword });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: false }, { status: 400 });
  }
  const done = await resetPassword(db.kysely, params.token, submission.value.password);
  if (!done) return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: true }, { status: 410 });
  throw redirect("/admin/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.resetTitle">
      <ResetPasswordForm invalid={!loaderData.valid || Boolean(actionData?.invalid)} actionData={actionData} />
    </AuthFrame>
  );
}

function ResetPasswordForm({ invalid, actionData }: { invalid: boolean } & Pick<Route.ComponentProps, "actionData">) {
  const { t } = useTranslation("admin");
  const { newPassword: schema } = useAuthSchemas();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  if (invalid) {
    return (
      <div className="space-y-5">
        <Alert tone="error">{t("auth.messages.resetInvalid")}</Alert>
        <Link to="/admin/forgot-password" className={buttonClass("primary", "md", "w-full")}>
          {t("auth.requestNewLink")}
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <TextField
        label={t("settings.newPassword")}
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: "password" })}
        autoComplete="new-password"
      />
      <TextField
        label={t("settings.confirmPassword")}
        errors={fields.confirmPassword.errors}
        {...getInputProps(fields.confirmPassword, { type: "password" })}
        autoComplete="new-password"
      />
      <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", "w-full py-2.5")}>
        {navigation.state === "submitting" ? t("ui.saving") : t("auth.savePassword")}
      </button>
    </Form>
  );
}
