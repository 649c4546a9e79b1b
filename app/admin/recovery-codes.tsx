import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { Alert, buttonClass } from "./ui";

/** The ten recovery codes, shown once after enrolling or regenerating them. */
export function RecoveryCodes({
  codes,
  next,
  nextLabel = "auth.continue",
  justEnabled = true,
}: {
  codes: string[];
  next: string;
  nextLabel?: string;
  justEnabled?: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-4" aria-labelledby="recovery-codes-title">
      {justEnabled ? <Alert tone="success">{t("twoFactor.enabled")}</Alert> : null}
      <h2 id="recovery-codes-title" className="text-lg font-semibold">
        {t("twoFactor.recoveryTitle")}
      </h2>
      <p className="text-sm text-slate-700 admin-dark:text-slate-300">{t("twoFactor.recoveryIntro")}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm select-all admin-dark:bg-slate-800">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to={next} className={buttonClass("primary", "md", "w-full")}>
        {t(nextLabel)}
      </Link>
    </section>
  );
}
