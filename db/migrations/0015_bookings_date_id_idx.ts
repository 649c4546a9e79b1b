import type { Kysely } from "kysely";

/** The admin list sorts by pickup date then id and the CSV export pages on that pair (keyset). */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_pickup_date_id_idx").on("bookings").columns(["pickup_date", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_pickup_date_id_idx").execute();
}
