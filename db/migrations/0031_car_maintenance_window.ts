import type { Kysely } from "kysely";

/**
 * A car's maintenance window (UTC instants, either end open): the car takes no trip that touches
 * it. The maintenance status without dates means "until further notice" (app/booking/availability.ts).
 */
const COLUMNS = ["maintenance_from", "maintenance_to"] as const;

export async function up(db: Kysely<unknown>) {
  for (const column of COLUMNS) await db.schema.alterTable("cars").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("cars").dropColumn(column).execute();
}
