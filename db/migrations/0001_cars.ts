import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("cars")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("make", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("model", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category", "text", (c) => c.notNull().defaultTo("Sedan"))
    .addColumn("year", "integer")
    .addColumn("fuel_type", "text")
    .addColumn("seats", "integer", (c) => c.notNull().defaultTo(4).check(sql`seats between 1 and 60`))
    .addColumn("luggage", "integer", (c) => c.notNull().defaultTo(3).check(sql`luggage between 0 and 60`))
    .addColumn("price_per_km", "integer", (c) => c.check(sql`price_per_km >= 0`))
    .addColumn("price_per_day", "integer", (c) => c.check(sql`price_per_day >= 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("active").check(sql`status in ('active', 'maintenance', 'inactive')`),
    )
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("features", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maintenance_due_at", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cars_status_idx").on("cars").columns(["status", "sort_order"]).execute();
  await db.schema.createIndex("cars_category_idx").on("cars").columns(["category", "sort_order"]).execute();
  await db.schema.createIndex("cars_order_idx").on("cars").columns(["sort_order", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("cars").execute();
}
