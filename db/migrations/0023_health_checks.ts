import type { Kysely } from "kysely";

/** One row per checker that /readyz rewrites, to prove the database accepts a write. */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("health_checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("health_checks").execute();
}
