import type { Kysely } from "kysely";

/**
 * A quote request's special luggage (issue 32): JSON `{ prams, wheelchairs, golfBags, skis, bicycles }`
 * with the kinds the guest brings, as `bookings.luggage_items` (migration 0213); null: none.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("quote_requests").addColumn("luggage_items", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("quote_requests").dropColumn("luggage_items").execute();
}
