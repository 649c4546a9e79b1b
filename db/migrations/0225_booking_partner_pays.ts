import type { Kysely } from "kysely";

/**
 * Who pays a partner's booking (issue 33): 0, the guest in the car (the partner is owed its
 * commission), or 1, the partner on its monthly statement (it owes us the net). Chosen per booking
 * in the partner portal; the partner's credit terms give the default.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("partner_pays", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("partner_pays").execute();
}
