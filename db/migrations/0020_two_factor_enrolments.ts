import type { Kysely } from "kysely";

/** One-time links that let an admin enrol an authenticator app (the token's SHA-256 only). */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("two_factor_enrolments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("two_factor_enrolments").execute();
}
