import { sql, type Kysely } from "kysely";

/**
 * Online payments (issue 30): each time a guest is sent to a provider's hosted page is a
 * `checkouts` row: the provider and its session (iyzico token, Stripe Checkout Session id, unique
 * per provider), what is asked (kuruş, and the amount in the charged currency's hundredths with the
 * rate), the state as last read from the provider (open, paid, failed, expired), and the ledger row
 * a paid one wrote. A failed or expired checkout stays: the office sees every attempt.
 *
 * On `bookings`: `hold_until` (UTC): a booking that waits for its online payment keeps its car
 * until then; the worker releases it (cancels, mails the guest) when it passes unpaid. Null when
 * nothing is held.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("checkouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("restrict"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("session_id", "text")
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('deposit', 'full', 'balance')`))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("currency_amount", "integer", (c) => c.notNull())
    .addColumn("currency_rate", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'paid', 'failed', 'expired')`))
    .addColumn("url", "text")
    .addColumn("failure", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_id", "text", (c) => c.references("payments.id").onDelete("restrict"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("checkouts_session_unique", ["provider", "session_id"])
    .execute();
  await db.schema.createIndex("checkouts_booking_idx").on("checkouts").columns(["booking_id", "created_at"]).execute();
  await db.schema.alterTable("bookings").addColumn("hold_until", "text").execute();
  await db.schema.createIndex("bookings_hold_idx").on("bookings").column("hold_until").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_hold_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("hold_until").execute();
  await db.schema.dropTable("checkouts").execute();
}
