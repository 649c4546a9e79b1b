import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").columns(["user_id"]).execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").columns(["expires_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("sessions").execute();
}
