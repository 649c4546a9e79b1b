/**
 * The booking module's store for online checkouts (`checkouts`, migration 0160) and the bookings'
 * holds (`bookings.hold_until`): every statement on them.
 */
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { CheckoutRow, CheckoutsTable, Database } from "~/server/db/schema";
import type { Kurus } from "~/utils/money";

type Db = Kysely<Database> | Transaction<Database>;

export async function insertCheckout(db: Db, row: Insertable<CheckoutsTable>): Promise<void> {
  await db.insertInto("checkouts").values(row).execute();
}

export async function updateCheckout(db: Db, id: string, change: Updateable<CheckoutsTable>): Promise<void> {
  await db.updateTable("checkouts").set(change).where("id", "=", id).execute();
}

export const checkoutById = (db: Db, id: string): Promise<CheckoutRow | undefined> => db.selectFrom("checkouts").selectAll().where("id", "=", id).executeTakeFirst();

export const checkoutBySession = (db: Db, provider: string, sessionId: string): Promise<CheckoutRow | undefined> =>
  db.selectFrom("checkouts").selectAll().where("provider", "=", provider).where("session_id", "=", sessionId).executeTakeFirst();

/** A booking's checkouts, newest first. */
export const checkoutsOf = (db: Db, bookingId: string): Promise<CheckoutRow[]> =>
  db.selectFrom("checkouts").selectAll().where("booking_id", "=", bookingId).orderBy("created_at", "desc").orderBy("id", "desc").execute();

/** An open checkout of the booking for this amount and currency, still good after `after` (its page can be sent again). */
export const reusableCheckout = (db: Db, bookingId: string, amount: Kurus, currency: string, provider: string, after: string): Promise<CheckoutRow | undefined> =>
  db
    .selectFrom("checkouts")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("status", "=", "open")
    .where("provider", "=", provider)
    .where("amount", "=", amount)
    .where("currency", "=", currency)
    .where("url", "is not", null)
    .where("expires_at", ">", after)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

/** What a checkout reads of its booking. */
export const bookingForCheckout = (db: Db, id: string) =>
  db
    .selectFrom("bookings")
    .select(["id", "reference", "status", "total_price", "amount_paid", "currency", "currency_rate", "pay_mode", "pay_now", "hold_until", "pickup_date", "full_name", "email", "phone", "locale", "client_ip", "channel", "car_id", "trip_type", "return_date"])
    .where("id", "=", id)
    .executeTakeFirst();

export async function setHold(db: Db, bookingId: string, holdUntil: string | null): Promise<void> {
  await db.updateTable("bookings").set({ hold_until: holdUntil }).where("id", "=", bookingId).execute();
}

/** Bookings still held whose hold passed before `now` (the release sweep), oldest first. */
export const passedHolds = (db: Db, now: string, limit = 50) =>
  db
    .selectFrom("bookings")
    .select(["id", "hold_until"])
    .where("hold_until", "is not", null)
    .where("hold_until", "<=", now)
    .where("status", "=", "pending")
    .orderBy("hold_until")
    .limit(limit)
    .execute();

/** The online charges of a booking and what was refunded of each (the policy refunds them). */
export async function onlineCharges(db: Db, bookingId: string) {
  const rows = await db
    .selectFrom("payments")
    .select(["id", "kind", "amount", "currency", "currency_amount", "currency_rate", "provider", "provider_ref", "reason"])
    .where("booking_id", "=", bookingId)
    .where("provider", "is not", null)
    .orderBy("created_at")
    .execute();
  return rows;
}

/** A booking's checkouts, deleted with it (only a booking without money is ever deleted: they are attempts that took nothing). */
export async function deleteCheckoutsOf(db: Db, bookingId: string): Promise<void> {
  await db.deleteFrom("checkouts").where("booking_id", "=", bookingId).where("payment_id", "is", null).execute();
}
