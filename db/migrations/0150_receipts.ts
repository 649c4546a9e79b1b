import type { Kysely } from "kysely";

/**
 * Receipts (issue 30): every ledger row gets one, numbered without gaps per year
 * (`{year}-{seq:06}`, e.g. 2026-000123) in the transaction that writes the row; the PDF is made
 * from it, the payment and the settings when asked (mailed, downloaded), so nothing but the number
 * is stored. `unique(year, seq)` keeps two written at once from sharing one.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("receipts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id").onDelete("restrict"))
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("restrict"))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addUniqueConstraint("receipts_year_seq_unique", ["year", "seq"])
    .execute();
  await db.schema.createIndex("receipts_booking_idx").on("receipts").column("booking_id").execute();
  await db.schema.createIndex("receipts_issued_idx").on("receipts").column("issued_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("receipts").execute();
}
