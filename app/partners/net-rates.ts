/**
 * A partner's net rates (issue 33, the "net" rule): its own fare per public route fare and car
 * category, and per category its own rate per km (a trip no fare of its own covers) and per hour
 * (hourly hire). How the office's form and the API's body are read into them (amounts typed the
 * Turkish way, "1.250,50", or "1250.5", or lira as JSON numbers; blank or null is none), and which
 * of them are above the public price (the partner would earn nothing there). Pure, shared by the
 * rates page, the API and the tests; problems are codes of `partners.netRates.errors`.
 */
import { adminCodes } from "~/admin/codes";
import { MAX_FARE_LIRA, parseLiraText, priceField } from "~/admin/route-fares";
import type { RouteFare } from "~/booking/rules/fares";
import type { PartnerNetRates } from "~/booking/rules/partner-price";
import { CAR_CATEGORIES } from "~/fleet/car";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { kurus, type Kurus } from "~/utils/money";

export const NET_RATES = adminCodes("partners.netRates.errors", ["amountInvalid", "amountNegative", "amountTooLarge", "unknownRoute", "unknownCategory", "duplicate", "bodyInvalid", "saveFailed"]);

/** One amount as typed or sent, with the field its problem is reported under. */
export interface NetAmountInput {
  field: string;
  value: unknown;
}

/** What the form or the API gives: every amount with its field name. */
export interface NetRatesInput {
  fares: ReadonlyArray<{ routeFareId: string; category: string; amount: NetAmountInput }>;
  categories: ReadonlyArray<{ category: string; perKm: NetAmountInput; perHour: NetAmountInput; field: string }>;
}

/** The category in the fleet's own spelling ("minibüs" → "Minibüs"), or undefined when there is no such category. */
export const knownCategory = (typed: string): string | undefined =>
  CAR_CATEGORIES.find((c) => c.normalize("NFC").toLowerCase() === typed.normalize("NFC").trim().toLowerCase());

/** The form fields of the rates page: a route's fare for a category, a category's per-km and per-hour rates. */
export const fareField = (routeFareId: string, category: string) => `fare:${routeFareId}:${priceField(category).slice("price-".length)}`;
export const perKmField = (category: string) => `perKm:${priceField(category).slice("price-".length)}`;
export const perHourField = (category: string) => `perHour:${priceField(category).slice("price-".length)}`;

/**
 * An amount: blank/null is none (null); text the Turkish or English way, or a JSON number (lira);
 * kuruş, or the problem (negative, not an amount, above MAX_FARE_LIRA).
 */
export function netAmount(value: unknown): { ok: true; amount: Kurus | null } | { ok: false; problem: Problem } {
  if (value === undefined || value === null || value === "") return { ok: true, amount: null };
  let amount: number;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, problem: problem(NET_RATES.amountInvalid) };
    if (value < 0) return { ok: false, problem: problem(NET_RATES.amountNegative) };
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return { ok: false, problem: problem(NET_RATES.amountInvalid) };
    amount = Math.round(value * 100);
  } else if (typeof value === "string") {
    if (/^\s*[-−]/.test(value)) return { ok: false, problem: problem(NET_RATES.amountNegative) };
    const parsed = parseLiraText(value);
    if (parsed === null) return { ok: true, amount: null };
    if (!Number.isFinite(parsed)) return { ok: false, problem: problem(NET_RATES.amountInvalid) };
    amount = parsed;
  } else return { ok: false, problem: problem(NET_RATES.amountInvalid) };
  if (amount > MAX_FARE_LIRA * 100) return { ok: false, problem: problem(NET_RATES.amountTooLarge, { max: MAX_FARE_LIRA }) };
  return { ok: true, amount: kurus(amount) };
}

/** Reads and checks the rates against the route fares that exist; blank amounts are left out. */
export function parseNetRates(input: NetRatesInput, routeFareIds: ReadonlySet<string>): { ok: true; rates: PartnerNetRates } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const fail = (field: string, p: Problem) => (fields[field] = [...(fields[field] ?? []), p]);
  const fares: Record<string, Record<string, Kurus>> = {};
  for (const { routeFareId, category: typed, amount } of input.fares) {
    const category = knownCategory(typed);
    const read = netAmount(amount.value);
    if (!routeFareIds.has(routeFareId)) fail(amount.field, problem(NET_RATES.unknownRoute));
    else if (!category) fail(amount.field, problem(NET_RATES.unknownCategory));
    else if (!read.ok) fail(amount.field, read.problem);
    else if (fares[routeFareId]?.[category] !== undefined) fail(amount.field, problem(NET_RATES.duplicate));
    else if (read.amount !== null) fares[routeFareId] = { ...fares[routeFareId], [category]: read.amount };
  }
  const categories: Record<string, { perKm: Kurus | null; perHour: Kurus | null }> = {};
  for (const row of input.categories) {
    const category = knownCategory(row.category);
    if (!category) {
      fail(row.field, problem(NET_RATES.unknownCategory));
      continue;
    }
    if (categories[category]) {
      fail(row.field, problem(NET_RATES.duplicate));
      continue;
    }
    const perKm = netAmount(row.perKm.value);
    const perHour = netAmount(row.perHour.value);
    if (!perKm.ok) fail(row.perKm.field, perKm.problem);
    if (!perHour.ok) fail(row.perHour.field, perHour.problem);
    if (perKm.ok && perHour.ok && (perKm.amount !== null || perHour.amount !== null)) categories[category] = { perKm: perKm.amount, perHour: perHour.amount };
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, rates: { fares, categories } };
}

/** The rates page's post: every route fare × category and every category's rates, by their field names. */
export function netRatesFromForm(form: FormData, routeFares: readonly Pick<RouteFare, "id">[]): NetRatesInput {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    fares: routeFares.flatMap((fare) => CAR_CATEGORIES.map((category) => ({ routeFareId: fare.id, category, amount: { field: fareField(fare.id, category), value: text(fareField(fare.id, category)) } }))),
    categories: CAR_CATEGORIES.map((category) => ({
      category,
      field: perKmField(category),
      perKm: { field: perKmField(category), value: text(perKmField(category)) },
      perHour: { field: perHourField(category), value: text(perHourField(category)) },
    })),
  };
}

/** The partner's fares above the route's public fare for the same category: on those it earns nothing. */
export function faresAbovePublic(rates: PartnerNetRates, routeFares: readonly RouteFare[]): Array<{ routeFareId: string; category: string; net: Kurus; public: Kurus }> {
  const above: Array<{ routeFareId: string; category: string; net: Kurus; public: Kurus }> = [];
  for (const fare of routeFares) {
    for (const [category, net] of Object.entries(rates.fares[fare.id] ?? {})) {
      const publicFare = fare.prices[category];
      if (publicFare !== undefined && net > publicFare) above.push({ routeFareId: fare.id, category, net, public: publicFare });
    }
  }
  return above;
}
