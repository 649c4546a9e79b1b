import type { Kysely } from "kysely";

/**
 * What a booking bought (issue 14): `hours` of hourly hire (null for a transfer; the trip type stays
 * 'oneWay'), the extras as booked (JSON), the price's lines (JSON, app/booking/pricing.ts), and the
 * currency the guest saw with its rate (lira × 10,000 per unit) and the amount in that currency's
 * minor units; `total_price` stays the lira charged.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("hours", "integer").execute();
  await db.schema.alterTable("bookings").addColumn("extras", "text", (c) => c.notNull().defaultTo("[]")).execute();
  await db.schema.alterTable("bookings").addColumn("price_lines", "text", (c) => c.notNull().defaultTo("[]")).execute();
  await db.schema.alterTable("bookings").addColumn("currency", "text", (c) => c.notNull().defaultTo("TRY")).execute();
  await db.schema.alterTable("bookings").addColumn("currency_rate", "integer").execute();
  await db.schema.alterTable("bookings").addColumn("currency_total", "integer").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ["currency_total", "currency_rate", "currency", "price_lines", "extras", "hours"]) {
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
}
