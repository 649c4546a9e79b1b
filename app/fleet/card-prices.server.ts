/** The car cards' prices under the office's current rules and fixed routes (settings → pricing), by car id. */
import type { Kysely } from "kysely";
import { fareEndLabel } from "~/booking/rules/fares";
import { placeNameIn } from "~/places/gazetteer.server";
import { readPricing } from "~/pricing/pricing.server";
import type { Database } from "~/server/db/schema";
import type { Car } from "./car";
import { cardPrices, type CardPrices, type CardRoute } from "./card-prices";

export async function cardPricesFor(db: Kysely<Database>, cars: readonly Car[], language: string): Promise<Record<string, CardPrices>> {
  if (cars.length === 0) return {};
  const tables = await readPricing(db);
  // A route's ends in the reader's language where the gazetteer knows them ("Antalya Airport (AYT)"), else as the office typed them.
  const named = (end: CardRoute["fare"]["from"]) => placeNameIn(fareEndLabel(end, tables.zones), language);
  const routes: CardRoute[] = tables.fares.filter((f) => f.active).map((fare) => ({ fare, from: named(fare.from), to: named(fare.to) }));
  return Object.fromEntries(cars.map((car) => [car.id, cardPrices(car, tables.rules, routes)]));
}
