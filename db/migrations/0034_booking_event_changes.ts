import type { Kysely } from "kysely";

/**
 * What an edit changed, beside the status changes in a booking's history: `booking_events.changes`
 * is JSON text (`{ fields: [{ field, from, to }], override? }`, app/booking/booking-changes.ts),
 * null on the rows written before (status changes, read as before). An edit event keeps
 * from_status = to_status = the booking's status. Frozen: no imports from the app.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("booking_events").addColumn("changes", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("booking_events").dropColumn("changes").execute();
}
