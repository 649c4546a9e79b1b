/**
 * Money is integer kuruş in storage and arithmetic (a branded `Kurus`, so a lira amount passed
 * where kuruş are expected does not type-check); lira (at most two decimals) only at the edges:
 * the API's numbers, form inputs, and `formatMoney` in views, formatted for the reader's language
 * (DESIGN.md §3): `₺1,001.60` in English, `1.001,60 ₺` in German, `1 001,60 ₺` in Russian, and
 * `formatTry` (`₺1.001,60`) for the Turkish back office.
 */

declare const kurusBrand: unique symbol;
/** An integer number of kuruş (1/100 lira). Made only by `kurus()` or `liraToKurus()`. */
export type Kurus = number & { readonly [kurusBrand]: "Kurus" };

/** A whole number of kuruş (rounded): the one door from a plain number into money. */
export const kurus = (n: number): Kurus => (Number.isFinite(n) ? Math.round(n) : Number.NaN) as Kurus;

export const ZERO_KURUS = kurus(0);

/** Lira as a number for the API and form inputs (at most two decimals). */
export const kurusToLira = (amount: Kurus): number => Math.round(amount) / 100;

/** Lira (number or numeric text) to kuruş, rounded half away from zero; NaN stays NaN. */
export function liraToKurus(lira: number | string): Kurus {
  const value = typeof lira === "string" ? Number(lira.replace(",", ".")) : lira;
  if (!Number.isFinite(value)) return Number.NaN as Kurus;
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) as Kurus;
}

const tryFormat = new Intl.NumberFormat("tr-TR", {
  style: "currency",
  currency: "TRY",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₺1.234,56`: Turkish, as the back office shows money. */
export function formatTry(amount: Kurus): string {
  return tryFormat.format(amount / 100);
}

const MONEY_LOCALES: Record<string, string> = { en: "en-GB", tr: "tr-TR", de: "de-DE", ru: "ru-RU" };
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Lira for the reader's language (en, tr, de, ru; anything else as English). */
export function formatMoney(amount: Kurus, language: string): string {
  const tag = MONEY_LOCALES[language] ?? MONEY_LOCALES.en!;
  let format = moneyFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: "currency", currency: "TRY", currencyDisplay: "narrowSymbol", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(tag, format);
  }
  return format.format(amount / 100);
}
