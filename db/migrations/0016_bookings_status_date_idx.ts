import type { Kysely } from "kysely";

/** The admin list filtered by status, sorted by pickup date, without a sort step. */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_status_pickup_date_idx").on("bookings").columns(["status", "pickup_date", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_status_pickup_date_idx").execute();
}
