/**
 * A partner's prices (issue 33): for each quoted car, what the guest pays, what the partner's
 * price is (net) and what it earns (commission), by the partner's rule as it is now (its
 * commission off the public price, or its own fares and car rates through the one price function;
 * rules/partner-price.ts). `createBooking` keeps the commission on the booking through it, and the
 * partner portal's results page shows the net beside the guest price with it.
 */
import type { Kysely } from "kysely";
import { readPartnerTerms } from "~/partners/net-rates.server";
import type { Database } from "~/server/db/schema";
import type { Kurus } from "~/utils/money";
import { partnerShare, type PartnerRateRule, type PartnerTerms } from "./rules/partner-price";
import type { PriceBreakdown, PriceRequest } from "./rules/pricing";

/** A car as quoted: its price and what it was priced from (`Quote.request` of quotesForTrip). */
export interface QuotedForPartner {
  carId: string;
  price: Pick<PriceBreakdown, "total">;
  /** a party in several cars: one request per car, the extras with the first */
  request: PriceRequest | readonly PriceRequest[];
}

export interface PartnerPrice {
  carId: string;
  rule: PartnerRateRule;
  /** what the guest pays: the public price (the quote's total) */
  guest: Kurus;
  /** what the partner's price is: the guest price less the commission */
  net: Kurus;
  /** what the partner earns: never below 0 */
  commission: Kurus;
}

/** No such partner: it earns nothing (the booking's partner id would be refused by the database anyway). */
const NOTHING: PartnerTerms = { rule: "commission", commissionBp: 0, rates: { fares: {}, categories: {} } };

/**
 * The partner's prices for the quoted cars, in their order: one read of its rule and rates, then
 * pure arithmetic. Usage (the portal's results): `partnerPrices(db, partnerId, quotes.map((q) =>
 * ({ carId: q.car.id, price: q.price, request: q.request })))`.
 */
export async function partnerPrices(db: Kysely<Database>, partnerId: string, quoted: readonly QuotedForPartner[]): Promise<PartnerPrice[]> {
  const terms = (await readPartnerTerms(db, partnerId)) ?? NOTHING;
  return quoted.map((q) => {
    const requests: readonly PriceRequest[] = Array.isArray(q.request) ? q.request : [q.request as PriceRequest];
    return { carId: q.carId, rule: terms.rule, ...partnerShare(terms, q.price.total, requests) };
  });
}
