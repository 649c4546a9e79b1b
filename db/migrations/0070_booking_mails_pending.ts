import { sql, type Kysely } from "kysely";

/**
 * When a booking's confirmation mails were left to be written after the answer (the server was
 * busy: app/booking/mail-later.server.ts); null once they are in the outbox. The partial index
 * keeps the sweep for leftovers a read of the few pending rows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("mails_pending_at", "text").execute();
  await sql`create index bookings_mails_pending on bookings (mails_pending_at) where mails_pending_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists bookings_mails_pending`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("mails_pending_at").execute();
}
