import type { Kysely } from "kysely";

/**
 * The work list's round trips under way (outbound before the range, return in it: the `spanning`
 * part of app/booking/admin-bookings.server.ts) counted and paged from one index, with the status
 * and car filters in it too, instead of reading every booking that returns later (issue 17: at
 * 100 000 bookings that part took most of the upcoming list's time).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_return_pickup_idx").on("bookings").columns(["return_date", "pickup_date", "id", "status", "car_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_return_pickup_idx").execute();
}
