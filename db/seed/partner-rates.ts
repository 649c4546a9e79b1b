/**
 * The demo agency's own rates (issue 33: SONNE on the "net" rule), through the production write
 * path (savePartnerNetRates): on every airport route fare its Sedan, Minivan and VIP fares at about
 * 85 % of the public fare (rounded to 50 TL), and net rates per km for those categories for the
 * trips no route fare covers. The office sees them on /admin/partners/{id}/rates.
 */
import type { Kysely } from "kysely";
import type { NetRatesInput } from "~/partners/net-rates";
import { savePartnerNetRates } from "~/partners/net-rates.server";
import { readRouteFares } from "~/pricing/pricing.server";
import type { Database } from "~/server/db/schema";
import { SEED_AIRPORTS } from "./pricing";

/** The agency's share of the public fare, and its rates per km (lira) by category. */
const NET_SHARE = 0.85;
const NET_PER_KM: Record<string, number> = { Sedan: 19, Minivan: 26, VIP: 32 };

export async function seedPartnerNetRates(db: Kysely<Database>, partnerId: string) {
  const airports = new Set(Object.values(SEED_AIRPORTS).map((a) => a.placeId));
  const routes = (await readRouteFares(db)).filter((f) => f.from.kind === "place" && airports.has(f.from.placeId));
  const input: NetRatesInput = {
    fares: routes.flatMap((route) =>
      Object.keys(NET_PER_KM)
        .filter((category) => route.prices[category] !== undefined)
        .map((category) => ({ routeFareId: route.id, category, amount: { field: category, value: Math.round((route.prices[category]! / 100) * NET_SHARE / 50) * 50 } })),
    ),
    categories: Object.entries(NET_PER_KM).map(([category, perKm]) => ({ category, field: category, perKm: { field: category, value: perKm }, perHour: { field: category, value: null } })),
  };
  const result = await savePartnerNetRates(db, partnerId, input, null);
  if (!result.ok) throw new Error(`demo net rates refused: ${JSON.stringify(result)}`);
}
