import type { Kysely } from "kysely";

/** When the guest agreed on the booking form to booking updates by WhatsApp or SMS (null: not asked or declined). */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("messaging_consent_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("messaging_consent_at").execute();
}
