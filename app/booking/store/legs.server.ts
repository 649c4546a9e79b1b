/**
 * The booking module's store, legs and locks: every statement on `booking_legs` the commands run
 * (assignments, driver steps, releases, edits following the legs), the legs the availability
 * rules read, and the one car lock and driver lock that make "check, then write" one step.
 * The commands keep their transactions: each function runs on the `db` (or transaction) it is given.
 *
 * The race (two bookings of one car at once) has exactly one winner on both engines: every writer
 * that puts a car on a leg first writes that car's row (`lockCar`, inside its transaction). On
 * PostgreSQL the second writer waits on the row lock until the first commits, and its next
 * statement (READ COMMITTED) sees the first's booking; on SQLite the write takes the database's
 * write lock, and the process's one connection serialises transactions anyway.
 */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from "kysely";
import type { BookingLegsTable, BookingRow, BookingStatus, Database, JobStatus } from "~/server/db/schema";
import { FIRST_UNIT, type LegName } from "../rules/availability";

type Db = Kysely<Database> | Transaction<Database>;

/** A time range a leg's pickup may fall in to collide: [from, before). */
export interface PickupRange {
  from: string;
  before: string;
}

/**
 * Takes the car's write lock for the rest of the transaction (a no-op write of its row). Call it
 * before reading the car's legs in any transaction that will put the car on a leg.
 */
export async function lockCar(trx: Transaction<Database>, carId: string): Promise<void> {
  await sql`update cars set sort_order = sort_order where id = ${carId}`.execute(trx);
}

/**
 * Takes the driver's write lock for the rest of the transaction (a no-op write of the row), like
 * `lockCar`: two dispatchers putting one driver on two legs at once have one winner.
 */
export async function lockDriver(trx: Transaction<Database>, driverId: string): Promise<void> {
  await sql`update drivers set updated_at = updated_at where id = ${driverId}`.execute(trx);
}

/** The booking columns the availability rules read a car's legs from. */
export const LEG_COLUMNS = [
  "id",
  "reference",
  "full_name",
  "car_id",
  "return_car_id",
  "status",
  "trip_type",
  "pickup_date",
  "pickup_end",
  "return_date",
  "return_end",
] as const satisfies ReadonlyArray<keyof BookingRow>;

/** The bookings in `statuses` with either leg (or a further car) on one of these cars and picked up in one of `ranges`, without `excludeBookingId`. */
export function bookingsOfCarsNear(db: Db, carIds: readonly string[], statuses: readonly BookingStatus[], ranges: readonly PickupRange[], excludeBookingId?: string) {
  let query = db
    .selectFrom("bookings")
    .select(LEG_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("car_id", "in", [...carIds]),
        eb("return_car_id", "in", [...carIds]),
        // a party's further cars (issue 32)
        eb("id", "in", eb.selectFrom("booking_cars").select("booking_id").where("car_id", "in", [...carIds])),
      ]),
    )
    .where("status", "in", [...statuses])
    .where((eb) =>
      eb.or(
        ranges.flatMap((r) => [
          eb.and([eb("pickup_date", ">=", r.from), eb("pickup_date", "<", r.before)]),
          eb.and([eb("return_date", ">=", r.from), eb("return_date", "<", r.before)]),
        ]),
      ),
    );
  if (excludeBookingId) query = query.where("id", "!=", excludeBookingId);
  return query.execute();
}

/**
 * The bookings in `statuses` picked up (either leg) at `since` or later, and their parties' further
 * cars: what the results page's kept read of the fleet's bookings holds (availability.server.ts).
 * Two statements with the same conditions, no list of ids (a busy season's bookings would pass
 * the engines' limit on parameters).
 */
export async function bookingsPickedUpFrom(db: Db, statuses: readonly BookingStatus[], since: string) {
  const rows = await db
    .selectFrom("bookings")
    .select(LEG_COLUMNS)
    .where("status", "in", [...statuses])
    .where((eb) => eb.or([eb("pickup_date", ">=", since), eb("return_date", ">=", since)]))
    .execute();
  const further = await db
    .selectFrom("booking_cars")
    .innerJoin("bookings", "bookings.id", "booking_cars.booking_id")
    .select(["booking_cars.booking_id", "booking_cars.car_id"])
    .where("bookings.status", "in", [...statuses])
    .where((eb) => eb.or([eb("bookings.pickup_date", ">=", since), eb("bookings.return_date", ">=", since)]))
    .execute();
  return { rows, further };
}

/** The legs of these drivers picked up in one of `ranges`, of bookings in `statuses`, with their bookings. */
export function legsOfDriversNear(db: Db, driverIds: readonly string[], statuses: readonly BookingStatus[], ranges: readonly PickupRange[]) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("bookings", "bookings.id", "booking_legs.booking_id")
    .select([
      "booking_legs.driver_id",
      "booking_legs.leg",
      "booking_legs.unit",
      "booking_legs.pickup_at",
      "bookings.id",
      "bookings.reference",
      "bookings.full_name",
      "bookings.status",
      "bookings.car_id",
      "bookings.return_car_id",
      "bookings.pickup_end",
      "bookings.return_end",
    ])
    .where("booking_legs.driver_id", "in", [...driverIds])
    .where("bookings.status", "in", [...statuses])
    .where((eb) => eb.or(ranges.map((r) => eb.and([eb("booking_legs.pickup_at", ">=", r.from), eb("booking_legs.pickup_at", "<", r.before)]))))
    .execute();
}

/** One car's leg's assignment row (undefined: no driver on it). */
export function legOfBooking(db: Db, bookingId: string, leg: LegName, unit = FIRST_UNIT) {
  return db.selectFrom("booking_legs").selectAll().where("booking_id", "=", bookingId).where("leg", "=", leg).where("unit", "=", unit).executeTakeFirst();
}

