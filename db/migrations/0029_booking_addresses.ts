import type { Kysely } from "kysely";

/**
 * The hotel or street address a guest gives for each end of a trip that is not an airport
 * ("Kempinski Hotel The Dome" in Belek): nullable text, one column per leg end, added together as
 * one change (the four ends of one feature). Null for older rows and for ends left empty.
 */
const COLUMNS = ["pickup_address", "dropoff_address", "return_pickup_address", "return_dropoff_address"] as const;

export async function up(db: Kysely<unknown>) {
  for (const column of COLUMNS) await db.schema.alterTable("bookings").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("bookings").dropColumn(column).execute();
}
