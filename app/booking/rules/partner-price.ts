/**
 * A partner's price (issue 33). The guest always pays the public price; the partner earns by its
 * rule (docs/decisions/019-partners.md):
 * - "commission": basis points off that price (1250 = 12.5 %), rounded to the kuruş;
 * - "net": its own fares (per route fare and car category) and car rates (per km, per hour) in
 *   place of the public ones, priced by the same `quoteForCar` (night surcharge, return discount,
 *   minimum fare and extras as for the public); it earns the public price less that net price,
 *   never less than nothing.
 * What the partner owes us for a booking it collected itself is the net: the price less the
 * commission. Pure, browser-safe.
 */
import { kurus, type Kurus } from "~/utils/money";
import type { PartnerRateRule } from "~/server/db/partners-schema";
import { quoteForCar, type OwnRates, type PriceRequest } from "./pricing";

export type { PartnerRateRule };

export function partnerCommission(total: Kurus, commissionBp: number): Kurus {
  const bp = Math.min(Math.max(Math.trunc(commissionBp), 0), 10_000);
  return kurus(Math.round((total * bp) / 10_000));
}

export const netPrice = (total: Kurus, commission: Kurus): Kurus => kurus(total - commission);

/** A partner's own rates, kuruş, by the car category's own spelling (as the route fares name it). */
export interface PartnerNetRates {
  /** route fare id → category → the partner's fare */
  fares: Readonly<Record<string, Readonly<Record<string, Kurus>>>>;
  /** category → its net rates for trips no own fare covers (per km) and for hourly hire (per hour) */
  categories: Readonly<Record<string, { perKm: Kurus | null; perHour: Kurus | null }>>;
}

export const NO_NET_RATES: PartnerNetRates = { fares: {}, categories: {} };

/** How a partner earns, as its booking and its portal read it. */
export interface PartnerTerms {
  rule: PartnerRateRule;
  commissionBp: number;
  rates: PartnerNetRates;
}

const sameCategory = (a: string, b: string) => a.normalize("NFC").trim().toLowerCase() === b.normalize("NFC").trim().toLowerCase();

/** The partner's rates for one car category, as the price function takes them (a category is matched in any case, as the route fares match it). */
export function ownRatesFor(rates: PartnerNetRates, category: string): OwnRates {
  const fares: Record<string, Kurus> = {};
  for (const [routeId, byCategory] of Object.entries(rates.fares)) {
    const hit = Object.entries(byCategory).find(([name]) => sameCategory(name, category));
    if (hit) fares[routeId] = hit[1];
  }
  const own = Object.entries(rates.categories).find(([name]) => sameCategory(name, category))?.[1];
  return { fares, perKm: own?.perKm ?? null, perHour: own?.perHour ?? null };
}

/** What the guest pays, what the partner's price is (net) and what it earns (commission), kuruş. */
export interface PartnerShare {
  guest: Kurus;
  net: Kurus;
  commission: Kurus;
}

/**
 * A partner's share of a price: `guest` is what the guest pays (the quote's total, or the price
 * agreed in its place); `requests` are the price requests the quote was made from (a party in
 * several cars: one per car, the extras with the first), repriced at the partner's own rates on
 * the "net" rule. The net is then what the partner's price is, unless it is above the guest's:
 * the commission is never below 0 and the net never above the guest price.
 */
export function partnerShare(terms: PartnerTerms, guest: Kurus, requests: readonly PriceRequest[]): PartnerShare {
  if (terms.rule !== "net") {
    const commission = partnerCommission(guest, terms.commissionBp);
    return { guest, net: netPrice(guest, commission), commission };
  }
  const own = kurus(requests.reduce((sum, request) => sum + quoteForCar({ ...request, ownRates: ownRatesFor(terms.rates, request.car.category) }).total, 0));
  const commission = kurus(Math.max(0, guest - own));
  return { guest, net: netPrice(guest, commission), commission };
}
