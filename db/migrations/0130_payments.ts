import { sql, type Kysely } from "kysely";

/**
 * Money (issue 30, DESIGN.md §9): a ledger of every movement of a booking's money, and what the
 * booking keeps of it for the lists.
 *
 * `payments` is append-only: a charge online, a refund, cash or card a driver collected, the
 * office's adjustment (always with a reason). `amount` is signed kuruş (money in > 0, out < 0), with
 * the currency it moved in, its amount there (minor units, same sign) and the rate used (lira ×
 * 10,000 per unit; null for TRY). `provider_ref` is unique: a provider's retry or a second callback
 * of the same payment finds its row instead of adding one.
 *
 * On `bookings`: `amount_paid` (the ledger's net sum, kuruş) and `payment_status` (unpaid,
 * part_paid, paid, refunded) are written in the transaction that writes a ledger row or changes
 * the total or the status, so the list filters and the CSV read them without summing the ledger;
 * `pay_mode` is what the guest was asked (arrival, deposit, full) and `pay_now` the online part.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("restrict"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('charge', 'refund', 'driver_cash', 'driver_card', 'adjustment')`))
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('card', 'cash', 'bank', 'other')`))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("currency_amount", "integer", (c) => c.notNull())
    .addColumn("currency_rate", "integer")
    .addColumn("provider", "text")
    .addColumn("provider_ref", "text", (c) => c.unique())
    .addColumn("leg", "text")
    .addColumn("driver_id", "text")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_id", "text")
    .addColumn("actor_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_booking_idx").on("payments").columns(["booking_id", "created_at"]).execute();
  await db.schema.createIndex("payments_created_idx").on("payments").column("created_at").execute();
  await db.schema.alterTable("bookings").addColumn("amount_paid", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("unpaid").check(sql`payment_status in ('unpaid', 'part_paid', 'paid', 'refunded')`))
    .execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("pay_mode", "text", (c) => c.notNull().defaultTo("arrival").check(sql`pay_mode in ('arrival', 'deposit', 'full')`))
    .execute();
  await db.schema.alterTable("bookings").addColumn("pay_now", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("bookings_payment_status_idx").on("bookings").columns(["payment_status", "pickup_date"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_payment_status_idx").execute();
  for (const column of ["pay_now", "pay_mode", "payment_status", "amount_paid"]) await db.schema.alterTable("bookings").dropColumn(column).execute();
  await db.schema.dropTable("payments").execute();
}
