/**
 * Currencies a visitor may read prices in (DESIGN.md §3): every amount is charged and stored in
 * Turkish lira (integer kuruş); EUR, USD, GBP and RUB are shown at the rates the office sets, with
 * the date it set them. A rate is stored as integer ten-thousandths of a lira per unit
 * (`RateE4`: 1 EUR = 37.4500 TL → 374500), so converting stays integer arithmetic until one
 * rounding to the currency's minor unit (cents; whole roubles).
 */
import type { Kurus } from "~/utils/money";

export const CURRENCIES = ["TRY", "EUR", "USD", "GBP", "RUB"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const FOREIGN_CURRENCIES = ["EUR", "USD", "GBP", "RUB"] as const satisfies readonly Currency[];
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

export const isCurrency = (value: unknown): value is Currency => typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/** Decimals shown and kept per currency: roubles are whole, the others have cents. */
export const CURRENCY_DECIMALS: Record<Currency, number> = { TRY: 2, EUR: 2, USD: 2, GBP: 2, RUB: 0 };

/** Lira per unit × 10,000, as an integer. */
export type RateE4 = number;
export type CurrencyRates = Record<ForeignCurrency, RateE4>;

/** A rate typed by the office ("37,45" or 37.45) as `RateE4`; NaN when it is not a positive number. */
export function rateFromText(value: string | number): RateE4 {
  const n = typeof value === "number" ? value : Number(String(value).trim().replace(",", "."));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 10_000) : Number.NaN;
}

/** A stored rate as the office types it ("37.45"). */
export const rateToText = (rate: RateE4): string => String(rate / 10_000);

/** The rate applied for a currency (TRY is 1 lira = 10,000). */
export const rateOf = (currency: Currency, rates: CurrencyRates): RateE4 => (currency === "TRY" ? 10_000 : rates[currency]);

/**
 * An amount in kuruş as the currency's minor units (cents, whole roubles), rounded half up once.
 * kuruş × 100 / rate gives the currency's cents; roubles divide by 100 again.
 */
export function convertKurus(amount: Kurus, currency: Currency, rates: CurrencyRates): number {
  return convertAtRate(amount, currency, rateOf(currency, rates));
}

/** `convertKurus` at one given rate (a booking's stored rate; 10,000 for TRY). */
export function convertAtRate(amount: Kurus, currency: Currency, rate: RateE4): number {
  if (currency === "TRY") return amount;
  const scale = 10 ** CURRENCY_DECIMALS[currency];
  // minor = kuruş / 100 (lira) × 10,000 / rate (units) × scale
  const minor = (amount * 100 * scale) / rate;
  return Math.sign(minor) * Math.round(Math.abs(minor) + 1e-9);
}

/**
 * Minor units of a currency back to kuruş at a rate, rounded half away from zero once: the other
 * direction of `convertAtRate` (money the office or a driver received in euros, say). One cent is
 * about 52 kuruş, so a converted amount can miss the kuruş owed by a few dozen: see
 * app/booking/rules/payments.ts `ledgerAmount`, which settles an exact payment exactly.
 */
export function kurusFromMinor(minor: number, currency: Currency, rate: RateE4): Kurus {
  if (currency === "TRY") return Math.round(minor) as Kurus;
  const scale = 10 ** CURRENCY_DECIMALS[currency];
  // kuruş = minor / scale (units) × rate / 10,000 (lira) × 100
  const value = (minor * rate) / (scale * 100);
  return (Math.sign(value) * Math.round(Math.abs(value) + 1e-9)) as Kurus;
}

const LOCALES: Record<string, string> = { en: "en-GB", tr: "tr-TR", de: "de-DE", ru: "ru-RU" };
const formats = new Map<string, Intl.NumberFormat>();

/** Minor units of a currency for the reader's language: "€44.06", "44,06 €", "3 960 ₽", "₺1.650,00". */
export function formatCurrency(minor: number, currency: Currency, language: string): string {
  const tag = LOCALES[language] ?? LOCALES.en!;
  const decimals = CURRENCY_DECIMALS[currency];
  const key = `${tag}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format.format(minor / 10 ** decimals);
}

/** Kuruş shown in a currency (converted at the rates), formatted for the reader. */
export function formatIn(amount: Kurus, currency: Currency, rates: CurrencyRates, language: string): string {
  return formatCurrency(convertKurus(amount, currency, rates), currency, language);
}

/** The currency a visitor sees before choosing one: lira in Turkish, euros otherwise. */
export const defaultCurrencyFor = (language: string): Currency => (language === "tr" ? "TRY" : "EUR");

/** What the browser needs to show prices in a currency: the choice and the rates (no lookups). */
export interface CurrencyView {
  currency: Currency;
  rates: CurrencyRates;
  /** ISO date the office set the rates */
  ratesSetAt: string;
}
