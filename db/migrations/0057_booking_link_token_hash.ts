import type { Kysely } from "kysely";

/**
 * A second private link, minted when the first cannot be derived again (a booking made before
 * 0056, or a secret no longer configured): SHA-256 of its token. The first link keeps working.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("link_token_hash", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("link_token_hash").execute();
}
