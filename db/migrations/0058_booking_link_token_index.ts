import type { Kysely } from "kysely";

/** The minted link is looked up by its hash, like access_token_hash: unique (nulls allowed). */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_link_token_hash_idx").on("bookings").column("link_token_hash").unique().execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_link_token_hash_idx").execute();
}
