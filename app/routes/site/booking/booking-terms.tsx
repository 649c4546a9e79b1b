/**
 * The office's cancellation and payment terms (settings `booking`, in the visitor's language),
 * stated where a visitor decides: beside the price and the confirm button, and in the success box.
 */
import { useTranslation } from "~/i18n/react";

export interface Terms {
  cancellation: string;
  payment: string;
  /** issue 16: the cut-offs for this pickup ("Free cancellation until …; date and time changes online until …") */
  policy?: string;
}

export function BookingTerms({ terms, className = "" }: { terms: Terms; className?: string }) {
  const { t } = useTranslation("booking");
  return (
    <section aria-label={t("terms.title")} data-testid="booking-terms" className={`text-sm ${className}`}>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("terms.cancellation")}</dt>
        <dd>{terms.cancellation}</dd>
        <dt className="font-semibold">{t("terms.payment")}</dt>
        <dd>{terms.payment}</dd>
        {terms.policy ? (
          <>
            <dt className="font-semibold">{t("manage.policy.title")}</dt>
            <dd data-testid="booking-policy">{terms.policy}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
