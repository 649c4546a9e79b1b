import type { Kysely } from "kysely";

/**
 * Pricing zones (issue 14): a named centre and radius ("Belek", 6 km) that route fares start or
 * end in (app/pricing/fares.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("pricing_zones")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("lat", "double precision", (c) => c.notNull())
    .addColumn("lng", "double precision", (c) => c.notNull())
    .addColumn("radius_km", "double precision", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("pricing_zones").execute();
}
