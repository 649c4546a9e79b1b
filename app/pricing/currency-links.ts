/**
 * The currency switch's links (app/components/site/currency-switch.tsx): the same page with
 * `?cur=XXX`, every other parameter and the fragment kept, as the language switch does for `?lng=`.
 * The server keeps the choice in the `cur` cookie (currency.server.ts).
 */
import { CURRENCIES, type Currency } from "./currency";
import { dateTimeFormat } from "~/utils/intl";

/** The symbol shown beside each code in the switch. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { TRY: "₺", EUR: "€", USD: "$", GBP: "£", RUB: "₽" };

export interface PageLocation {
  pathname: string;
  /** "?a=b" or "" */
  search: string;
  /** "#x" or "" */
  hash: string;
}

/** The current page shown in another currency. */
export function currencyHref(location: PageLocation, currency: Currency): string {
  const params = new URLSearchParams(location.search);
  params.set("cur", currency);
  return `${location.pathname}?${params.toString()}${location.hash}`;
}

/** Every currency with its link and whether it is the one shown. */
export function currencyChoices(
  location: PageLocation,
  current: Currency,
): Array<{ currency: Currency; symbol: string; href: string; current: boolean }> {
  return CURRENCIES.map((currency) => ({
    currency,
    symbol: CURRENCY_SYMBOLS[currency],
    href: currencyHref(location, currency),
    current: currency === current,
  }));
}

/** The date the office set the rates ("2026-11-20") as the reader writes it ("20 Nov 2026"); "" when unreadable. */
export function ratesDate(isoDate: string, localeTag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return "";
  const at = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return "";
  return dateTimeFormat(localeTag, { dateStyle: "medium", timeZone: "UTC" }).format(at);
}
