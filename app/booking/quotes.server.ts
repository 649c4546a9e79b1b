/**
 * Priced cars for a trip: only active cars that seat the passengers (and carry the luggage when
 * given), each with the breakdown of the one price function.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { toCar, type Car } from "~/fleet/car";
import { hasProblems } from "~/i18n/problem";
import { capacityProblems } from "./capacity";
import { carRates, quoteForCar, type CarRates, type PriceBreakdown } from "./pricing";
import type { Trip } from "./trip.server";

export interface Quote {
  car: Car;
  price: PriceBreakdown;
}

export function priceTrip(car: CarRates, trip: Trip): PriceBreakdown {
  return quoteForCar(car, trip.outbound.km, trip.return ? trip.return.km : null);
}

export async function quotesForTrip(
  db: Kysely<Database>,
  trip: Trip,
  needs: { passengers: number; luggage?: number | null },
): Promise<Quote[]> {
  const rows = await db.selectFrom("cars").selectAll().where("status", "=", "active").orderBy("sort_order").orderBy("created_at", "desc").orderBy("id").execute();
  // The one capacity rule decides which cars fit (a fleet is small: read it, then filter).
  const fitting = rows.filter((row) => !hasProblems(capacityProblems({ passengers: needs.passengers, luggage: needs.luggage ?? null }, row)));
  // Rates are read from the row (kuruş), not from the lira shown by toCar.
  return fitting.map((row) => ({ car: toCar(row), price: priceTrip(carRates(row), trip) })).sort((a, b) => a.price.total - b.price.total);
}
