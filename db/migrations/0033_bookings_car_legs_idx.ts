import type { Kysely } from "kysely";

/**
 * Availability reads a car's legs near a time (car, pickup or return date); the dispatch board
 * and the list's date filters read return legs by date.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("bookings_car_pickup_idx").on("bookings").columns(["car_id", "pickup_date"]).execute();
  await db.schema.createIndex("bookings_car_return_idx").on("bookings").columns(["car_id", "return_date"]).execute();
  await db.schema.createIndex("bookings_return_date_idx").on("bookings").columns(["return_date"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_return_date_idx").execute();
  await db.schema.dropIndex("bookings_car_return_idx").execute();
  await db.schema.dropIndex("bookings_car_pickup_idx").execute();
}
