import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/setup-two-factor";
import { AuthFrame } from "~/admin/auth-frame";
import { openPageData, openPageForms } from "~/admin/open-page.server";
import { RecoveryCodes } from "~/admin/recovery-codes";
import { TotpEnrolForm } from "~/admin/totp-setup";
import { Alert, buttonClass } from "~/admin/ui";
import { AUTH } from "~/auth/messages";
import { problem } from "~/i18n/problem";
import { safeAdminRedirect } from "~/auth/schemas";
import { getCurrentSession } from "~/auth/session.server";
import {
  beginEnrolment,
  checkTotpCode,
  claimEnrolmentToken,
  endOtherSessions,
  ENROL_PATH,
  findEnrolmentToken,
  generateRecoveryCodes,
  isTotpEnabled,
  verifySession,
} from "~/auth/two-factor.server";
import { translate } from "~/i18n/translate.server";
import { recordTwoFactor } from "~/audit/auth-audit.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

type Step = "invalid" | "otherAccount" | "already" | "enrol";

/**
 * The one-time enrolment link (mailed at a password-only sign-in, or printed by admin:create):
 * with the password session of the same account it shows the secret and QR code and asks for a
 * code; on success the session is verified and ten recovery codes are shown once.
 * Without a session it asks to sign in first and comes back here.
 */
async function enrolmentStep(request: Request, context: Route.LoaderArgs["context"], token: string) {
  const db = getApp(context).db.kysely;
  const enrolment = await findEnrolmentToken(db, token);
  if (!enrolment) return { step: "invalid" as Step };
  const session = await getCurrentSession(request, context);
  if (!session) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(ENROL_PATH + token)}`);
  if (session.user.id !== enrolment.user_id) return { step: "otherAccount" as Step };
  if (await isTotpEnabled(db, session.user.id)) return { step: "already" as Step };
  return { step: "enrol" as Step, session };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await openPageData(request, context);
  const { step, session } = await enrolmentStep(request, context, params.token);
  // A link that opens nothing is 410 Gone: the link guard counts it (app/server/http/link-guard.server.ts).
  if (step !== "enrol" || !session) return data({ ...page, step, setup: null }, { status: step === "invalid" ? 410 : 200 });
  const db = getApp(context).db.kysely;
  const { general } = await getSettings(db);
  const enrolment = await beginEnrolment(db, session.user.id, general.siteName);
  return { ...page, step, setup: { qrSvg: enrolment.qrSvg, secret: enrolment.secret } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const db = getApp(context).db.kysely;
  const { lng, schemas } = await openPageForms(context);
  const { step, session } = await enrolmentStep(request, context, params.token);
  if (step !== "enrol" || !session) return data({ result: null, codes: null, next: null }, { status: 400 });
  const submission = parseWithZod(await request.formData(), { schema: schemas.totpCode });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }), codes: null, next: null }, { status: 400 });
  const error = await checkTotpCode(db, session.user.id, submission.value.code);
  if (error) return data({ result: submission.reply({ formErrors: [translate(lng, error)], hideFields: ["code"] }), codes: null, next: null }, { status: 400 });
  if (!(await claimEnrolmentToken(db, params.token))) {
    return data({ result: submission.reply({ formErrors: [translate(lng, problem(AUTH.enrolInvalid))] }), codes: null, next: null }, { status: 400 });
  }
  await verifySession(db, session.id);
  await endOtherSessions(db, session.user.id, session.id);
  const codes = await generateRecoveryCodes(db, session.user.id);
  await recordTwoFactor(db, session.user, "auth.2fa.enable", getApp(context).clientIp);
  return { result: submission.reply({ resetForm: true }), codes, next: safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  // After a successful code the link is used up; the recovery codes must stay on screen.
  if ((actionResult as { codes?: unknown } | undefined)?.codes) return false;
  return defaultShouldRevalidate;
}

export default function SetupTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.enrolTitle">
      {actionData?.codes ? (
        <RecoveryCodes codes={actionData.codes} next={actionData.next ?? "/admin/dashboard"} />
      ) : (
        <EnrolStep loaderData={loaderData} actionData={actionData} />
      )}
    </AuthFrame>
  );
}

function EnrolStep({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation("admin");
  if (loaderData.step === "invalid" || loaderData.step === "otherAccount" || loaderData.step === "already" || !loaderData.setup) {
    const message = { invalid: "auth.messages.enrolInvalid", otherAccount: "auth.enrolOtherAccount", already: "auth.enrolAlready", enrol: "auth.messages.enrolInvalid" }[loaderData.step];
    return (
      <div className="space-y-5">
        <Alert tone={loaderData.step === "already" ? "info" : "error"}>{t(message)}</Alert>
        <Link to="/admin/login" className={buttonClass("secondary", "md", "w-full")}>
          {t("auth.backToLogin")}
        </Link>
      </div>
    );
  }
  return <TotpEnrolForm id="setup-two-factor" setup={loaderData.setup} lastResult={actionData?.result} />;
}
