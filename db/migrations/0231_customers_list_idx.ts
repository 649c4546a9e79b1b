import { sql, type Kysely } from "kysely";

/**
 * The customer list's order (issue 34, 100,000 guests): the live guests (not anonymised) by their
 * last booking, newest first, then id, as `customersMatching` pages them. The page's ids are read
 * from this index alone (a deep page skips index entries, not rows) and the count of live guests
 * too; the rows are then fetched by key. The index and the query both say `last_booked_at desc`
 * with each engine's own place for nulls, so the index serves the order on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex("customers_live_last_booked_idx")
    .on("customers")
    .columns(["last_booked_at desc", "id"])
    .where(sql.ref("anonymised_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("customers_live_last_booked_idx").execute();
}
