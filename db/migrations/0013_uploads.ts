import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("card_url", "text")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("car_id", "text", (c) => c.references("cars.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_car_idx").on("uploads").columns(["car_id"]).execute();
  await db.schema.createIndex("uploads_created_idx").on("uploads").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("uploads").execute();
}
