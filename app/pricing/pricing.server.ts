/**
 * The office's pricing tables as the price function reads them: the rules and rates from
 * settings, the zones and route fares, the extras. Read once per quote or booking
 * (`readPricing`); `legsFor` turns a trip's legs into priced legs with their route fares.
 */
import type { Kysely } from "kysely";
import { parseJson, toBool } from "~/server/db/convert";
import { keptRead } from "~/server/db/kept-reads.server";
import type { Database, ExtrasTable, RouteFaresTable } from "~/server/db/schema";
import type { Selectable } from "kysely";
import { getSettings } from "~/settings/settings.server";
import type { Settings } from "~/settings/settings";
import { kurus, type Kurus } from "~/utils/money";
import type { LatLng } from "~/places/types";
import type { LegName, PricedLeg, PricingRules } from "~/booking/rules/pricing";
import type { Km } from "~/booking/rules/units";
import { farePriceFor, matchFare, type FareEnd, type RouteFare, type Zone } from "~/booking/rules/fares";
import type { Extra, ExtraNames } from "~/booking/rules/extras";
import type { CurrencyRates } from "./currency";

export interface PricingTables {
  rules: PricingRules;
  /** settings.pricing as stored: hourly bounds, included km, free waiting */
  settings: Settings["pricing"];
  zones: Map<string, Zone>;
  fares: RouteFare[];
  extras: Extra[];
  rates: CurrencyRates;
  ratesSetAt: string;
}

export function rulesOf(pricing: Settings["pricing"]): PricingRules {
  return {
    nightStart: pricing.nightStart,
    nightEnd: pricing.nightEnd,
    nightPercent: pricing.nightPercent,
    returnDiscountPercent: pricing.returnDiscountPercent,
    minimumFares: Object.fromEntries(Object.entries(pricing.minimumFares).map(([k, v]) => [k, kurus(v)])),
    defaultMinimum: kurus(pricing.defaultMinimum),
  };
}

const isNames = (v: unknown): v is ExtraNames =>
  typeof v === "object" && v !== null && ["tr", "en", "de", "ru"].every((k) => typeof (v as Record<string, unknown>)[k] === "string");

export function toExtra(row: Selectable<ExtrasTable>): Extra {
  return {
    id: row.id,
    code: row.code,
    names: parseJson<ExtraNames>(row.names, { tr: row.code, en: row.code, de: row.code, ru: row.code }, isNames),
    price: kurus(row.price),
    pricing: row.pricing === "unit" ? "unit" : "booking",
    maxQuantity: row.max_quantity,
    needsText: toBool(row.needs_text),
    active: toBool(row.active),
    sortOrder: row.sort_order,
  };
}

const isPrices = (v: unknown): v is Record<string, number> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((p) => typeof p === "number");

function endOf(row: Selectable<RouteFaresTable>, side: "from" | "to"): FareEnd {
  if (row[`${side}_kind`] === "zone") return { kind: "zone", zoneId: row[`${side}_zone_id`] ?? "" };
  return { kind: "place", placeId: row[`${side}_place_id`] ?? "", label: row[`${side}_label`] ?? "", lat: row[`${side}_lat`] ?? 0, lng: row[`${side}_lng`] ?? 0 };
}

export function toRouteFare(row: Selectable<RouteFaresTable>): RouteFare {
  const prices = parseJson<Record<string, number>>(row.prices, {}, isPrices);
  return {
    id: row.id,
    from: endOf(row, "from"),
    to: endOf(row, "to"),
    oneWay: toBool(row.one_way),
    prices: Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, kurus(v)])) as Record<string, Kurus>,
    active: toBool(row.active),
  };
}

export async function readZones(db: Kysely<Database>): Promise<Zone[]> {
  const rows = await db.selectFrom("pricing_zones").selectAll().orderBy("name").execute();
  return rows.map((r) => ({ id: r.id, name: r.name, lat: Number(r.lat), lng: Number(r.lng), radiusKm: Number(r.radius_km) }));
}

export async function readRouteFares(db: Kysely<Database>): Promise<RouteFare[]> {
  const rows = await db.selectFrom("route_fares").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map(toRouteFare);
}

export async function readExtras(db: Kysely<Database>, options: { activeOnly?: boolean } = {}): Promise<Extra[]> {
  let q = db.selectFrom("extras").selectAll().orderBy("sort_order").orderBy("code");
  if (options.activeOnly) q = q.where("active", "=", 1);
  return (await q.execute()).map(toExtra);
}

/** Everything a price needs from the office, read in one go. */
export async function readPricing(db: Kysely<Database>, settings?: Settings): Promise<PricingTables> {
  // The office's tables are kept (frozen) until one of them changes.
  const [s, [zones, fares, extras]] = await Promise.all([
    settings ?? getSettings(db),
    keptRead(db, "pricing-tables", ["pricing_zones", "route_fares", "extras"], () => Promise.all([readZones(db), readRouteFares(db), readExtras(db)])),
  ]);
  return {
    rules: rulesOf(s.pricing),
    settings: s.pricing,
    zones: new Map(zones.map((z) => [z.id, z])),
    fares,
    extras,
    rates: s.currency.rates,
    ratesSetAt: s.currency.ratesSetAt,
  };
}

/** A leg's ends, kilometres and start, as the pricing reads it. */
export interface LegForPrice {
  leg: LegName;
  from: LatLng | null;
  to: LatLng | null;
  km: Km;
  startsAt: string | null;
}

/** The legs priced for a car's category: each with its route's fixed price when it falls in one that prices the category (and the route it falls in, whatever it prices: a partner's own fare may). */
export function legsFor(tables: Pick<PricingTables, "fares" | "zones">, legs: readonly LegForPrice[], category: string): PricedLeg[] {
  return legs.map((l) => {
    const match = l.from && l.to ? matchFare(tables.fares, tables.zones, l.from, l.to) : null;
    const amount = match ? farePriceFor(match.fare, category) : null;
    return { leg: l.leg, km: l.km, startsAt: l.startsAt, fare: match && amount !== null ? { routeId: match.fare.id, amount } : null, routeId: match?.fare.id ?? null };
  });
}
