/**
 * The booking module's store (app/booking/store/): the only files that name the booking tables
 * (bookings, booking_legs, booking_events and the kept booking_counts; eslint.config.js keeps it so).
 * This file: what other modules need answered (the dashboard, the top bar's search, the cars' and
 * drivers' pages, the assignment views and app/notify ask here, through the front door) and the one
 * way a booking's history gets a row (`recordHistory`). Beside it, by concern: bookings.server.ts
 * (booking rows), legs.server.ts (legs, and the one car lock and driver lock), office.server.ts (the
 * office's list, the dispatch board, the history as read).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import { nowIso, toCount } from "~/server/db/convert";
import { BOOKING_CHANNELS, type BookingChannel, type BookingStatus, type Database } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";
import { FIRST_UNIT, type LegName } from "~/booking/rules/availability";
import { changesJson, type EventChanges } from "~/booking/rules/booking-changes";
import { bookingTextMatch, planTextSearch } from "~/booking/search-index.server";

type Db = Kysely<Database> | Transaction<Database>;

/** The top bar's search: the newest bookings whose stored search text matches `q`. */
export async function bookingsMatchingText(db: Kysely<Database>, q: string, limit: number) {
  return db
    .selectFrom("bookings")
    .select(["id", "reference", "full_name", "email", "phone", "pickup_location", "dropoff_location", "pickup_date", "status", "total_price"])
    .where(bookingTextMatch(db, q, { plan: await planTextSearch(db, q, { escape: true }), escape: true }))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Bookings created in [from, to), optionally of some statuses. */
export async function countBookingsCreated(db: Db, filter: { statuses?: BookingStatus[]; from?: string; to?: string } = {}): Promise<number> {
  let q = db.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n"));
  if (filter.statuses) q = q.where("status", "in", filter.statuses);
  if (filter.from) q = q.where("created_at", ">=", filter.from);
  if (filter.to) q = q.where("created_at", "<", filter.to);
  return toCount((await q.executeTakeFirst())?.n);
}

/** Bookings created in [from, to) by channel (every channel named, 0 when none); read from the index on (created_at, channel). */
export async function countBookingsByChannel(db: Db, from: string, to: string): Promise<Record<BookingChannel, number>> {
  const rows = await db
    .selectFrom("bookings")
    .select(["channel", (eb) => eb.fn.countAll().as("n")])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy("channel")
    .execute();
  const counts = Object.fromEntries(BOOKING_CHANNELS.map((c) => [c, 0])) as Record<BookingChannel, number>;
  for (const row of rows) if (row.channel in counts) counts[row.channel] = toCount(row.n);
  return counts;
}

/**
 * All bookings by status, from the counts the database keeps per car and status (migration
 * 0060's triggers), so the whole-table numbers cost a few dozen rows, not a count of every booking.
 */
export async function countBookingsByStatus(db: Db): Promise<Record<BookingStatus, number>> {
  const rows = await db
    .selectFrom("booking_counts")
    .select(["status", (eb) => eb.fn.sum<string | number>("n").as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<BookingStatus, number> = { pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = toCount(row.n);
  return counts;
}

/** The total of the bookings created in [from, to) that are not cancelled. */
export async function revenueCreatedBetween(db: Db, from: string, to: string): Promise<Kurus> {
  const row = await db
    .selectFrom("bookings")
    .select(sql<string | number | null>`coalesce(sum(total_price), 0)`.as("total"))
    .where("status", "!=", "cancelled")
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirst();
  return kurus(toCount(row?.total));
}

/** Active cars with a booking (not cancelled) picked up in [from, to]. */
export async function activeCarsBookedBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("cars", "cars.id", "bookings.car_id")
    .select(sql<string | number>`count(distinct bookings.car_id)`.as("n"))
    .where("bookings.status", "!=", "cancelled")
    .where("cars.status", "=", "active")
    .where("bookings.pickup_date", ">=", from)
    .where("bookings.pickup_date", "<=", to)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** The newest bookings with their car's current name. */
export function recentBookingRows(db: Db, limit: number) {
  return db
    .selectFrom("bookings")
    .leftJoin("cars", "cars.id", "bookings.car_id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.full_name",
      "bookings.email",
      "bookings.pickup_date",
      "bookings.car_name",
      "cars.name as current_car_name",
      "bookings.status",
      "bookings.total_price",
    ])
    .orderBy("bookings.created_at", "desc")
    .orderBy("bookings.id")
    .limit(limit)
    .execute();
}

/** The cars with the most bookings (cancelled ones not counted); ties by name. Read from the kept counts (migration 0060). */
export function popularCarRows(db: Db, limit: number) {
  return db
    .selectFrom("booking_counts")
    .innerJoin("cars", "cars.id", "booking_counts.car_id")
    .select(["cars.id", "cars.name", "cars.category", "cars.status", (eb) => eb.fn.sum<string | number>("booking_counts.n").as("n")])
    .where("booking_counts.status", "!=", "cancelled")
    .groupBy(["cars.id", "cars.name", "cars.category", "cars.status"])
    .having((eb) => eb.fn.sum("booking_counts.n"), ">", 0)
    .orderBy("n", "desc")
    .orderBy("cars.name")
    .limit(limit)
    .execute();
}

/** How many bookings name a car (any status): a car with bookings is not deleted. */
export async function countCarBookings(db: Db, carId: string): Promise<number> {
  const row = await db.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).where("car_id", "=", carId).executeTakeFirst();
  return toCount(row?.n as number | string);
}

/** Booking counts per car, for the admin cards. */
export async function bookingCountsByCar(db: Db, carIds: readonly string[]): Promise<Record<string, number>> {
  if (carIds.length === 0) return {};
  const rows = await db
    .selectFrom("bookings")
    .select(["car_id", (eb) => eb.fn.countAll().as("n")])
    .where("car_id", "in", [...carIds])
    .groupBy("car_id")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.car_id!, toCount(r.n as number | string)]));
}

