import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("preferred_vehicle", "text")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("ip", "text")
    .addColumn("read_at", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created_idx").on("contact_messages").columns(["created_at"]).execute();
  await db.schema
    .createIndex("contact_messages_read_idx")
    .on("contact_messages")
    .columns(["read_at", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("contact_messages").execute();
}
