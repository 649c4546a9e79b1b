import { sql, type Kysely } from "kysely";

/**
 * The driver's steps on a leg, one row each (issue 31): accepted, on the way, at the pickup,
 * passenger on board, completed, no-show, and the decline with its reason. `at` is when the step
 * was recorded; the position (`lat`, `lng`, `accuracy` in metres, `position_at`: when the phone
 * took it) only when the driver allowed it, during an active leg. Positions are personal data: the
 * retention job (app/notify/positions.server.ts) clears them after the days set in the settings and
 * notes when (`position_cleared_at`); the step and its time stay, as the record of the trip.
 * `booking_legs` keeps only the leg's last step: this table is its history (the no-show evidence reads it).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("leg_steps")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("leg", "text", (c) => c.notNull().check(sql`leg in ('outbound', 'return')`))
    .addColumn("driver_id", "text")
    .addColumn("step", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("lat", "double precision")
    .addColumn("lng", "double precision")
    .addColumn("accuracy", "integer")
    .addColumn("position_at", "text")
    .addColumn("position_cleared_at", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("leg_steps_booking_idx").on("leg_steps").columns(["booking_id", "leg", "at"]).execute();
  await db.schema.createIndex("leg_steps_position_idx").on("leg_steps").column("position_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("leg_steps").execute();
}
