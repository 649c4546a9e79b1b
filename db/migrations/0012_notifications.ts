import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("link", "text")
    .addColumn("related_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addUniqueConstraint("notifications_kind_related_unique", ["kind", "related_id"])
    .execute();
  await db.schema.createIndex("notifications_created_idx").on("notifications").columns(["created_at"]).execute();
  await db.schema
    .createIndex("notifications_read_idx")
    .on("notifications")
    .columns(["read_at", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("notifications").execute();
}
