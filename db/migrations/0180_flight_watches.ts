import { sql, type Kysely } from "kysely";

/**
 * Flights tracked (issue 31): one `flight_watches` row per booking whose outbound pickup is an
 * airport and that has a flight number. The tracker (app/flights/tracker.server.ts) reads the
 * flight at the provider and keeps here what it last heard: the normalised status, the scheduled,
 * estimated and actual landing (UTC), whether the number exists on that date, and the pickup it
 * plans from them (`planned_pickup_at`; the booking's own pickup time is never overwritten).
 * `next_check_at` says when to look again; `claimed_at`/`claimed_by` are the lease that keeps two
 * instances from asking the provider for the same check; `attempts` counts failed calls in a row
 * (the backoff). `notified_*` is what the driver and the office were last told.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("flight_watches")
    .addColumn("booking_id", "text", (c) => c.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("flight_number", "text", (c) => c.notNull())
    .addColumn("flight_date", "text", (c) => c.notNull())
    .addColumn("airport", "text", (c) => c.notNull())
    .addColumn("pickup_location", "text", (c) => c.notNull())
    .addColumn("booked_pickup_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("unknown").check(sql`status in ('scheduled', 'en_route', 'landed', 'delayed', 'cancelled', 'diverted', 'unknown')`),
    )
    .addColumn("scheduled_at", "text")
    .addColumn("estimated_at", "text")
    .addColumn("actual_at", "text")
    .addColumn("planned_pickup_at", "text")
    .addColumn("not_found", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_at", "text")
    .addColumn("next_check_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("claimed_at", "text")
    .addColumn("claimed_by", "text")
    .addColumn("notified_pickup_at", "text")
    .addColumn("notified_status", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("flight_watches_due_idx").on("flight_watches").column("next_check_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("flight_watches").execute();
}