/** Whether a driver was ever put on a leg (such a driver is deactivated, not deleted). */
export async function driverHasLegs(db: Db, driverId: string): Promise<boolean> {
  return (await db.selectFrom("booking_legs").select("booking_id").where("driver_id", "=", driverId).executeTakeFirst()) !== undefined;
}

/** The fields that decide which legs a booking has and which car drives each, for many bookings. */
export function legFieldsOf(db: Db, bookingIds: readonly string[]) {
  return db
    .selectFrom("bookings")
    .select(["id", "car_id", "return_car_id", "trip_type", "pickup_date", "pickup_end", "return_date", "return_end"])
    .where("id", "in", [...bookingIds])
    .execute();
}

/** The assigned legs of many bookings with their drivers. */
export function assignedLegsOf(db: Db, bookingIds: readonly string[]) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select([
      "booking_legs.booking_id",
      "booking_legs.leg",
      "booking_legs.unit",
      "booking_legs.job_nonce",
      "booking_legs.job_status",
      "booking_legs.job_status_at",
      "drivers.id as driver_id",
      "drivers.name as driver_name",
      "drivers.phone as driver_phone",
      "drivers.whatsapp as driver_whatsapp",
    ])
    .where("booking_legs.booking_id", "in", [...bookingIds])
    .execute();
}

/** One booking's stored row. */
export function bookingRowById(db: Db, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A driver's legs picked up in [from, until), with their bookings, in pickup order. */
export function driverLegsBetween(db: Db, driverId: string, from: string, until: string) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("bookings", "bookings.id", "booking_legs.booking_id")
    .selectAll("bookings")
    .select(["booking_legs.leg", "booking_legs.unit", "booking_legs.job_status", "booking_legs.pickup_at", "booking_legs.driver_seen_at"])
    .where("booking_legs.driver_id", "=", driverId)
    .where("booking_legs.pickup_at", ">=", from)
    .where("booking_legs.pickup_at", "<", until)
    .orderBy("booking_legs.pickup_at")
    .execute();
}

/** The history events of these bookings that changed fields, after `after` (exclusive): what a driver has not seen yet (issue 31). */
export async function fieldChangesAfter(db: Db, bookingIds: readonly string[], after: string) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("booking_events")
    .select(["booking_id", "created_at", "changes"])
    .where("booking_id", "in", [...bookingIds])
    .where("created_at", ">", after)
    .where("changes", "is not", null)
    .orderBy("created_at")
    .execute();
}

/** A booking's assigned legs with their drivers' names and phones. */
export function assignedDriversOf(db: Db, bookingId: string) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select(["booking_legs.leg", "booking_legs.unit", "booking_legs.job_status", "booking_legs.job_status_at", "booking_legs.driver_id", "drivers.name", "drivers.phone", "drivers.photo"])
    .where("booking_legs.booking_id", "=", bookingId)
    .orderBy("booking_legs.leg")
    .orderBy("booking_legs.unit")
    .execute();
}

/** How many history events a booking has (a calendar file's SEQUENCE grows with them). */
export async function countHistoryEvents(db: Db, bookingId: string): Promise<number> {
  const row = await db.selectFrom("booking_events").select((eb) => eb.fn.countAll<number | string>().as("n")).where("booking_id", "=", bookingId).executeTakeFirst();
  return toCount(row?.n);
}

