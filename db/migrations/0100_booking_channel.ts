import { sql, type Kysely } from "kysely";

/**
 * Where each booking came from (issue 29, DESIGN.md §9): the site, the API, the office by phone,
 * WhatsApp, e-mail or at the desk, or a partner. Bookings made before this migration came through
 * the site or the API and nothing recorded which: they read "site". The list filters by it, the
 * CSV exports it and the dashboard counts it (a month's bookings by channel read from the index on created_at, channel).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("bookings")
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("site").check(sql`channel in ('site', 'api', 'phone', 'whatsapp', 'email', 'desk', 'partner')`))
    .execute();
  await db.schema.createIndex("bookings_created_channel_idx").on("bookings").columns(["created_at", "channel"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_created_channel_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("channel").execute();
}
