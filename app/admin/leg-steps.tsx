/**
 * The booking page's "Şoför adımları" (issue 31): each step the driver reported on each leg with
 * its time, the position while it is kept (a map link, with its accuracy), and a decline with its
 * reason. Positions are cleared by the retention job; the step then says so.
 */
import { useAdminFormat } from "~/admin/i18n";
import { Card } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";

export interface LegStepRow {
  id: string;
  leg: "outbound" | "return";
  /** a party's further car (issue 32): 2, 3, …; 1 the booking's own */
  unit: number;
  step: string;
  at: string;
  driver: string | null;
  position: { lat: number; lng: number; accuracy: number | null } | null;
  positionCleared: boolean;
  note: string;
}

/** `evidence`: the booking's no-show evidence pack (issue 31), in Turkish and the guest's language, when a leg is a no-show. */
export function LegStepsCard({ steps, evidence }: { steps: LegStepRow[]; evidence: { bookingId: string; guestLanguage: string } }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const languages = [...new Set(["tr", evidence.guestLanguage])];
  return (
    <Card title={t("bookings.steps.title")}>
      {steps.some((s) => s.step === "no_show") ? (
        <div className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm admin-dark:border-red-900 admin-dark:bg-red-950/40" data-testid="no-show-evidence">
          <p className="font-semibold">{t("bookings.steps.evidence")}</p>
          <p className="mt-1 flex flex-wrap gap-3">
            {languages.map((lng) => (
              <a key={lng} className="underline" href={`/admin/bookings/${evidence.bookingId}/no-show-evidence?lng=${lng}`} download>
                {t("bookings.steps.evidenceIn", { language: t(`settings.termsLanguages.${lng}`) })}
              </a>
            ))}
          </p>
        </div>
      ) : null}
      {steps.length === 0 ? (
        <p className="text-sm text-slate-600 admin-dark:text-slate-400">{t("bookings.steps.empty")}</p>
      ) : (
        <ol className="space-y-2" data-testid="leg-steps">
          {steps.map((s) => (
            <li key={s.id} className="text-sm" data-step={s.step}>
              <div className="font-medium">
                {t(`bookings.jobEvent.legs.${s.leg}`)}
                {s.unit > 1 ? ` · ${t("assign.unitShort", { unit: s.unit })}` : ""} · {s.step === "declined" ? t("bookings.steps.declined") : t(`bookings.jobEvent.status.${s.step}`)}
                {s.driver ? ` · ${s.driver}` : ""}
              </div>
              <div className="text-xs text-slate-600 admin-dark:text-slate-400">{format.date(s.at)}</div>
              {s.note ? <p className="mt-0.5 break-words">{t("bookings.steps.reason", { reason: s.note })}</p> : null}
              {s.position ? (
                <a className="mt-0.5 inline-block underline" href={`https://www.google.com/maps/search/?api=1&query=${s.position.lat},${s.position.lng}`} rel="noreferrer" target="_blank">
                  {t("bookings.steps.position")}
                  {s.position.accuracy !== null ? ` (${t("bookings.steps.accuracy", { metres: s.position.accuracy })})` : ""}
                </a>
              ) : s.positionCleared ? (
                <p className="mt-0.5 text-xs text-slate-600 admin-dark:text-slate-400">{t("bookings.steps.positionCleared")}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
