import { sql, type Kysely } from "kysely";

/**
 * Quote requests (issue 29): a trip the site could not price (a place it does not know, more
 * passengers than any car, a pickup inside the lead time), sent to the office instead of being
 * turned away. The office answers with an offer: the booking it would make (the office's entry, as
 * JSON in `offer`, with its price in `offer_total`) and a link for the guest, of which only the
 * SHA-256 is kept (`offer_token_hash`). Accepting makes the booking through the booking module's
 * front door (`booking_id`). Status: open → offered → accepted; open or offered → closed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("quote_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'offered', 'accepted', 'closed')`))
    .addColumn("reasons", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("trip_type", "text", (c) => c.notNull())
    .addColumn("pickup", "text", (c) => c.notNull())
    .addColumn("dropoff", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pickup_at", "text", (c) => c.notNull())
    .addColumn("return_at", "text")
    .addColumn("hours", "integer")
    .addColumn("passengers", "integer", (c) => c.notNull())
    .addColumn("luggage", "integer")
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("customer_id", "text", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("offer", "text")
    .addColumn("offer_total", "integer")
    .addColumn("offer_note", "text")
    .addColumn("offer_token_hash", "text", (c) => c.unique())
    .addColumn("offered_at", "text")
    .addColumn("offered_by", "text")
    .addColumn("offer_expires_at", "text")
    .addColumn("booking_id", "text", (c) => c.references("bookings.id").onDelete("set null"))
    .addColumn("accepted_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("close_reason", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quote_requests_status_idx").on("quote_requests").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("quote_requests_customer_idx").on("quote_requests").column("customer_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("quote_requests").execute();
}
