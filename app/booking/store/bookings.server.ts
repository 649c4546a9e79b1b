/**
 * The booking module's store, booking rows: every statement on `bookings` the commands run
 * (creating, editing, moving a status, deleting, the private link, the guest's change) and the
 * rows they read first. The commands keep their logic and transactions: each function runs on the
 * `db` (or transaction) it is given.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool, Transaction, Updateable } from "kysely";
import type { BookingsTable, BookingStatus, Database, GuestChange } from "~/server/db/schema";
import { syncPaymentState } from "./payments.server";

type Db = Kysely<Database> | Transaction<Database>;

/** One booking's stored row; throws when there is none. */
export function bookingRowByIdOrThrow(db: Db, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The booking made under an idempotency key. */
export function bookingByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom("bookings").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

/** The booking whose first private link, or one minted later, hashes to `hash`. */
export function bookingByLinkHash(db: Db, hash: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where((eb) => eb.or([eb("access_token_hash", "=", hash), eb("link_token_hash", "=", hash)]))
    .executeTakeFirst();
}

/** Writes a new booking and answers the stored row as the database has it (its defaults included). */
export function insertBooking(db: Db, row: Insertable<BookingsTable>) {
  return db.insertInto("bookings").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Writes an edit's columns on a booking. */
export async function updateBookingRow(db: Db, id: string, set: Updateable<BookingsTable>): Promise<void> {
  await db.updateTable("bookings").set(set).where("id", "=", id).execute();
  // a new total changes what is owed (issue 30)
  if (set.total_price !== undefined || set.status !== undefined) await syncPaymentState(db, id);
}

/** The return leg's own car (null: the booking's car drives it). */
export async function setReturnCar(db: Db, id: string, carId: string | null, at: string): Promise<void> {
  await db.updateTable("bookings").set({ return_car_id: carId, updated_at: at }).where("id", "=", id).execute();
}

/** A one-way booking has no return car (the time of the edit that made it one-way stands). */
export async function clearReturnCar(db: Db, id: string): Promise<void> {
  await db.updateTable("bookings").set({ return_car_id: null }).where("id", "=", id).execute();
}

/** The columns a status change reads first: what the state machine and the car's check need. */
export function bookingForStatusChange(db: Db, id: string) {
  return db
    .selectFrom("bookings")
    .select(["reference", "status", "car_id", "trip_type", "pickup_date", "pickup_end", "return_date", "return_end", "hold_until"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Moves a booking to `to`, only from the `from` status (the number of rows moved: 0 or 1). */
export async function setBookingStatus(db: Db, id: string, from: BookingStatus, to: BookingStatus, at: string, options: { autoConfirmed?: boolean } = {}): Promise<number> {
  const updated = await db
    .updateTable("bookings")
    .set({ status: to, updated_at: at, ...(options.autoConfirmed ? { auto_confirmed_at: at } : {}) })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  const moved = Number(updated.numUpdatedRows);
  // a cancelled booking owes nothing more; a re-opened one its total again (issue 30)
  if (moved > 0) await syncPaymentState(db, id);
  return moved;
}

/** What a deleted booking was, for the audit log. */
export function bookingForDeletion(db: Db, id: string) {
  return db.selectFrom("bookings").select(["reference", "full_name", "status", "pickup_date", "pickup_location", "dropoff_location", "total_price"]).where("id", "=", id).executeTakeFirst();
}

/** Deletes a booking (its legs and history go with it); true when there was one. */
export async function deleteBookingRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("bookings").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The columns the private link is derived from. */
export function bookingLinkRow(db: Db, id: string) {
  return db.selectFrom("bookings").select(["id", "access_token_hash", "link_nonce", "link_token_hash", "locale"]).where("id", "=", id).executeTakeFirst();
}

/** Stores a minted link's nonce and hash, only over the nonce `was` (true when this mint won). */
export async function setLinkNonce(db: Db, id: string, was: string | null, nonce: string, tokenHash: string): Promise<boolean> {
  const query = db.updateTable("bookings").set({ link_nonce: nonce, link_token_hash: tokenHash }).where("id", "=", id);
  const updated = await (was ? query.where("link_nonce", "=", was) : query.where("link_nonce", "is", null)).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The guest's change for the office to see, or none (true when the booking was there). */
export async function setGuestChangeRow(db: Db, id: string, change: GuestChange | null, at: string | null): Promise<boolean> {
  const result = await db.updateTable("bookings").set({ guest_change: change, guest_changed_at: at }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The columns the API presents a booking's products from. */
export function bookingProductRows(db: Db, ids: readonly string[]) {
  return db
    .selectFrom("bookings")
    .select(["id", "trip_type", "hours", "extras", "price_lines", "currency", "currency_rate", "currency_total", "total_price"])
    .where("id", "in", [...ids])
    .execute();
}

/** How many bookings meet `condition` (a text search's match). */
export function countBookingsWhere(db: Db, condition: (eb: ExpressionBuilder<Database, "bookings">) => Expression<SqlBool>) {
  return db.selectFrom("bookings").select((eb) => eb.fn.countAll<number | string>().as("n")).where(condition).executeTakeFirst();
}

/** The booking behind a released job link, with the leg and when it was released. */
export function bookingOfReleasedJob(db: Db, tokenHash: string) {
  return db
    .selectFrom("released_job_links")
    .innerJoin("bookings", "bookings.id", "released_job_links.booking_id")
    .selectAll("bookings")
    .select(["released_job_links.leg as released_leg", "released_job_links.unit as released_unit", "released_job_links.released_at", "released_job_links.reason as released_reason"])
    .where("released_job_links.job_token_hash", "=", tokenHash)
    .executeTakeFirst();
}
