/** The car cards' prices under the office's current rules (settings → pricing), by car id. */
import type { Kysely } from "kysely";
import { rulesOf } from "~/pricing/pricing.server";
import type { Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import type { Car } from "./car";
import { cardPrices, type CardPrices } from "./card-prices";

export async function cardPricesFor(db: Kysely<Database>, cars: readonly Car[]): Promise<Record<string, CardPrices>> {
  if (cars.length === 0) return {};
  const rules = rulesOf((await getSettings(db)).pricing);
  return Object.fromEntries(cars.map((car) => [car.id, cardPrices(car, rules)]));
}