/** The driver on one leg of a booking's car (undefined: none), with their name and phone. */
export function driverOnLeg(db: Db, bookingId: string, leg: LegName, unit = FIRST_UNIT) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select(["drivers.id", "drivers.name", "drivers.phone"])
    .where("booking_legs.booking_id", "=", bookingId)
    .where("booking_legs.leg", "=", leg)
    .where("booking_legs.unit", "=", unit)
    .executeTakeFirst();
}

/** When the guest agreed to WhatsApp / SMS messages on the booking form (null: not asked or refused). */
export async function messagingConsentOf(db: Db, bookingId: string): Promise<string | null> {
  return (await db.selectFrom("bookings").select("messaging_consent_at").where("id", "=", bookingId).executeTakeFirst())?.messaging_consent_at ?? null;
}

/** Pending and confirmed bookings with a leg picked up in (from, to]: the reminders' candidates. */
export async function bookingsWithPickupBetween(db: Db, from: string, to: string) {
  const [outbound, back] = await Promise.all([
    db.selectFrom("bookings").selectAll().where("status", "in", ["pending", "confirmed"]).where("pickup_date", ">", from).where("pickup_date", "<=", to).execute(),
    db
      .selectFrom("bookings")
      .selectAll()
      .where("return_date", ">", from)
      .where("return_date", "<=", to)
      .where("status", "in", ["pending", "confirmed"])
      .where("trip_type", "=", "roundTrip")
      .execute(),
  ]);
  const byId = new Map<string, (typeof outbound)[number]>();
  for (const b of [...outbound, ...back]) byId.set(b.id, b);
  return [...byId.values()];
}

/**
 * Active bookings with a flight number whose outbound pickup is after `from` and whose flight is
 * not watched as booked (no watch, or the number, the pickup time or place changed since): the flight
 * tracker's (app/flights) work to start. Whether the pickup is an airport is the caller's check.
 */
export function flightPickupsToWatch(db: Db, from: string, limit = 200) {
  return db
    .selectFrom("bookings")
    .leftJoin("flight_watches", "flight_watches.booking_id", "bookings.id")
    .select(["bookings.id", "bookings.reference", "bookings.flight_number", "bookings.pickup_date", "bookings.pickup_location"])
    .where("bookings.status", "in", ["pending", "confirmed"])
    .where("bookings.flight_number", "is not", null)
    .where("bookings.flight_number", "<>", "")
    .where("bookings.pickup_date", ">", from)
    .where((eb) =>
      eb.or([
        eb("flight_watches.booking_id", "is", null),
        eb("flight_watches.flight_number", "<>", eb.ref("bookings.flight_number")),
        eb("flight_watches.booked_pickup_at", "<>", eb.ref("bookings.pickup_date")),
        eb("flight_watches.pickup_location", "<>", eb.ref("bookings.pickup_location")),
      ]),
    )
    .orderBy("bookings.pickup_date")
    .limit(limit)
    .execute();
}

/** When a new event of the booking is recorded: now, or just after its last one, so the history reads in the order things happened even within one millisecond. */
export async function nextEventAt(db: Db, bookingId: string, at = nowIso()): Promise<string> {
  const previous = await db
    .selectFrom("booking_events")
    .select((eb) => eb.fn.max("created_at").as("last"))
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  const last = previous?.last ?? null;
  return last && last >= at ? new Date(Date.parse(last) + 1).toISOString() : at;
}

/** One row of a booking's history: who moved it from which status to which, with what changed. */
export interface HistoryEntry {
  bookingId: string;
  /** null: the booking's creation */
  from: BookingStatus | null;
  to: BookingStatus;
  actor: { id: string | null; label: string };
  note?: string;
  changes?: EventChanges | null;
  /** the row's id when the command named it before (its event refers to it) */
  id?: string;
  /** the moment (default now); a later one when the booking's last event is not older */
  at?: string;
}

/**
 * Writes a row of the booking's history, inside the command's transaction (every command, status
 * change, assignment, driver step and release records itself here); returns its id.
 */
export async function recordHistory(trx: Db, entry: HistoryEntry): Promise<string> {
  const id = entry.id ?? randomUUID();
  await trx
    .insertInto("booking_events")
    .values({
      id,
      booking_id: entry.bookingId,
      from_status: entry.from,
      to_status: entry.to,
      by_user_id: entry.actor.id,
      by_label: entry.actor.label,
      note: entry.note ?? "",
      changes: entry.changes ? changesJson(entry.changes) : null,
      // a creation is the booking's first event: its own time, without reading the history
      created_at: entry.from === null && entry.at ? entry.at : await nextEventAt(trx, entry.bookingId, entry.at),
    })
    .execute();
  return id;
}
