/**
 * The office's cancellation and payment terms (settings `booking`, in the visitor's language),
 * stated where a visitor decides: beside the price and the confirm button, and in the success box;
 * with how the driver takes the money on arrival (issue 30).
 */
import { useTranslation } from "~/i18n/react";
import { arrivalMethodsText } from "~/booking/rules/payment-text";
import type { ArrivalTerms } from "~/booking/rules/payments";

export interface Terms {
  cancellation: string;
  payment: string;
  /** issue 16: the cut-offs for this pickup ("Free cancellation until …; date and time changes online until …") */
  policy?: string;
  /** issue 30: how the driver takes the money on arrival */
  arrival?: ArrivalTerms;
  /** issue 30: a provider takes payments online (then the form's payment choice says what is paid now) */
  online?: { provider: string | null };
}

export function BookingTerms({ terms, className = "" }: { terms: Terms; className?: string }) {
  const { t, i18n } = useTranslation("booking");
  return (
    <section aria-label={t("terms.title")} data-testid="booking-terms" className={`text-sm ${className}`}>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("terms.cancellation")}</dt>
        <dd>{terms.cancellation}</dd>
        <dt className="font-semibold">{t("terms.payment")}</dt>
        <dd>{terms.payment}</dd>
        {terms.arrival ? (
          <>
            <dt className="font-semibold">{t("payment.how")}</dt>
            <dd data-testid="arrival-terms">
              {terms.online?.provider ? "" : `${t("payment.nothingNow")} `}
              {arrivalMethodsText(t, i18n.language, terms.arrival)}
            </dd>
          </>
        ) : null}
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
