import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/settings-two-factor";
import { useAuthSchemas } from "~/admin/auth-frame";
import { adminMessage } from "~/admin/i18n.server";
import { openPageForms } from "~/admin/open-page.server";
import { TotpSetup } from "~/admin/totp-setup";
import { AdminPage, Alert, Card, TextField, buttonClass } from "~/admin/ui";
import { requireAdmin } from "~/auth/session.server";
import { beginEnrolment, checkTotpCode } from "~/auth/two-factor.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

/**
 * Enrolling (or re-enrolling) the signed-in admin's authenticator app: a fresh secret is shown as a
 * QR code and becomes active once a code from the app is confirmed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const db = getApp(context).db.kysely;
  const { general } = await getSettings(db);
  const url = new URL(request.url);
  const enrolment = await beginEnrolment(db, session.user.id, general.siteName, url.searchParams.get("done") !== "1");
  return { qrSvg: enrolment.qrSvg, secret: enrolment.secret, done: url.searchParams.get("done") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const db = getApp(context).db.kysely;
  const { lng, schemas } = await openPageForms(context);
  const submission = parseWithZod(await request.formData(), { schema: schemas.totpCode });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }), enabled: false }, { status: 400 });
  const error = await checkTotpCode(db, session.user.id, submission.value.code);
  if (error) return data({ result: submission.reply({ formErrors: [adminMessage(lng, error)], hideFields: ["code"] }), enabled: false }, { status: 400 });
  return { result: submission.reply({ resetForm: true }), enabled: true };
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  // Reloading after the code would make a new secret; the confirmed one must stay on screen.
  if (actionResult) return false;
  return defaultShouldRevalidate;
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { totpCode: schema } = useAuthSchemas();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "totp-enrol",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <AdminPage title={t("twoFactor.title")}>
      <title>{t("twoFactor.title")}</title>
      <Card className="max-w-xl">
        {actionData?.enabled ? (
          <div className="space-y-4">
            <Alert tone="success">{t("twoFactor.enabled")}</Alert>
            <Link to="/admin/settings?tab=security" className={buttonClass("secondary", "sm")}>
              {t("twoFactor.back")}
            </Link>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <TotpSetup qrSvg={loaderData.qrSvg} secret={loaderData.secret} />
            {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
            <TextField
              label={t("twoFactor.code")}
              errors={fields.code.errors}
              {...getInputProps(fields.code, { type: "text" })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonClass("primary")} disabled={navigation.state === "submitting"}>
                {t("twoFactor.activate")}
              </button>
              <Link to="/admin/settings?tab=security" className={buttonClass("secondary")}>
                {t("twoFactor.back")}
              </Link>
            </div>
          </Form>
        )}
      </Card>
    </AdminPage>
  );
}
