import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("status_code", "integer", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("idempotency_keys").execute();
}
