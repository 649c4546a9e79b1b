/**
 * How the guest pays (issue 30), in the booking form: on arrival, a deposit online or the whole
 * fare online, as the office offers them for this car (settings; rules/pay-terms.ts), each with
 * exactly what is paid now and what is left for the driver, in the guest's currency and in lira.
 * Without a payment provider there is nothing to choose and nothing is said of cards.
 */
import { useTranslation } from "~/i18n/react";
import { depositOf, payModesFor, type PaymentTermsSettings } from "~/booking/rules/pay-terms";
import type { PayMode } from "~/booking/rules/payments";
import type { Money } from "~/pricing/use-money";
import { kurus, type Kurus } from "~/utils/money";

export function PayChoice({ online, category, total, money, chosen }: {
  online: { provider: string | null; terms: PaymentTermsSettings };
  category: string;
  total: Kurus;
  money: Money;
  /** the mode asked before (a refused submission keeps it) */
  chosen?: string | null;
}) {
  const { t } = useTranslation("booking");
  const modes = payModesFor(online.terms, { channel: "site", category }, online.provider !== null);
  if (!online.provider || (modes.length === 1 && modes[0] === "arrival")) return null;
  const deposit = depositOf(online.terms, total);
  const provider = online.provider === "iyzico" ? "iyzico" : "Stripe";
  const amounts: Record<PayMode, { now: Kurus; later: Kurus }> = {
    arrival: { now: kurus(0), later: total },
    deposit: { now: deposit, later: kurus(total - deposit) },
    full: { now: total, later: kurus(0) },
  };
  const selected = modes.includes(chosen as PayMode) ? (chosen as PayMode) : modes[0]!;
  return (
    <fieldset data-testid="pay-choice" className="rounded-2xl border border-slate-200 p-4 md:col-span-2 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold">{t("payment.choose.title")}</legend>
      <div className="mt-2 grid gap-3">
        {modes.map((mode) => (
          <label key={mode} className="flex items-start gap-3 rounded-xl p-2 text-sm has-[:checked]:bg-amber-50 dark:has-[:checked]:bg-slate-800">
            <input type="radio" name="payMode" value={mode} defaultChecked={mode === selected} className="mt-1 h-5 w-5 accent-brand" data-testid={`pay-mode-${mode}`} />
            <span>
              <span className="block font-semibold">{t(`payment.choose.${mode}`, { amount: money.both(amounts[mode].now) })}</span>
              <span className="block text-slate-600 dark:text-slate-300">
                {mode === "arrival"
                  ? t("payment.choose.arrivalHint", { amount: money.both(total) })
                  : amounts[mode].later > 0
                    ? t("payment.choose.restHint", { amount: money.both(amounts[mode].later) })
                    : t("payment.choose.nothingLater")}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{t("payment.choose.secure", { provider, minutes: online.terms.holdMinutes })}</p>
    </fieldset>
  );
}