/** Takes the driver off a leg of one car, or of every car when `unit` is undefined (its job links stop working). */
export async function deleteLeg(db: Db, bookingId: string, leg: LegName, unit?: number): Promise<void> {
  let query = db.deleteFrom("booking_legs").where("booking_id", "=", bookingId).where("leg", "=", leg);
  if (unit !== undefined) query = query.where("unit", "=", unit);
  await query.execute();
}

/** Writes an assigned leg's row anew. */
export async function updateLeg(db: Db, bookingId: string, leg: LegName, values: Updateable<BookingLegsTable>, unit = FIRST_UNIT): Promise<void> {
  await db.updateTable("booking_legs").set(values).where("booking_id", "=", bookingId).where("leg", "=", leg).where("unit", "=", unit).execute();
}

/** A leg's first assignment. */
export async function insertLeg(db: Db, values: Insertable<BookingLegsTable>): Promise<void> {
  await db.insertInto("booking_legs").values(values).execute();
}

/** The nonce an assigned leg's job link is derived from (undefined: no driver on it). */
export function jobNonceOfLeg(db: Db, bookingId: string, leg: LegName, unit = FIRST_UNIT) {
  return db.selectFrom("booking_legs").select("job_nonce").where("booking_id", "=", bookingId).where("leg", "=", leg).where("unit", "=", unit).executeTakeFirst();
}

/** The leg whose job link hashes to `tokenHash`. */
export function legByJobTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom("booking_legs").selectAll().where("job_token_hash", "=", tokenHash).executeTakeFirst();
}

/** Moves a leg to the driver's `step`, only from the `from` status (the number of rows moved: 0 or 1). */
export async function setLegStatus(db: Db, bookingId: string, leg: LegName, from: JobStatus, step: JobStatus, at: string, unit = FIRST_UNIT): Promise<number> {
  const moved = await db
    .updateTable("booking_legs")
    .set({ job_status: step, job_status_at: at, updated_at: at })
    .where("booking_id", "=", bookingId)
    .where("leg", "=", leg)
    .where("unit", "=", unit)
    .where("job_status", "=", from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** Each assigned leg of a booking with its driver's status. */
export function legStatusesOf(db: Db, bookingId: string) {
  return db.selectFrom("booking_legs").select(["leg", "unit", "job_status"]).where("booking_id", "=", bookingId).execute();
}

/** A booking's assigned legs with their drivers' names, in leg order (what a cancellation releases). */
export function assignedLegsWithDrivers(db: Db, bookingId: string) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select(["booking_legs.leg", "booking_legs.unit", "booking_legs.job_token_hash", "booking_legs.job_status", "drivers.name"])
    .where("booking_legs.booking_id", "=", bookingId)
    .orderBy("booking_legs.leg")
    .orderBy("booking_legs.unit")
    .execute();
}

/** An assigned leg's pickup time follows its booking's (every car's). */
export async function setLegPickup(db: Db, bookingId: string, leg: LegName, pickupAt: string): Promise<void> {
  await db.updateTable("booking_legs").set({ pickup_at: pickupAt }).where("booking_id", "=", bookingId).where("leg", "=", leg).execute();
}

/** The legs still waiting for their driver's acceptance, of open bookings, picked up in [from, until). */
export function legsAwaitingAcceptance(db: Db, from: string, until: string) {
  return db
    .selectFrom("booking_legs")
    .innerJoin("bookings", "bookings.id", "booking_legs.booking_id")
    .innerJoin("drivers", "drivers.id", "booking_legs.driver_id")
    .select(["booking_legs.booking_id", "booking_legs.leg", "booking_legs.unit", "booking_legs.pickup_at", "booking_legs.job_nonce", "bookings.reference", "drivers.name as driver"])
    .where("booking_legs.job_status", "=", "assigned")
    .where("bookings.status", "in", ["pending", "confirmed"])
    .where("booking_legs.pickup_at", ">=", from)
    .where("booking_legs.pickup_at", "<", until)
    .orderBy("booking_legs.pickup_at")
    .execute();
}

/** Takes the driver off a leg only while it is still as read (the job link's hash, the status); 1 when it was. */
export async function deleteLegIfStill(db: Db, bookingId: string, leg: LegName, tokenHash: string, status: JobStatus): Promise<number> {
  const gone = await db
    .deleteFrom("booking_legs")
    .where("booking_id", "=", bookingId)
    .where("leg", "=", leg)
    .where("job_token_hash", "=", tokenHash)
    .where("job_status", "=", status)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** Keeps a leg's old job link as released, so it says why (the booking cancelled, the job declined). */
export async function releaseJobLink(db: Db, link: { tokenHash: string; bookingId: string; leg: LegName; unit: number; at: string; reason: "cancelled" | "declined" }): Promise<void> {
  await db
    .insertInto("released_job_links")
    .values({ job_token_hash: link.tokenHash, booking_id: link.bookingId, leg: link.leg, unit: link.unit, released_at: link.at, reason: link.reason })
    .execute();
}

/**
 * The leg's driver opened its job sheet (issue 31): what changed before `at` is no longer news on
 * their day. Only while `driverId` is still the leg's driver (the number of rows: 0 or 1).
 */
export async function markLegSeen(db: Db, bookingId: string, leg: LegName, driverId: string, at: string, unit = FIRST_UNIT): Promise<number> {
  const marked = await db
    .updateTable("booking_legs")
    .set({ driver_seen_at: at })
    .where("booking_id", "=", bookingId)
    .where("leg", "=", leg)
    .where("unit", "=", unit)
    .where("driver_id", "=", driverId)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}
