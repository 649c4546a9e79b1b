import type { Kysely } from "kysely";

/**
 * Drivers (issue 15): name, phone, WhatsApp number, the languages they speak (JSON list of codes),
 * licence number, active, and optionally the `driver` account that signs in to /driver.
 * `search_text` is the folded name and phone for the office's search.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("drivers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("whatsapp", "text")
    .addColumn("languages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("licence_number", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("user_id", "text", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("drivers").execute();
}
