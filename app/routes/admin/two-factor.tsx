import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { AuthFrame, useAuthSchemas } from "~/admin/auth-frame";
import { adminMessage } from "~/admin/i18n.server";
import { openPageData, openPageForms } from "~/admin/open-page.server";
import { TotpSetup } from "~/admin/totp-setup";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { safeAdminRedirect } from "~/auth/schemas";
import { getCurrentSession } from "~/auth/session.server";
import { beginEnrolment, checkTotpCode, isTotpEnabled, verifySession } from "~/auth/two-factor.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

/** The second sign-in step: a half-open admin session (password done, code owed). */
async function pendingSession(request: Request, context: Route.LoaderArgs["context"]) {
  const session = await getCurrentSession(request, context);
  if (!session || session.user.role !== "admin") throw redirect("/admin/login");
  if (session.verified) throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return session;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await pendingSession(request, context);
  const db = getApp(context).db.kysely;
  const enrolled = await isTotpEnabled(db, session.user.id);
  const { general } = await getSettings(db);
  const enrolment = enrolled ? null : await beginEnrolment(db, session.user.id, general.siteName);
  return { ...(await openPageData(request, context)), enrolment: enrolment && { qrSvg: enrolment.qrSvg, secret: enrolment.secret } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await pendingSession(request, context);
  const db = getApp(context).db.kysely;
  const { lng, schemas } = await openPageForms(context);
  const submission = parseWithZod(await request.formData(), { schema: schemas.totpCode });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const error = await checkTotpCode(db, session.user.id, submission.value.code);
  if (error) return data({ result: submission.reply({ formErrors: [adminMessage(lng, error)], hideFields: ["code"] }) }, { status: 401 });
  await verifySession(db, session.id);
  throw redirect(safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")));
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.twoFactorTitle">
      <TwoFactorForm enrolment={loaderData.enrolment} actionData={actionData} />
    </AuthFrame>
  );
}

function TwoFactorForm({ enrolment, actionData }: { enrolment: Route.ComponentProps["loaderData"]["enrolment"] } & Pick<Route.ComponentProps, "actionData">) {
  const { t } = useTranslation("admin");
  const { totpCode: schema } = useAuthSchemas();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {enrolment ? (
          <TotpSetup qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
        ) : (
          <p className="text-sm text-slate-700 admin-dark:text-slate-300">{t("auth.twoFactorPrompt")}</p>
        )}
        {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
        <TextField
          label={t("twoFactor.code")}
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: "text" })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
        />
        <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", "w-full py-2.5")}>
          {navigation.state === "submitting" ? t("auth.verifying") : t("auth.verify")}
        </button>
      </Form>
      <Form method="post" action="/admin/logout" className="mt-4 text-center">
        <button type="submit" className="text-sm font-medium text-slate-600 hover:underline admin-dark:text-slate-400">
          {t("auth.cancelAndLogout")}
        </button>
      </Form>
    </>
  );
}
