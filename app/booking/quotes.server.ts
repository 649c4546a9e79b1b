/**
 * Priced cars for a trip: only active cars that seat the passengers (and carry the luggage when
 * given), each with the breakdown of the one price function and, when the trip's times are known,
 * whether the car is free for every leg (availability.ts: busy with another leg, in maintenance).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { toCar, type Car } from "~/fleet/car";
import { hasProblems } from "~/i18n/problem";
import { spanOf, type Conflict, type Span } from "./rules/availability";
import { fleetConflicts, readBufferMinutes } from "./availability.server";
import { capacityProblems, luggageAsPlaces, type LuggageItems } from "./rules/capacity";
import { compareCarsForParty } from "./rules/car-order";
import { carRates, hiresByTheHour, quoteForCar, type PriceBreakdown, type PricedCar, type PriceRequest } from "./rules/pricing";
import { legsFor, readPricing, type PricingTables } from "~/pricing/pricing.server";
import type { Extra } from "~/booking/rules/extras";
import { toBusinessDateTime, toInstant } from "./rules/datetime";
import type { Search } from "./rules/search";
import type { Trip } from "./trip.server";
import type { Minutes } from "./rules/units";
import { keptRead } from "~/server/db/kept-reads.server";

/** Why a fitting car cannot take the trip, in one word the pages translate (`bookingResults.busy.*`). */
export type Unavailability = Exclude<Conflict["kind"], "missing">;

export interface Quote {
  car: Car;
  price: PriceBreakdown;
  /** what the price was computed from: a partner's net price is the same request at its own rates (partnerPrices) */
  request: PriceRequest;
  /** null: free for every leg (or no times given) */
  unavailable: Unavailability | null;
}

/** Extras as chosen and checked (app/pricing/extras.ts `checkExtraChoices`). */
export type ChosenExtras = ReadonlyArray<{ extra: Extra; quantity: number; text: string | null }>;

/**
 * What a planned trip is priced from for a car: each leg with its route fare for the car's
 * category, its start (for the night surcharge), the hours of a hire, the extras.
 */
export function priceRequestFor(
  tables: Pick<PricingTables, "rules" | "fares" | "zones">,
  car: PricedCar,
  trip: Pick<Trip, "outbound" | "return" | "hours">,
  times: { pickupAt: string | null; returnAt?: string | null },
  extras: ChosenExtras = [],
): PriceRequest {
  const legs = legsFor(
    tables,
    [
      { leg: "outbound", from: trip.outbound.from, to: trip.outbound.to, km: trip.outbound.km, startsAt: times.pickupAt },
      ...(trip.return ? [{ leg: "return" as const, from: trip.return.from, to: trip.return.to, km: trip.return.km, startsAt: times.returnAt ?? null }] : []),
    ],
    car.category,
  );
  return { car, legs, hours: trip.hours, extras, rules: tables.rules };
}

/** A planned trip priced for a car by the one price function (`priceRequestFor`, then `quoteForCar`). */
export const priceTrip = (...args: Parameters<typeof priceRequestFor>): PriceBreakdown => quoteForCar(priceRequestFor(...args));

/** The legs of a trip in time: each pickup to pickup + its route minutes. */
export function tripSpans(trip: Pick<Trip, "outbound" | "return">, pickupAt: string, returnAt: string | null | undefined): Span[] {
  return [spanOf(pickupAt, trip.outbound.minutes), ...(trip.return && returnAt ? [spanOf(returnAt, trip.return.minutes)] : [])];
}

/** The legs of a searched trip in time (the search's Istanbul date and time of each pickup). */
export function searchSpans(trip: Pick<Trip, "outbound" | "return">, search: Search): Span[] {
  const pickupAt = toInstant(toBusinessDateTime(search.date, search.time));
  if (!pickupAt) return [];
  const returnAt = search.tripType === "roundTrip" ? toInstant(toBusinessDateTime(search.returnDate, search.returnTime)) : null;
  return tripSpans(trip, pickupAt, returnAt);
}

/** A conflict's reason as shown: a booking first (the most common), then maintenance. */
const reasonOf = (conflicts: readonly Conflict[]): Unavailability | null =>
  conflicts.length === 0 ? null : conflicts.some((c) => c.kind === "booking") ? "booking" : conflicts.some((c) => c.kind === "maintenance") ? "maintenance" : "inactive";

/**
 * The fitting active cars, free ones first, then in the order that suits the party (rules/car-order.ts). With `spans` (the trip's legs in time)
 * each car says whether it is free; without them every car counts as free.
 */
export async function quotesForTrip(
  db: Kysely<Database>,
  trip: Trip,
  needs: { passengers: number; luggage?: number | null; luggageItems?: LuggageItems | null },
  spans?: readonly Span[],
  options: {
    tables?: PricingTables;
    extras?: ChosenExtras;
    /** the office's buffer, when the caller read the settings already */
    buffer?: Minutes;
    /** every active car, whatever its size (a party's combinations, groups.server.ts) */
    anySize?: boolean;
  } = {},
): Promise<Quote[]> {
  const tables = options.tables ?? (await readPricing(db));
  // The active fleet is kept until a car changes (every search reads it; app/server/db/kept-reads.server.ts).
  const rows = await keptRead(db, "active-cars", ["cars"], () =>
    db.selectFrom("cars").selectAll().where("status", "=", "active").orderBy("sort_order").orderBy("created_at", "desc").orderBy("id").execute(),
  );
  // The one capacity rule decides which cars fit (a fleet is small: read it, then filter).
  // An hourly hire is offered in the cars that have an hourly rate.
  const fitting = rows.filter(
    (row) => (options.anySize || !hasProblems(capacityProblems({ passengers: needs.passengers, luggage: needs.luggage ?? null, luggageItems: needs.luggageItems ?? null }, row))) && (trip.hours === null || hiresByTheHour(carRates(row))),
  );
  const conflicts = spans?.length && fitting.length ? await fleetConflicts(db, fitting, spans, options.buffer ?? (await readBufferMinutes(db))) : new Map<string, Conflict[]>();
  // Rates are read from the row (kuruş), not from the lira shown by toCar.
  return fitting
    .map((row) => {
      const request = priceRequestFor(tables, carRates(row), trip, { pickupAt: spans?.[0]?.start ?? null, returnAt: spans?.[1]?.start ?? null }, options.extras);
      return { car: toCar(row), price: quoteForCar(request), request, unavailable: reasonOf(conflicts.get(row.id) ?? []) };
    })
    .sort((a, b) => Number(a.unavailable !== null) - Number(b.unavailable !== null) || compareCarsForParty({ ...a.car, total: a.price.total }, { ...b.car, total: b.price.total }, { passengers: needs.passengers, luggage: luggageAsPlaces({ luggage: needs.luggage ?? null, luggageItems: needs.luggageItems }) }));
}
