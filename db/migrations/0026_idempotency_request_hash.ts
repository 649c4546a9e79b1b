import type { Kysely } from "kysely";

/**
 * The SHA-256 of the request body (canonical JSON) an answer was stored for: the same
 * Idempotency-Key with another body is refused instead of replayed. Null for older rows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("idempotency_keys").addColumn("request_hash", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("idempotency_keys").dropColumn("request_hash").execute();
}
