import type { Kysely } from "kysely";

/**
 * The return leg's own car (issue 15: a car per leg); null means the booking's car (`car_id`)
 * drives both legs, as every booking before this migration does.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("return_car_id", "text").execute();
  await db.schema.createIndex("bookings_return_car_idx").on("bookings").columns(["return_car_id", "return_date"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_return_car_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("return_car_id").execute();
}
