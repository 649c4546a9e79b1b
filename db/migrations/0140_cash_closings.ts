import { sql, type Kysely } from "kysely";

/**
 * Drivers' cash days (issue 30): what the office counted of a driver's collections on one day
 * (Istanbul date), against what the ledger says they took (`payments` rows of kind driver_cash by
 * that driver recorded that day), per currency in its minor units. One closing per driver and
 * day; `has_difference` flags a count that did not match.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("cash_closings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("driver_id", "text", (c) => c.notNull().references("drivers.id").onDelete("restrict"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("expected", "text", (c) => c.notNull())
    .addColumn("counted", "text", (c) => c.notNull())
    .addColumn("difference", "text", (c) => c.notNull())
    .addColumn("has_difference", "integer", (c) => c.notNull().defaultTo(0).check(sql`has_difference in (0, 1)`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("closed_by_id", "text")
    .addColumn("closed_by_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("closed_at", "text", (c) => c.notNull())
    .addUniqueConstraint("cash_closings_driver_day_unique", ["driver_id", "day"])
    .execute();
  await db.schema.createIndex("cash_closings_day_idx").on("cash_closings").column("day").execute();
  await db.schema.createIndex("payments_driver_idx").on("payments").columns(["driver_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("payments_driver_idx").execute();
  await db.schema.dropTable("cash_closings").execute();
}
