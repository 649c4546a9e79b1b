import type { Kysely } from "kysely";

/**
 * The private booking link can be shown again (issue 16): its token is HMAC(SESSION_SECRET,
 * "booking-link:{id}:{nonce}") with this stored nonce (app/booking/booking-link.server.ts). Null for
 * bookings made before, whose link is minted anew when a message needs one.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("link_nonce", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("link_nonce").execute();
}
