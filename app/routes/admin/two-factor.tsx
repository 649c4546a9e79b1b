import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { AuthFrame, useAuthSchemas } from "~/admin/auth-frame";
import { baseUrlOf, openPageData, openPageForms } from "~/admin/open-page.server";
import { Alert, TextField, buttonClass } from "~/admin/ui";
import { homeFor, usesBackOffice } from "~/auth/policy";
import { safeAdminRedirect } from "~/auth/schemas";
import { getCurrentSession } from "~/auth/session.server";
import { checkSecondFactor, isTotpEnabled, sendEnrolmentLink, verifySession } from "~/auth/two-factor.server";
import { translate } from "~/i18n/translate.server";
import { getApp } from "~/server/context";

/** The second sign-in step: a half-open admin session (password done, code owed). */
async function pendingSession(request: Request, context: Route.LoaderArgs["context"]) {
  const session = await getCurrentSession(request, context);
  if (!session) throw redirect("/admin/login");
  if (session.verified) throw redirect(landing(request, session.user.role));
  return session;
}

/** Where a verified sign-in goes: the page asked for, if the role uses the back office, else the role's home (a driver: /driver). */
function landing(request: Request, role: string): string {
  if (!usesBackOffice(role)) return homeFor(role);
  return safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"), homeFor(role));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await pendingSession(request, context);
  const db = getApp(context).db.kysely;
  // Not enrolled yet: no secret for a password alone; the enrolment link went to the mailbox.
  const enrolled = await isTotpEnabled(db, session.user.id);
  return { ...(await openPageData(request, context)), enrolled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await pendingSession(request, context);
  const { db, env, mailer, log } = getApp(context);
  const { lng, schemas } = await openPageForms(context);
  const formData = await request.formData();
  if (formData.get("intent") === "resend") {
    if (!(await isTotpEnabled(db.kysely, session.user.id))) {
      await sendEnrolmentLink(db.kysely, mailer, { userId: session.user.id, baseUrl: baseUrlOf(request, env.PUBLIC_URL) }).catch((error: unknown) =>
        log.error({ err: error }, "two-factor enrolment mail failed"),
      );
    }
    return { result: null, resent: true };
  }
  const submission = parseWithZod(formData, { schema: schemas.secondFactor });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }), resent: false }, { status: 400 });
  const error = await checkSecondFactor(db.kysely, session.user.id, submission.value.code);
  if (error) return data({ result: submission.reply({ formErrors: [translate(lng, error)], hideFields: ["code"] }), resent: false }, { status: 401 });
  await verifySession(db.kysely, session.id);
  throw redirect(landing(request, session.user.role));
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthFrame page={loaderData} title="auth.twoFactorTitle">
      {loaderData.enrolled ? <TwoFactorForm actionData={actionData} /> : <EnrolmentMailed resent={Boolean(actionData?.resent)} />}
    </AuthFrame>
  );
}

function CancelAndLogout() {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action="/admin/logout" className="mt-4 text-center">
      <button type="submit" className="text-sm font-medium text-slate-600 hover:underline admin-dark:text-slate-400">
        {t("auth.cancelAndLogout")}
      </button>
    </Form>
  );
}

/** Two-factor is on but this account has no app yet: the setup link was mailed. */
function EnrolmentMailed({ resent }: { resent: boolean }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  return (
    <>
      <div className="space-y-5">
        <Alert tone="info">{t("auth.enrolPending")}</Alert>
        {resent ? <Alert tone="success">{t("auth.enrolResent")}</Alert> : null}
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("secondary", "md", "w-full")}>
            {t("auth.resendEnrol")}
          </button>
        </Form>
      </div>
      <CancelAndLogout />
    </>
  );
}

function TwoFactorForm({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const { t } = useTranslation("admin");
  const { secondFactor: schema } = useAuthSchemas();
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
        <p className="text-sm text-slate-700 admin-dark:text-slate-300">{t("auth.twoFactorPromptRecovery")}</p>
        {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
        <TextField
          label={t("twoFactor.code")}
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: "text" })}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={14}
          autoFocus
        />
        <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", "w-full py-2.5")}>
          {navigation.state === "submitting" ? t("auth.verifying") : t("auth.verify")}
        </button>
      </Form>
      <CancelAndLogout />
    </>
  );
}
