/**
 * Availability against the database (the rules are in availability.ts): which legs a car already
 * has near some spans and what stops a car or the whole fleet from taking them. The car lock that
 * makes "check, then write" one serialised step (and the driver's) is the store's
 * (store/legs.server.ts), passed on from here.
 */
import type { Kysely, Transaction } from "kysely";
import type { BookingRow, CarStatus, Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import {
  candidateRange,
  conflictsFor,
  DEFAULT_BUFFER_MINUTES,
  FIRST_UNIT,
  legSpans,
  LONGEST_LEG_HOURS,
  OCCUPYING_STATUSES,
  type BookedLeg,
  type LegName,
  type Conflict,
  type Span,
} from "./rules/availability";
import { minutes, type Minutes } from "./rules/units";
import { bookingsOfCarsNear, bookingsPickedUpFrom, type LEG_COLUMNS, legsOfDriversNear } from "./store/legs.server";
import { keptRead } from "~/server/db/kept-reads.server";
import { feedOf } from "~/server/db/table-watch.server";
import { carsOfBookings } from "./store/cars.server";

/** The one car lock and driver lock are the store's (store/legs.server.ts). */
export { lockCar, lockDriver } from "./store/legs.server";

/** A driver read as the availability rules read a car: a switched-off driver is "inactive"; drivers have no maintenance. */
const driverAvailability = (driver: { active: number }) => ({ status: driver.active ? ("active" as const) : ("inactive" as const), maintenance_from: null, maintenance_to: null });

type Db = Kysely<Database> | Transaction<Database>;

/** The office's buffer after each drop-off (settings `booking.bufferMinutes`), from settings already read. */
export const bufferMinutesOf = (settings: { booking: { bufferMinutes?: number | null } }): Minutes => minutes(settings.booking.bufferMinutes ?? DEFAULT_BUFFER_MINUTES);

/** The office's buffer after each drop-off (settings `booking.bufferMinutes`). */
export async function readBufferMinutes(db: Db): Promise<Minutes> {
  return bufferMinutesOf(await getSettings(db as Kysely<Database>));
}

type LegRow = Pick<BookingRow, (typeof LEG_COLUMNS)[number]>;

/** The car that drives a leg: the return leg's own car when set, else the booking's (issue 15). */
export const carOfLeg = (row: Pick<BookingRow, "car_id" | "return_car_id">, leg: LegName): string | null =>
  leg === "return" ? (row.return_car_id ?? row.car_id) : row.car_id;

function bookedLegs(row: LegRow): BookedLeg[] {
  return legSpans(row).map((span) => ({
    ...span,
    bookingId: row.id,
    reference: row.reference,
    carId: carOfLeg(row, span.leg),
    fullName: row.full_name,
    status: row.status,
  }));
}

/**
 * The pending and confirmed legs of these cars that may collide with `spans` (exactly checked by
 * the caller through `conflictsFor`), without the legs of `excludeBookingId` (the booking being
 * changed).
 */
export async function legsNear(db: Db, carIds: readonly string[], spans: readonly Span[], buffer: Minutes, excludeBookingId?: string): Promise<BookedLeg[]> {
  if (carIds.length === 0 || spans.length === 0) return [];
  const ranges = spans.map((span) => candidateRange(span, buffer));
  const rows = await bookingsOfCarsNear(db, carIds, OCCUPYING_STATUSES, ranges, excludeBookingId);
  const wanted = new Set(carIds);
  // a party's further cars drive the same legs (issue 32)
  const further = await carsOfBookings(db, rows.map((r) => r.id));
  const furtherLegs = further.flatMap((unit) => {
    const row = rows.find((r) => r.id === unit.booking_id)!;
    return bookedLegs(row).map((leg) => ({ ...leg, carId: unit.car_id }));
  });
  return [...rows.flatMap(bookedLegs), ...furtherLegs].filter((leg) => leg.carId !== null && wanted.has(leg.carId));
}

const CAR_COLUMNS = ["id", "status", "maintenance_from", "maintenance_to"] as const;

/** What stops one car from taking `spans` (empty when it is free). */
export async function carConflicts(db: Db, carId: string, spans: readonly Span[], options: { buffer: Minutes; excludeBookingId?: string }): Promise<Conflict[]> {
  const car = await db.selectFrom("cars").select(CAR_COLUMNS).where("id", "=", carId).executeTakeFirst();
  const legs = car ? await legsNear(db, [carId], spans, options.buffer, options.excludeBookingId) : [];
  return conflictsFor(car, spans, legs, options.buffer);
}

/**
 * How far back the kept read of the fleet's bookings reaches from when it is read: a search's
 * candidate ranges start at most the longest leg and the buffer before a pickup that is never in
 * the past; a range starting earlier than the read reaches is asked of the database.
 */
const KEPT_LOOKBACK_MS = (LONGEST_LEG_HOURS + 48) * 3_600_000;

interface KeptOccupancy {
  since: number;
  rows: ReadonlyArray<LegRow & { pickupAt: number; returnAt: number }>;
  further: ReadonlyArray<{ booking_id: string; car_id: string }>;
}

/**
 * The fleet's occupying bookings from a little before now on, kept in memory until a booking or a
 * party's car changes (kept-reads.server.ts): a new search costs no statement (issue 32). Null
 * when nothing is kept (inside a transaction, or while the change feed cannot be trusted).
 */
async function keptOccupancy(db: Db): Promise<KeptOccupancy | null> {
  if (!feedOf(db)?.fresh()) return null;
  return keptRead(db, "fleet-occupancy", ["bookings", "booking_cars"], async () => {
    const since = Date.now() - KEPT_LOOKBACK_MS;
    const { rows, further } = await bookingsPickedUpFrom(db, OCCUPYING_STATUSES, new Date(since).toISOString());
    const at = (value: string | null) => (value === null ? NaN : Date.parse(value));
    return { since, rows: rows.map((row) => ({ ...row, pickupAt: at(row.pickup_date), returnAt: at(row.return_date) })), further };
  });
}

/** `legsNear` from the kept read: the same legs (either leg picked up in a candidate range, on these cars or their party's), or null when it cannot answer. */
async function keptLegsNear(db: Db, carIds: readonly string[], spans: readonly Span[], buffer: Minutes): Promise<BookedLeg[] | null> {
  const ranges = spans.map((span) => candidateRange(span, buffer)).map((r) => ({ from: Date.parse(r.from), before: Date.parse(r.before) }));
  const kept = ranges.length > 0 ? await keptOccupancy(db) : null;
  if (!kept || ranges.some((r) => !(r.from >= kept.since))) return null;
  const wanted = new Set(carIds);
  const furtherOf = new Map<string, string[]>();
  for (const f of kept.further) furtherOf.set(f.booking_id, [...(furtherOf.get(f.booking_id) ?? []), f.car_id]);
  const within = (at: number) => ranges.some((r) => at >= r.from && at < r.before);
  const rows = kept.rows.filter(
    (row) =>
      (within(row.pickupAt) || within(row.returnAt)) &&
      ((row.car_id !== null && wanted.has(row.car_id)) || (row.return_car_id !== null && wanted.has(row.return_car_id)) || (furtherOf.get(row.id) ?? []).some((car) => wanted.has(car))),
  );
  const furtherLegs = rows.flatMap((row) => (furtherOf.get(row.id) ?? []).flatMap((car) => bookedLegs(row).map((leg) => ({ ...leg, carId: car }))));
  return [...rows.flatMap(bookedLegs), ...furtherLegs].filter((leg) => leg.carId !== null && wanted.has(leg.carId));
}

/** For each active car, what stops it from taking `spans` (the results page's one read for the fleet, kept between bookings). */
export async function fleetConflicts(db: Db, cars: ReadonlyArray<{ id: string; status: CarStatus; maintenance_from: string | null; maintenance_to: string | null }>, spans: readonly Span[], buffer: Minutes): Promise<Map<string, Conflict[]>> {
  const ids = cars.map((c) => c.id);
  const legs = (await keptLegsNear(db, ids, spans, buffer)) ?? (await legsNear(db, ids, spans, buffer));
  const byCar = new Map<string, BookedLeg[]>();
  for (const leg of legs) {
    if (!leg.carId) continue;
    const list = byCar.get(leg.carId);
    if (list) list.push(leg);
    else byCar.set(leg.carId, [leg]);
  }
  return new Map(cars.map((car) => [car.id, conflictsFor(car, spans, byCar.get(car.id) ?? [], buffer)]));
}

/** One car's leg of a booking (`unit` absent: the booking's own car). */
export interface LegKey {
  bookingId: string;
  leg: LegName;
  unit?: number;
}

/** A driver's legs as the availability rules read them (same spans as the cars': pickup to drop-off). */
export interface DriverLeg extends BookedLeg {
  driverId: string;
}

/**
 * The pending and confirmed legs of these drivers that may collide with `spans`, without the
 * leg being (re)assigned (`exclude`).
 */
export async function driverLegsNear(
  db: Db,
  driverIds: readonly string[],
  spans: readonly Span[],
  buffer: Minutes,
  exclude?: LegKey,
): Promise<DriverLeg[]> {
  if (driverIds.length === 0 || spans.length === 0) return [];
  const ranges = spans.map((span) => candidateRange(span, buffer));
  const rows = await legsOfDriversNear(db, driverIds, OCCUPYING_STATUSES, ranges);
  return rows
    .filter((row) => !(exclude && row.id === exclude.bookingId && row.leg === exclude.leg && row.unit === (exclude.unit ?? FIRST_UNIT)))
    .map((row) => ({
      driverId: row.driver_id,
      bookingId: row.id,
      reference: row.reference,
      leg: row.leg,
      carId: carOfLeg(row, row.leg),
      fullName: row.full_name,
      status: row.status,
      start: row.pickup_at,
      end: (row.leg === "return" ? row.return_end : row.pickup_end) ?? row.pickup_at,
    }));
}

/**
 * What stops a driver from taking `spans`: switched off, missing, or already on a colliding leg
 * (the same rules and buffer as a car's, availability.ts).
 */
export async function driverConflicts(db: Db, driverId: string, spans: readonly Span[], options: { buffer: Minutes; exclude?: LegKey }): Promise<Conflict[]> {
  const driver = await db.selectFrom("drivers").select(["id", "active"]).where("id", "=", driverId).executeTakeFirst();
  const legs = driver ? await driverLegsNear(db, [driverId], spans, options.buffer, options.exclude) : [];
  return conflictsFor(driver && driverAvailability(driver), spans, legs, options.buffer);
}


/** A booking's own legs, as spans to check (for the admin's edits and status changes). */
export const spansOfBooking = (row: Parameters<typeof legSpans>[0]): Span[] => legSpans(row).map(({ start, end }) => ({ start, end }));

export type { Conflict, Span };
