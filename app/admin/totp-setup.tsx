import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { useAuthSchemas } from "./auth-frame";
import { Alert, TextField, buttonClass } from "./ui";

/** The QR code (server-made SVG) and the key to type by hand, for enrolling an authenticator app. */
export function TotpSetup({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 admin-dark:text-slate-300">{t("twoFactor.intro")}</p>
      <div
        role="img"
        aria-label={t("twoFactor.qrAlt")}
        className="mx-auto w-48 rounded-lg bg-white p-2"
        // The SVG is produced on the server by the qrcode library from our own otpauth:// address.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="text-xs text-slate-600 admin-dark:text-slate-400">{t("twoFactor.manual")}</p>
      <p className="font-mono text-sm tracking-wider break-all select-all">{secret.replace(/(.{4})/g, "$1 ").trim()}</p>
    </div>
  );
}

/**
 * Enrolling an app: the QR code, then the first code it shows (the settings page and the mailed
 * setup link both use it; `actions` are the buttons beside the submit button, if any).
 */
export function TotpEnrolForm({
  id,
  setup,
  lastResult,
  actions,
}: {
  id: string;
  setup: { qrSvg: string; secret: string };
  lastResult: SubmissionResult | null | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const { totpCode: schema } = useAuthSchemas();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submit = (
    <button type="submit" disabled={navigation.state === "submitting"} className={buttonClass("primary", "md", actions ? "" : "w-full py-2.5")}>
      {t("twoFactor.activate")}
    </button>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <TotpSetup qrSvg={setup.qrSvg} secret={setup.secret} />
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <TextField
        label={t("twoFactor.code")}
        errors={fields.code.errors}
        {...getInputProps(fields.code, { type: "text" })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
      />
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {submit}
          {actions}
        </div>
      ) : (
        submit
      )}
    </Form>
  );
}
