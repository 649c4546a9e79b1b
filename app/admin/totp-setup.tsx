import { useTranslation } from "react-i18next";

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
