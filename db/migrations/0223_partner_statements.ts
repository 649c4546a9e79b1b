import type { Kysely } from "kysely";

/**
 * Partners' monthly statements (issue 33): one row per partner and month (`YYYY-MM`, Istanbul,
 * by the bookings' pickup), written when the office marks the month paid. The totals are frozen at
 * that moment (kuruş, in `currency`), so what was settled stays readable when a booking of the month
 * changes later; undoing the mark clears `paid_at` and the totals with it. The statement itself is
 * computed from the bookings whenever it is read (app/partners/statements.server.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("partner_statements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("partner_id", "text", (c) => c.notNull().references("partners.id").onDelete("restrict"))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("paid_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("paid_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bookings", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("guest_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("net_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("commission_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("on_account_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("collected_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("balance", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("TRY"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("partner_statements_month_idx").on("partner_statements").columns(["partner_id", "month"]).unique().execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_statements").execute();
}
