import type { Kysely } from "kysely";

/**
 * A booking's special luggage (issue 32): JSON `{ prams, wheelchairs, golfBags, skis, bicycles }`
 * with the kinds brought (app/booking/rules/capacity.ts); null: none. Counted against the car's
 * luggage places beside the suitcases.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("luggage_items", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("luggage_items").execute();
}
