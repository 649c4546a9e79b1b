/**
 * What the guest reads of paying (issue 30), in their language: how the driver takes the money
 * (settings.payments: cash in which currencies, a card), and, once booked, what was paid and what
 * is still owed on arrival, in the currency the guest chose and in lira. Pure and browser-safe: the
 * results page, the confirmation, the private page and the mails share it.
 */
import type { TFunction } from "i18next";
import { convertAtRate, formatCurrency, type Currency } from "~/pricing/currency";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { formatMoney, kurus, type Kurus } from "~/utils/money";
import { listFormat } from "~/utils/intl";
import type { AmountDue, ArrivalTerms } from "./payments";

/** "TRY, EUR or USD" in the reader's language. */
export function currencyList(currencies: readonly string[], lng: string): string {
  return listFormat(LOCALE_TAGS[lng as Language] ?? LOCALE_TAGS.en, { type: "disjunction" }).format(currencies);
}

/** "Your driver takes cash (TRY, EUR or USD) or a card." */
export function arrivalMethodsText(t: TFunction, lng: string, terms: ArrivalTerms): string {
  const currencies = currencyList(terms.currencies, lng);
  if (terms.cash && terms.card) return t("payment.methods.cashAndCard", { currencies });
  if (terms.cash) return t("payment.methods.cash", { currencies });
  return t("payment.methods.card");
}

/** An amount in the guest's currency with the lira beside it ("€44.06 (₺2,308.74)"); lira alone for lira. */
export function amountBoth(due: Pick<AmountDue, "currency">, amount: Kurus, rate: number | null, lng: string): string {
  if (due.currency === "TRY" || !rate) return formatMoney(amount, lng);
  return amountWith(due.currency, amount, convertAtRate(amount, due.currency, rate), lng);
}

/** An amount already in the guest's currency (`minor`) with its lira beside it; lira alone for lira. */
export function amountWith(currency: Currency, amount: Kurus, minor: number, lng: string): string {
  const lira = formatMoney(amount, lng);
  return currency === "TRY" ? lira : `${formatCurrency(minor, currency, lng)} (${lira})`;
}

/**
 * A booked trip's payment rows (label, value): what was paid, what is still owed on arrival (or
 * that nothing is), and how the driver takes it. A cancelled booking has none.
 */
export function paymentRows(
  t: TFunction,
  lng: string,
  due: AmountDue & {
    rate: number | null;
    cancelled: boolean;
    /** waiting for its online payment: what is due now and by when (a formatted time) */
    held?: { amount: Kurus; until: string } | null;
    /** the partner that booked it pays it on its statement (issue 33) */
    byPartner?: boolean;
  },
  terms: ArrivalTerms,
): Array<[string, string]> {
  if (due.cancelled) return [];
  const rows: Array<[string, string]> = [];
  if (due.paid > 0) rows.push([t("payment.paid"), amountBoth(due, due.paid, due.rate, lng)]);
  const now = due.held ? Math.min(due.held.amount, due.due) : 0;
  if (due.held && now > 0) rows.push([t("payment.dueNow"), t("payment.dueNowBy", { amount: amountBoth(due, kurus(now), due.rate, lng), until: due.held.until })]);
  const later = kurus(due.due - now);
  if (later > 0) {
    // in the guest's currency what is left of the total they were quoted (paid + now + later add up to it)
    const laterMinor = due.currency === "TRY" || !due.rate ? later : due.inCurrency - (now > 0 ? convertAtRate(kurus(now), due.currency, due.rate) : 0);
    rows.push([t("payment.onArrival"), amountWith(due.currency, later, laterMinor, lng)]);
    rows.push([t("payment.how"), arrivalMethodsText(t, lng, terms)]);
  } else {
    rows.push([t("payment.onArrival"), t(due.byPartner && due.paid === 0 ? "payment.byPartner" : "payment.settled")]);
  }
  return rows;
}
