/**
 * The private page's payment box (issue 30): how the last visit to the payment page went, until
 * when the booking is held for its payment, and the "Pay now" button (a plain form: it works
 * without JavaScript and takes the guest to the provider's hosted page).
 */
import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { OnlinePayView } from "./online-pay.server";

const TONE: Record<string, string> = {
  paid: "bg-green-50 text-green-950 border-green-300",
  failed: "bg-red-50 text-red-900 border-red-300",
  unavailable: "bg-red-50 text-red-900 border-red-300",
};

export function OnlinePay({ view }: { view: OnlinePayView }) {
  const { t } = useTranslation("booking");
  if (!view.outcome && !view.held && !view.payLabel) return null;
  return (
    <section id="payment" aria-labelledby="payment-title" data-testid="online-pay" className="mt-6 scroll-mt-24 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="payment-title" className="text-lg font-semibold">{t("payment.online.title")}</h2>
      {view.outcome ? (
        <p role="status" data-testid="payment-outcome" data-outcome={view.outcome} className={`mt-3 rounded-xl border px-4 py-3 text-sm ${TONE[view.outcome] ?? "bg-amber-50 text-amber-950 border-amber-300"}`}>
          {t(`payment.online.outcome.${view.outcome}`)}
        </p>
      ) : null}
      {view.held ? (
        <p data-testid="payment-held" className="mt-3 text-sm">
          {view.held}
        </p>
      ) : null}
      {view.payLabel ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="pay" />
          <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" data-testid="pay-now">
            {view.payLabel}
          </button>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("payment.online.secureNote")}</p>
        </Form>
      ) : null}
    </section>
  );
}
