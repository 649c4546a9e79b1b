/**
 * Priced cars for a trip: only active cars that seat the passengers (and carry the luggage when
 * given), each with the breakdown of the one price function.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { toCar, type Car } from "~/fleet/car";
import { quoteForCar, type PriceBreakdown } from "./pricing";
import type { Trip } from "./trip.server";

export interface Quote {
  car: Car;
  price: PriceBreakdown;
}

export function priceTrip(car: { price_per_km: number | null; price_per_day: number | null }, trip: Trip): PriceBreakdown {
  return quoteForCar(car, trip.outbound.km, trip.return ? trip.return.km : null);
}

export async function quotesForTrip(
  db: Kysely<Database>,
  trip: Trip,
  needs: { passengers: number; luggage?: number | null },
): Promise<Quote[]> {
  let query = db.selectFrom("cars").selectAll().where("status", "=", "active").where("seats", ">=", needs.passengers);
  if (typeof needs.luggage === "number" && needs.luggage > 0) query = query.where("luggage", ">=", needs.luggage);
  const rows = await query.orderBy("sort_order").orderBy("created_at", "desc").orderBy("id").execute();
  // Rates are read from the row (kuruş), not from the lira shown by toCar.
  return rows.map((row) => ({ car: toCar(row), price: priceTrip(row, trip) })).sort((a, b) => a.price.total - b.price.total);
}
