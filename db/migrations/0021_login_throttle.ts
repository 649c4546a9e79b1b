import type { Kysely } from "kysely";

/**
 * Failed sign-ins, counted per (account, address) pair, per address and per account, with the
 * time until which each is slowed down (app/auth/throttle.server.ts). Kept in the database so
 * every app instance agrees.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("account", "text")
    .addColumn("address", "text")
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failure_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("login_throttle").execute();
}
