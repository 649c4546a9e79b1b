import type { Kysely } from "kysely";

/**
 * The office's flag on a booking the guest changed or cancelled from the private link (issue 16):
 * what the guest did last ("changed" or "cancelled") and when; both null once the office has seen it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("guest_change", "text").execute();
  await db.schema.alterTable("bookings").addColumn("guest_changed_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("guest_changed_at").execute();
  await db.schema.alterTable("bookings").dropColumn("guest_change").execute();
}
