/**
 * Prices as the visitor reads them, in the currency they chose (root loader data: the choice and
 * the office's rates) and their language. Amounts come in kuruş; the charge is always lira.
 */
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/root";
import type { Kurus } from "~/utils/money";
import { formatMoney } from "~/utils/money";
import { formatIn, type Currency, type CurrencyView } from "./currency";

const LIRA_ONLY: CurrencyView = { currency: "TRY", rates: { EUR: 1, USD: 1, GBP: 1, RUB: 1 }, ratesSetAt: "" };

export function useCurrencyView(): CurrencyView {
  return useRootData()?.currency ?? LIRA_ONLY;
}

export interface Money {
  currency: Currency;
  /** the amount in the chosen currency ("€38.17") */
  shown: (amount: Kurus) => string;
  /** the amount in lira ("₺2,000.00"), what is charged */
  lira: (amount: Kurus) => string;
  /** the chosen currency, and the lira beside it when they differ ("€38.17 (₺2,000.00)") */
  both: (amount: Kurus) => string;
}

export function useMoney(): Money {
  const view = useCurrencyView();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const lira = (amount: Kurus) => formatMoney(amount, language);
  const shown = (amount: Kurus) => formatIn(amount, view.currency, view.rates, language);
  return { currency: view.currency, shown, lira, both: (amount) => (view.currency === "TRY" ? lira(amount) : `${shown(amount)} (${lira(amount)})`) };
}
