import type { Kysely } from "kysely";

/**
 * The hotel or street address a guest gives for each end of a trip that is not an airport
 * ("Kempinski Hotel The Dome" in Belek): nullable text, one column per leg end. Null for older rows
 * and for ends left empty. Four columns of one change; a column already there (a run cut short on
 * SQLite, whose DDL is not transactional) is left as it is, so the migration can run again.
 */
const COLUMNS = ["pickup_address", "dropoff_address", "return_pickup_address", "return_dropoff_address"] as const;

async function existing(db: Kysely<unknown>): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  const bookings = tables.find((t) => t.name === "bookings");
  return new Set(bookings?.columns.map((c) => c.name) ?? []);
}

export async function up(db: Kysely<unknown>) {
  const have = await existing(db);
  for (const column of COLUMNS) {
    if (!have.has(column)) await db.schema.alterTable("bookings").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>) {
  const have = await existing(db);
  for (const column of COLUMNS) {
    if (have.has(column)) await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
}
