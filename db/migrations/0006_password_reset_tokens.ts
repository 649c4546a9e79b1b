import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_user_idx")
    .on("password_reset_tokens")
    .columns(["user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("password_reset_tokens").execute();
}
