/**
 * Drivers' cash (issue 30), pure: a day's bounds in Istanbul time, amounts per currency (minor
 * units: cents, kuruş, whole roubles), and the difference between what the ledger says a driver
 * took in cash and what the office counted. A currency missing on one side counts as zero.
 */
import { CURRENCIES, type Currency } from "~/pricing/currency";

/** Minor units per currency. */
export type CurrencyAmounts = Partial<Record<Currency, number>>;

/** An Istanbul day as UTC instants: [from, until). Istanbul is UTC+03:00 all year. */
export function dayRange(day: string): { from: string; until: string } {
  const from = new Date(`${day}T00:00:00+03:00`);
  return { from: from.toISOString(), until: new Date(from.getTime() + 86_400_000).toISOString() };
}

/** Adds `minor` of `currency` to `into` (a new object). */
export function addAmount(into: CurrencyAmounts, currency: Currency, minor: number): CurrencyAmounts {
  return { ...into, [currency]: (into[currency] ?? 0) + minor };
}

/** The currencies either side names, in the site's order. */
export const currenciesOf = (...sides: CurrencyAmounts[]): Currency[] => CURRENCIES.filter((c) => sides.some((s) => s[c] !== undefined && s[c] !== 0));

/** counted − expected per currency; `hasDifference` when any is not zero. */
export function cashDifference(expected: CurrencyAmounts, counted: CurrencyAmounts): { difference: CurrencyAmounts; hasDifference: boolean } {
  const difference: CurrencyAmounts = {};
  for (const currency of CURRENCIES) {
    const d = (counted[currency] ?? 0) - (expected[currency] ?? 0);
    if (d !== 0) difference[currency] = d;
  }
  return { difference, hasDifference: Object.keys(difference).length > 0 };
}

/** A stored JSON map back to amounts (anything unreadable is left out). */
export function readAmounts(json: string): CurrencyAmounts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  const out: CurrencyAmounts = {};
  if (parsed && typeof parsed === "object") {
    for (const currency of CURRENCIES) {
      const v = (parsed as Record<string, unknown>)[currency];
      if (typeof v === "number" && Number.isSafeInteger(v)) out[currency] = v;
    }
  }
  return out;
}

/** Whether two amount maps say the same (zeros and missing alike). */
export const sameAmounts = (a: CurrencyAmounts, b: CurrencyAmounts): boolean => !cashDifference(a, b).hasDifference;
