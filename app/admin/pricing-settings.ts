/**
 * The pricing page's form (/admin/pricing), shared by the server and the browser: the rules of
 * `settings.pricing` (night window and %, return discount, minimum fares, hourly hire, free waiting)
 * and the exchange rates of `settings.currency`, as the office types them ("22:00", "20",
 * "1.500", "52,40"). Amounts are lira in the form and kuruş in settings; a rate is lira per unit
 * in the form and lira × 10,000 in settings. Messages are the settings' own codes (SETTINGS).
 */
import { z } from "zod";
import { CAR_CATEGORIES } from "~/fleet/car";
import { FOREIGN_CURRENCIES, rateFromText, type CurrencyRates } from "~/pricing/currency";
import { SETTINGS, settingsSchemas, type Settings } from "~/settings/settings";
import { liraToKurus } from "~/utils/money";
import { adminCodes } from "./codes";
import { parseTypedInteger, parseTypedNumber } from "./typed-number";

/** What the page itself can say (the fields speak with the settings' codes). */
export const PRICING_PAGE = adminCodes("pricingPage.errors", ["saveFailed"]);

const sections = settingsSchemas();
const pricingShape = sections.pricing.shape;

/** A whole number as typed, then the settings' own bounds for it. */
const integer = (schema: z.ZodNumber) => z.preprocess((v) => parseTypedInteger(v), schema);

/** Lira as typed ("1.500", "700,50") → kuruş, within the settings' money bounds. */
const money = z.preprocess((v) => {
  const lira = parseTypedNumber(v);
  return lira === undefined ? undefined : liraToKurus(lira);
}, pricingShape.defaultMinimum);

/** "HH:MM" (a time input may add seconds). */
const clock = z.preprocess((v) => (typeof v === "string" && /^\d{2}:\d{2}:\d{2}$/.test(v.trim()) ? v.trim().slice(0, 5) : typeof v === "string" ? v.trim() : v), pricingShape.nightStart);

/** Lira per unit with up to four decimals ("52,40") → lira × 10,000. */
const rate = z.preprocess((v) => {
  const lira = parseTypedNumber(v, { grouping: false, decimals: 4 });
  return lira === undefined ? undefined : Number.isNaN(lira) ? Number.NaN : rateFromText(lira);
}, sections.currency.shape.rates.shape.EUR);

export const pricingFormSchema = z
  .object({
    nightStart: clock,
    nightEnd: clock,
    nightPercent: integer(pricingShape.nightPercent),
    returnDiscountPercent: integer(pricingShape.returnDiscountPercent),
    /** a blank category takes the default minimum */
    minimumFares: z.object(Object.fromEntries(CAR_CATEGORIES.map((c) => [c, money.optional()])) as Record<(typeof CAR_CATEGORIES)[number], z.ZodOptional<typeof money>>),
    defaultMinimum: money,
    hourlyMinHours: integer(pricingShape.hourlyMinHours),
    hourlyMaxHours: integer(pricingShape.hourlyMaxHours),
    includedKmPerHour: integer(pricingShape.includedKmPerHour),
    freeWaitingAirportMinutes: integer(pricingShape.freeWaitingAirportMinutes),
    freeWaitingOtherMinutes: integer(pricingShape.freeWaitingOtherMinutes),
    rates: z.object(Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, rate])) as Record<(typeof FOREIGN_CURRENCIES)[number], typeof rate>),
  })
  // checked even when other fields are wrong, so the page shows every mistake at once
  .refine((v) => v.hourlyMinHours <= v.hourlyMaxHours, {
    message: SETTINGS.hourRange,
    path: ["hourlyMaxHours"],
    when: ({ value }) => {
      const v = value as { hourlyMinHours?: unknown; hourlyMaxHours?: unknown };
      return Number.isInteger(v?.hourlyMinHours) && Number.isInteger(v?.hourlyMaxHours);
    },
  });

export type PricingFormValues = z.output<typeof pricingFormSchema>;

/**
 * The two settings sections the form saves. The rates' date moves to `today` (Istanbul) only when
 * a rate changed. A category left blank takes the default minimum; minimums stored for categories
 * the list no longer has are kept.
 */
export function pricingSections(
  values: PricingFormValues,
  stored: Pick<Settings, "pricing" | "currency">,
  today: string,
): Pick<Settings, "pricing" | "currency"> {
  const { rates, ...pricing } = values;
  const listed = new Set<string>(CAR_CATEGORIES);
  const kept = Object.fromEntries(Object.entries(stored.pricing.minimumFares).filter(([c]) => !listed.has(c)));
  const typed = Object.fromEntries(Object.entries(pricing.minimumFares).filter((e): e is [string, number] => e[1] !== undefined));
  const changed = FOREIGN_CURRENCIES.some((c) => rates[c] !== stored.currency.rates[c]);
  return {
    pricing: { ...pricing, minimumFares: { ...kept, ...typed } },
    currency: { rates: rates satisfies CurrencyRates, ratesSetAt: changed ? today : stored.currency.ratesSetAt },
  };
}

/** Settings as the form shows them: lira and rates typed back the Turkish way ("1.500", "52,4"). */
export function pricingFormValues(settings: Pick<Settings, "pricing" | "currency">) {
  const lira = (kurus: number) => (kurus / 100).toLocaleString("tr-TR", { maximumFractionDigits: 2 });
  const rateText = (rate: number) => (rate / 10_000).toLocaleString("tr-TR", { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });
  const p = settings.pricing;
  return {
    nightStart: p.nightStart,
    nightEnd: p.nightEnd,
    nightPercent: String(p.nightPercent),
    returnDiscountPercent: String(p.returnDiscountPercent),
    minimumFares: Object.fromEntries(CAR_CATEGORIES.map((c) => [c, p.minimumFares[c] === undefined ? "" : lira(p.minimumFares[c])])),
    defaultMinimum: lira(p.defaultMinimum),
    hourlyMinHours: String(p.hourlyMinHours),
    hourlyMaxHours: String(p.hourlyMaxHours),
    includedKmPerHour: String(p.includedKmPerHour),
    freeWaitingAirportMinutes: String(p.freeWaitingAirportMinutes),
    freeWaitingOtherMinutes: String(p.freeWaitingOtherMinutes),
    rates: Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, rateText(settings.currency.rates[c])])),
  };
}
