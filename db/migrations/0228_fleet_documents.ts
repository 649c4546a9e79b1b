import { sql, type Kysely } from "kysely";

/**
 * Documents that expire (issue 34): a car's traffic insurance, kasko, inspection and route permit,
 * a driver's licence, SRC and psychotechnic certificate. One row per owner and kind, owned by a car
 * (`car_id`) or a driver (`driver_id`), going with it. `expires_on` is a calendar day (yyyy-mm-dd,
 * Istanbul); a kind with no row is "not entered". The optional scan is kept in the row (`file_data`,
 * base64 text on both engines) because it is personal data: it is served only to staff, through the
 * back office, never from the public image storage. `warned` lists the thresholds (days before the
 * expiry: 30, 7, 1, 0) already announced for this `expires_on`; a changed date empties it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("fleet_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("car_id", "text", (c) => c.references("cars.id").onDelete("cascade"))
    .addColumn("driver_id", "text", (c) => c.references("drivers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("expires_on", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("file_type", "text")
    .addColumn("file_size", "integer")
    .addColumn("file_data", "text")
    .addColumn("warned", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("fleet_documents_car_idx")
    .on("fleet_documents")
    .columns(["car_id", "kind"])
    .unique()
    .where(sql.ref("car_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("fleet_documents_driver_idx")
    .on("fleet_documents")
    .columns(["driver_id", "kind"])
    .unique()
    .where(sql.ref("driver_id"), "is not", null)
    .execute();
  await db.schema.createIndex("fleet_documents_expiry_idx").on("fleet_documents").column("expires_on").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("fleet_documents").execute();
}
