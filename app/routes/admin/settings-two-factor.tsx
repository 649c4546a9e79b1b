import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/settings-two-factor";
import { openPageForms } from "~/admin/open-page.server";
import { RecoveryCodes } from "~/admin/recovery-codes";
import { TotpEnrolForm } from "~/admin/totp-setup";
import { AdminPage, Alert, Card, buttonClass } from "~/admin/ui";
import { adminSession } from "~/auth/guard.server";
import { beginEnrolment, checkTotpCode, endOtherSessions, countRecoveryCodes, generateRecoveryCodes, isTotpEnabled } from "~/auth/two-factor.server";
import { translate } from "~/i18n/translate.server";
import { recordTwoFactor } from "~/audit/auth-audit.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

const BACK = "/admin/settings?tab=security";

/**
 * The signed-in, verified admin's authenticator app. Not enrolled yet (or `?setup=1` for a new
 * device): a secret is shown as a QR code and becomes active once a code from the app is confirmed,
 * then ten recovery codes are shown once. Enrolled: how many recovery codes are left, and new ones.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = adminSession(context);
  const db = getApp(context).db.kysely;
  const enrolled = await isTotpEnabled(db, session.user.id);
  const newDevice = new URL(request.url).searchParams.get("setup") === "1";
  if (enrolled && !newDevice) return { enrolled, remaining: await countRecoveryCodes(db, session.user.id), setup: null };
  const { general } = await getSettings(db);
  const enrolment = await beginEnrolment(db, session.user.id, general.siteName, enrolled);
  return { enrolled: false, remaining: 0, setup: { qrSvg: enrolment.qrSvg, secret: enrolment.secret } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = adminSession(context);
  const db = getApp(context).db.kysely;
  const { lng, schemas } = await openPageForms(context);
  const formData = await request.formData();
  if (formData.get("intent") === "recovery") {
    if (!(await isTotpEnabled(db, session.user.id))) return data({ result: null, enabled: false, codes: null }, { status: 400 });
    const codes = await generateRecoveryCodes(db, session.user.id);
    await recordTwoFactor(db, session.user, "auth.2fa.recovery", getApp(context).clientIp);
    return { result: null, enabled: false, codes };
  }
  const submission = parseWithZod(formData, { schema: schemas.totpCode });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }), enabled: false, codes: null }, { status: 400 });
  const error = await checkTotpCode(db, session.user.id, submission.value.code);
  if (error) {
    return data({ result: submission.reply({ formErrors: [translate(lng, error)], hideFields: ["code"] }), enabled: false, codes: null }, { status: 400 });
  }
  await endOtherSessions(db, session.user.id, session.id);
  const codes = await generateRecoveryCodes(db, session.user.id);
  await recordTwoFactor(db, session.user, "auth.2fa.enable", getApp(context).clientIp);
  return { result: submission.reply({ resetForm: true }), enabled: true, codes };
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  // Reloading after the code would make a new secret; the confirmed one must stay on screen.
  if (actionResult) return false;
  return defaultShouldRevalidate;
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("twoFactor.title")}>
      <title>{t("twoFactor.title")}</title>
      <Card className="max-w-xl">
        {actionData?.codes ? (
          <RecoveryCodes codes={actionData.codes} next={BACK} nextLabel="twoFactor.back" justEnabled={actionData.enabled} />
        ) : loaderData.setup ? (
          <EnrolForm setup={loaderData.setup} actionData={actionData} />
        ) : (
          <div className="space-y-4">
            <Alert tone="success">{t("twoFactor.active")}</Alert>
            <p className="text-sm text-slate-700 admin-dark:text-slate-300">{t("twoFactor.recoveryRemaining", { n: loaderData.remaining })}</p>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="recovery" />
                <button type="submit" className={buttonClass("primary")}>
                  {t("twoFactor.regenerate")}
                </button>
              </Form>
              <Link to="/admin/settings/two-factor?setup=1" className={buttonClass("secondary")}>
                {t("twoFactor.reenrol")}
              </Link>
              <Link to={BACK} className={buttonClass("secondary")}>
                {t("twoFactor.back")}
              </Link>
            </div>
          </div>
        )}
      </Card>
    </AdminPage>
  );
}

function EnrolForm({ setup, actionData }: { setup: { qrSvg: string; secret: string } } & Pick<Route.ComponentProps, "actionData">) {
  const { t } = useTranslation("admin");
  return (
    <TotpEnrolForm
      id="totp-enrol"
      setup={setup}
      lastResult={actionData?.result}
      actions={
        <Link to={BACK} className={buttonClass("secondary")}>
          {t("twoFactor.back")}
        </Link>
      }
    />
  );
}
