import type { Kysely } from "kysely";

/**
 * Instant confirmation (issue 32): when the system confirmed a booking the moment it was made (the
 * car free, the lead time met, no rule asking for a person; settings `booking.autoConfirm`), the
 * instant it did. Null: confirmed by a person (or the payment), or not confirmed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("auto_confirmed_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("auto_confirmed_at").execute();
}
