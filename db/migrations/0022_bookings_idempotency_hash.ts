import type { Kysely } from "kysely";

/**
 * The SHA-256 of the request body (canonical JSON) a booking was created from under an
 * Idempotency-Key: the same key with another body is refused instead of replayed. Null for
 * bookings made without a key and for older rows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("idempotency_hash", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("idempotency_hash").execute();
}
