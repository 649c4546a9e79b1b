/**
 * `GET/PUT /api/partners/{id}/net-rates` (issue 33) beside the office's page (the same write path,
 * net-rates.server.ts): the partner's own rates in the API's snake case and in lira, as
 * `{ fares: [{ route_fare_id, category, net_fare }], categories: [{ category, per_km, per_hour }] }`;
 * a PUT replaces them all (a fare left out, or null, is none).
 */
import type { PartnerNetRates } from "~/booking/rules/partner-price";
import { problem, type FieldProblems } from "~/i18n/problem";
import { kurusToLira } from "~/utils/money";
import { NET_RATES, type NetRatesInput } from "./net-rates";
import type { Partner } from "./partners";

/** The partner's rule and rates as the API answers them. */
export function netRatesJson(partner: Pick<Partner, "id" | "rateRule">, rates: PartnerNetRates) {
  return {
    partner_id: partner.id,
    rate_rule: partner.rateRule,
    fares: Object.entries(rates.fares).flatMap(([routeFareId, byCategory]) =>
      Object.entries(byCategory).map(([category, fare]) => ({ route_fare_id: routeFareId, category, net_fare: kurusToLira(fare) })),
    ),
    categories: Object.entries(rates.categories).map(([category, r]) => ({
      category,
      per_km: r.perKm === null ? null : kurusToLira(r.perKm),
      per_hour: r.perHour === null ? null : kurusToLira(r.perHour),
    })),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v : "");
/** JSON amounts are lira as numbers (or null); a string is refused, so "1.250" cannot mean two things. */
const amountOf = (v: unknown) => (v === undefined || v === null || typeof v === "number" ? v : Number.NaN);

/** A PUT body as the rates' input, each amount named by its place in the body (`fares[2].net_fare`). */
export function netRatesInputFromJson(body: Record<string, unknown>): { ok: true; input: NetRatesInput } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const fares = body.fares ?? [];
  const categories = body.categories ?? [];
  if (!Array.isArray(fares) || !fares.every(isObject)) fields.fares = [problem(NET_RATES.bodyInvalid)];
  if (!Array.isArray(categories) || !categories.every(isObject)) fields.categories = [problem(NET_RATES.bodyInvalid)];
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    input: {
      fares: (fares as Array<Record<string, unknown>>).map((f, i) => ({ routeFareId: text(f.route_fare_id), category: text(f.category), amount: { field: `fares[${i}].net_fare`, value: amountOf(f.net_fare) } })),
      categories: (categories as Array<Record<string, unknown>>).map((c, i) => ({
        category: text(c.category),
        field: `categories[${i}].category`,
        perKm: { field: `categories[${i}].per_km`, value: amountOf(c.per_km) },
        perHour: { field: `categories[${i}].per_hour`, value: amountOf(c.per_hour) },
      })),
    },
  };
}
