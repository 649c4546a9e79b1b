import { sql, type Kysely } from "kysely";

/**
 * Route fares (issue 14): a fixed price per vehicle category for a route from a place or a zone
 * to a place or a zone, both directions unless one-way. A place end keeps the gazetteer id, its
 * name and point; a zone end points at `pricing_zones`. `prices` is JSON: { category: kuruş }.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("route_fares")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("from_kind", "text", (c) => c.notNull().check(sql`from_kind in ('place', 'zone')`))
    .addColumn("from_place_id", "text")
    .addColumn("from_label", "text")
    .addColumn("from_lat", "double precision")
    .addColumn("from_lng", "double precision")
    .addColumn("from_zone_id", "text", (c) => c.references("pricing_zones.id").onDelete("restrict"))
    .addColumn("to_kind", "text", (c) => c.notNull().check(sql`to_kind in ('place', 'zone')`))
    .addColumn("to_place_id", "text")
    .addColumn("to_label", "text")
    .addColumn("to_lat", "double precision")
    .addColumn("to_lng", "double precision")
    .addColumn("to_zone_id", "text", (c) => c.references("pricing_zones.id").onDelete("restrict"))
    .addColumn("one_way", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("prices", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("route_fares").execute();
}
