import { sql, type Kysely } from "kysely";

/**
 * The office's corrections of the shipped road distances (app/places/road-distances.ts): one row
 * per pair of gazetteer places, stored in id order (`place_a` < `place_b`), with who saved it and
 * when. A row wins over the shipped figure; deleting it goes back to the published one.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("road_distances")
    .addColumn("place_a", "text", (c) => c.notNull())
    .addColumn("place_b", "text", (c) => c.notNull())
    .addColumn("km", "double precision", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("road_distances_pk", ["place_a", "place_b"])
    .addCheckConstraint("road_distances_order", sql`place_a < place_b`)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("road_distances").execute();
}
