/**
 * Shown on the results page when a pickup is sooner than the office's minimum lead time: the
 * visitor can still get a car by phone or WhatsApp, so both are offered as plain links (no script needed).
 */
import { useTranslation } from "~/i18n/react";
import { telHref, whatsappHref } from "~/components/site/links";

export interface TooSoon {
  hours: number;
  phone: string;
  whatsapp: string;
}

export function TooSoonNotice({ lead }: { lead: TooSoon }) {
  const { t } = useTranslation("booking");
  return (
    <section aria-labelledby="too-soon-title" data-testid="too-soon" className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <h2 id="too-soon-title" className="text-lg font-semibold">{t("tooSoon.title")}</h2>
      <p className="mt-2">{t("tooSoon.text", { hours: lead.hours })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={telHref(lead.phone)} className="btn-primary">{t("tooSoon.call", { phone: lead.phone })}</a>
        <a href={whatsappHref(lead.whatsapp)} target="_blank" rel="noopener noreferrer" className="btn-secondary border-amber-700 text-amber-950 dark:text-amber-100">
          {t("tooSoon.whatsapp", { whatsapp: lead.whatsapp })}
        </a>
      </div>
      <p className="mt-3 text-sm">{t("tooSoon.later")}</p>
    </section>
  );
}
