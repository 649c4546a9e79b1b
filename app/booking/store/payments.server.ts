/**
 * The booking module's store, the ledger (`payments`, migration 0130): every statement on it, and
 * the booking's `amount_paid` and `payment_status`, which are written only here, in the
 * transaction of whatever changed them (a ledger row, the total, the status).
 */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import type { Database, PaymentRow, PaymentsTable, ReceiptRow } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";
import { moneyStateOf, type MoneyState } from "~/booking/rules/payments";

type Db = Kysely<Database> | Transaction<Database>;

/** The ledger's net sum and its refunds (a positive sum) for a booking. */
export async function ledgerSums(db: Db, bookingId: string): Promise<{ paid: Kurus; refunded: Kurus }> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>("amount"), eb.lit(0)).as("paid"),
      eb.fn.coalesce(eb.fn.sum<number | string>(eb.case().when("kind", "=", "refund").then(eb.neg(eb.ref("amount"))).else(0).end()), eb.lit(0)).as("refunded"),
    ])
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  return { paid: kurus(Number(row?.paid ?? 0)), refunded: kurus(Number(row?.refunded ?? 0)) };
}

/**
 * Writes the booking's `amount_paid` and `payment_status` from its ledger, status and total, and
 * answers the state (undefined: no such booking). Called inside the transaction that changed one of them.
 */
export async function syncPaymentState(db: Db, bookingId: string): Promise<(MoneyState & { paid: Kurus; refunded: Kurus; total: Kurus }) | undefined> {
  const booking = await db.selectFrom("bookings").select(["status", "total_price", "amount_paid", "payment_status"]).where("id", "=", bookingId).executeTakeFirst();
  if (!booking) return undefined;
  const sums = await ledgerSums(db, bookingId);
  const state = moneyStateOf({ status: booking.status, total: booking.total_price, ...sums });
  if (booking.amount_paid !== sums.paid || booking.payment_status !== state.status) {
    await db.updateTable("bookings").set({ amount_paid: sums.paid, payment_status: state.status }).where("id", "=", bookingId).execute();
  }
  return { ...state, ...sums, total: booking.total_price };
}

/** What a movement reads of its booking first. */
export function bookingMoneyRow(db: Db, bookingId: string) {
  return db.selectFrom("bookings").select(["reference", "status", "total_price", "currency", "currency_rate"]).where("id", "=", bookingId).executeTakeFirstOrThrow();
}

/** Marks the booking changed (a movement was added). */
export async function touchBooking(db: Db, bookingId: string, at: string): Promise<void> {
  await db.updateTable("bookings").set({ updated_at: at }).where("id", "=", bookingId).execute();
}

/**
 * Holds the booking's row for the rest of the transaction (PostgreSQL's row lock; SQLite writes
 * one transaction at a time), so two movements of one booking sum each other's rows.
 */
export async function lockBookingMoney(trx: Transaction<Database>, bookingId: string): Promise<boolean> {
  const result = await trx.updateTable("bookings").set((eb) => ({ amount_paid: eb.ref("amount_paid") })).where("id", "=", bookingId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Appends a movement. With a `provider_ref` already in the ledger nothing is added and the earlier
 * row is answered (`added: false`): a provider's retry, a second callback.
 */
export async function insertPayment(trx: Transaction<Database>, row: Omit<Insertable<PaymentsTable>, "id">): Promise<{ added: boolean; row: PaymentRow }> {
  const id = randomUUID();
  if (row.provider_ref) {
    const inserted = await trx
      .insertInto("payments")
      .values({ id, ...row })
      .onConflict((oc) => oc.column("provider_ref").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { added: true, row: inserted };
    const earlier = await trx.selectFrom("payments").selectAll().where("provider_ref", "=", row.provider_ref).executeTakeFirstOrThrow();
    return { added: false, row: earlier };
  }
  return { added: true, row: await trx.insertInto("payments").values({ id, ...row }).returningAll().executeTakeFirstOrThrow() };
}

/** A booking's ledger, oldest first. */
export function paymentRowsOf(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).orderBy("created_at").orderBy("id").execute();
}

/** Whether a booking has any movement (a booking with money is never deleted). */
export async function hasPayments(db: Db, bookingId: string): Promise<boolean> {
  return (await db.selectFrom("payments").select("id").where("booking_id", "=", bookingId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Gives a ledger row its receipt number, the next of the year without gaps (`2026-000123`), inside
 * the row's transaction. PostgreSQL serialises the numbering with a transaction-scoped advisory
 * lock (two bookings' payments at once would otherwise read the same last number); SQLite writes
 * one transaction at a time.
 */
export async function issueReceipt(trx: Transaction<Database>, payment: Pick<PaymentRow, "id" | "booking_id" | "created_at">): Promise<ReceiptRow> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(hashtext('receipts'))`.execute(trx);
  const year = Number(payment.created_at.slice(0, 4));
  const last = await trx.selectFrom("receipts").select((eb) => eb.fn.max("seq").as("seq")).where("year", "=", year).executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  const row = { id: randomUUID(), number: `${year}-${String(seq).padStart(6, "0")}`, year, seq, payment_id: payment.id, booking_id: payment.booking_id, issued_at: payment.created_at };
  await trx.insertInto("receipts").values(row).execute();
  return row;
}

/** A booking's receipts with their payments, oldest first. */
export function receiptsOfBooking(db: Db, bookingId: string) {
  return db
    .selectFrom("receipts")
    .innerJoin("payments", "payments.id", "receipts.payment_id")
    .select(["receipts.number", "receipts.issued_at", "receipts.payment_id", "payments.kind", "payments.method", "payments.amount", "payments.currency", "payments.currency_amount"])
    .where("receipts.booking_id", "=", bookingId)
    .orderBy("receipts.issued_at")
    .orderBy("receipts.seq")
    .execute();
}

/** One receipt of a booking, with its payment and its booking row (undefined: not this booking's). */
export async function receiptOfBooking(db: Db, bookingId: string, number: string) {
  const receipt = await db.selectFrom("receipts").selectAll().where("number", "=", number).where("booking_id", "=", bookingId).executeTakeFirst();
  if (!receipt) return undefined;
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", receipt.payment_id).executeTakeFirstOrThrow();
  const booking = await db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
  return { receipt, payment, booking };
}

/** The receipt of a ledger row. */
export function receiptOfPayment(db: Db, paymentId: string) {
  return db.selectFrom("receipts").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}

/** Every movement issued in [from, until) with its receipt and booking, for the accountant, oldest first. */
export function receiptsBetween(db: Db, from: string, until: string) {
  return db
    .selectFrom("receipts")
    .innerJoin("payments", "payments.id", "receipts.payment_id")
    .innerJoin("bookings", "bookings.id", "receipts.booking_id")
    .select([
      "receipts.number",
      "receipts.issued_at",
      "bookings.reference",
      "bookings.full_name",
      "payments.kind",
      "payments.method",
      "payments.amount",
      "payments.currency",
      "payments.currency_amount",
      "payments.currency_rate",
      "payments.provider",
      "payments.reason",
    ])
    .where("receipts.issued_at", ">=", from)
    .where("receipts.issued_at", "<", until)
    .orderBy("receipts.year")
    .orderBy("receipts.seq")
    .execute();
}
