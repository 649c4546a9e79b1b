import type { Kysely } from "kysely";

/**
 * How a driver is paid (issue 34, the month's reports): `payout_rule` is "trip" (a fixed amount
 * per leg driven), "km" (an amount per kilometre of the legs driven) or "share" (a share of the
 * legs' price); null: no rule (the report shows no payout). `payout_kurus` is the amount of the
 * first two rules in kuruş (per leg, or per kilometre); `payout_share_bp` the share of the third
 * in basis points (25 % = 2500). Same columns on SQLite and PostgreSQL.
 *
 * And the reports' index (app/booking/store/reports.server.ts): the bookings of a period by pickup
 * date with every column the reports sum, so a year's 35,000 bookings are read from the index alone
 * (SQLite read each wide row through bookings_car_pickup_idx: about 5 times slower at 100,000 bookings).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("drivers").addColumn("payout_rule", "text").execute();
  await db.schema.alterTable("drivers").addColumn("payout_kurus", "integer").execute();
  await db.schema.alterTable("drivers").addColumn("payout_share_bp", "integer").execute();
  await db.schema
    .createIndex("bookings_report_idx")
    .on("bookings")
    .columns(["pickup_date", "status", "car_id", "channel", "partner_id", "trip_type", "total_price", "amount_paid", "total_distance", "total_duration", "hours", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_report_idx").execute();
  await db.schema.alterTable("drivers").dropColumn("payout_share_bp").execute();
  await db.schema.alterTable("drivers").dropColumn("payout_kurus").execute();
  await db.schema.alterTable("drivers").dropColumn("payout_rule").execute();
}
