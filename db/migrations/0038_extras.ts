import { sql, type Kysely } from "kysely";

/**
 * Extras (issue 14): names in the four public languages (JSON), a price in kuruş per booking or
 * per unit, the most a booking may take, whether the guest types a text with it (the name sign).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("extras")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("names", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("pricing", "text", (c) => c.notNull().check(sql`pricing in ('booking', 'unit')`))
    .addColumn("max_quantity", "integer", (c) => c.notNull().check(sql`max_quantity between 1 and 20`))
    .addColumn("needs_text", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("extras").execute();
}
