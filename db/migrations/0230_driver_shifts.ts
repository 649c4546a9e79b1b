import type { Kysely } from "kysely";

/**
 * Drivers' shifts (issue 34). `driver_hours`: a driver's working hours per weekday (ISO weekday,
 * 1 Monday … 7 Sunday), `from`–`to` in Istanbul time ("HH:MM"; `to` before `from` is a night shift
 * ending the next morning), or `off` 1 for a day off every week. A driver without rows has no
 * schedule entered and is treated as always on duty. `driver_leaves`: leave and extra days off as
 * Istanbul date ranges, both days included, with an optional note.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("driver_hours")
    .addColumn("driver_id", "text", (c) => c.notNull().references("drivers.id").onDelete("cascade"))
    .addColumn("weekday", "integer", (c) => c.notNull())
    .addColumn("off", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("start_time", "text")
    .addColumn("end_time", "text")
    .addPrimaryKeyConstraint("driver_hours_pk", ["driver_id", "weekday"])
    .execute();
  await db.schema
    .createTable("driver_leaves")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("driver_id", "text", (c) => c.notNull().references("drivers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("leave"))
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("to_date", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("driver_leaves_driver_idx")
    .on("driver_leaves")
    .columns(["driver_id", "from_date"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("driver_leaves").execute();
  await db.schema.dropTable("driver_hours").execute();
}
