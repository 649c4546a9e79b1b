/**
 * Availability against the database (the rules are in availability.ts): which legs a car already
 * has near some spans, what stops a car or the whole fleet from taking them, and the car lock that
 * makes "check, then write" one serialised step.
 *
 * The race (two bookings of one car at once) has exactly one winner on both engines: every writer
 * that puts a car on a leg first writes that car's row (`lockCar`, inside its transaction). On
 * PostgreSQL the second writer waits on the row lock until the first commits, and its next
 * statement (READ COMMITTED) sees the first's booking; on SQLite the write takes the database's
 * write lock, and the process's one connection serialises transactions anyway.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { BookingRow, CarStatus, Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import {
  candidateRange,
  conflictsFor,
  DEFAULT_BUFFER_MINUTES,
  legSpans,
  OCCUPYING_STATUSES,
  type BookedLeg,
  type Conflict,
  type Span,
} from "./availability";
import { minutes, type Minutes } from "./units";

type Db = Kysely<Database> | Transaction<Database>;

/** The office's buffer after each drop-off (settings `booking.bufferMinutes`). */
export async function readBufferMinutes(db: Db): Promise<Minutes> {
  const settings = await getSettings(db as Kysely<Database>);
  return minutes(settings.booking.bufferMinutes ?? DEFAULT_BUFFER_MINUTES);
}

/**
 * Takes the car's write lock for the rest of the transaction (a no-op write of its row). Call it
 * before reading the car's legs in any transaction that will put the car on a leg.
 */
export async function lockCar(trx: Transaction<Database>, carId: string): Promise<void> {
  await sql`update cars set sort_order = sort_order where id = ${carId}`.execute(trx);
}

const LEG_COLUMNS = [
  "id",
  "reference",
  "full_name",
  "car_id",
  "status",
  "trip_type",
  "pickup_date",
  "pickup_end",
  "return_date",
  "return_end",
] as const satisfies ReadonlyArray<keyof BookingRow>;

type LegRow = Pick<BookingRow, (typeof LEG_COLUMNS)[number]>;

function bookedLegs(row: LegRow): BookedLeg[] {
  return legSpans(row).map((span) => ({
    ...span,
    bookingId: row.id,
    reference: row.reference,
    carId: row.car_id,
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
  let query = db
    .selectFrom("bookings")
    .select(LEG_COLUMNS)
    .where("car_id", "in", [...carIds])
    .where("status", "in", [...OCCUPYING_STATUSES])
    .where((eb) =>
      eb.or(
        ranges.flatMap((r) => [
          eb.and([eb("pickup_date", ">=", r.from), eb("pickup_date", "<", r.before)]),
          eb.and([eb("return_date", ">=", r.from), eb("return_date", "<", r.before)]),
        ]),
      ),
    );
  if (excludeBookingId) query = query.where("id", "!=", excludeBookingId);
  const rows = await query.execute();
  return rows.flatMap(bookedLegs);
}

const CAR_COLUMNS = ["id", "status", "maintenance_from", "maintenance_to"] as const;

/** What stops one car from taking `spans` (empty when it is free). */
export async function carConflicts(db: Db, carId: string, spans: readonly Span[], options: { buffer: Minutes; excludeBookingId?: string }): Promise<Conflict[]> {
  const car = await db.selectFrom("cars").select(CAR_COLUMNS).where("id", "=", carId).executeTakeFirst();
  const legs = car ? await legsNear(db, [carId], spans, options.buffer, options.excludeBookingId) : [];
  return conflictsFor(car, spans, legs, options.buffer);
}

/** For each active car, what stops it from taking `spans` (the results page's one query for the fleet). */
export async function fleetConflicts(db: Db, cars: ReadonlyArray<{ id: string; status: CarStatus; maintenance_from: string | null; maintenance_to: string | null }>, spans: readonly Span[], buffer: Minutes): Promise<Map<string, Conflict[]>> {
  const legs = await legsNear(
    db,
    cars.map((c) => c.id),
    spans,
    buffer,
  );
  const byCar = new Map<string, BookedLeg[]>();
  for (const leg of legs) {
    if (!leg.carId) continue;
    const list = byCar.get(leg.carId);
    if (list) list.push(leg);
    else byCar.set(leg.carId, [leg]);
  }
  return new Map(cars.map((car) => [car.id, conflictsFor(car, spans, byCar.get(car.id) ?? [], buffer)]));
}

/** A booking's own legs, as spans to check (for the admin's edits and status changes). */
export const spansOfBooking = (row: Parameters<typeof legSpans>[0]): Span[] => legSpans(row).map(({ start, end }) => ({ start, end }));

export type { Conflict, Span };
