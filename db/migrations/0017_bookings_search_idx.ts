import type { Kysely } from "kysely";

/**
 * A narrow copy of what the admin search reads (folded text, date, id): a `like '%…%'` search then
 * scans this index instead of the wide booking rows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_search_idx").on("bookings").columns(["search_text", "pickup_date", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_search_idx").execute();
}
