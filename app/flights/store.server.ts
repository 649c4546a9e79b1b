/**
 * The flight watches' one store (table `flight_watches`, migration 0180): started or restarted for
 * a booking, claimed with a lease by one tracker at a time, and read by the pages and the driver's
 * job. What the rows mean: app/server/db/flights-schema.ts.
 */
import { PostgresAdapter, type Kysely, type Transaction, type Updateable } from "kysely";
import type { Database, FlightWatchesTable, FlightWatchRow } from "~/server/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** How long a tracker holds a claimed watch (a tracker that died gives it back after this). */
export const WATCH_LEASE_MS = 2 * 60_000;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface WatchStart {
  bookingId: string;
  /** as the booking holds it (the scan compares it) */
  flightNumber: string;
  flightDate: string;
  /** "" when the pickup is not an airport (the watch then never checks) */
  airport: string;
  pickupLocation: string;
  bookedPickupAt: string;
  nextCheckAt: string;
}

/** Starts a booking's watch, or starts it again from nothing (its flight or pickup changed). */
export async function startWatch(db: Db, start: WatchStart, at: string): Promise<void> {
  const fresh = {
    flight_number: start.flightNumber,
    flight_date: start.flightDate,
    airport: start.airport,
    pickup_location: start.pickupLocation,
    booked_pickup_at: start.bookedPickupAt,
    status: "unknown" as const,
    scheduled_at: null,
    estimated_at: null,
    actual_at: null,
    planned_pickup_at: null,
    not_found: 0,
    checked_at: null,
    next_check_at: start.nextCheckAt,
    attempts: 0,
    last_error: "",
    claimed_at: null,
    claimed_by: null,
    notified_pickup_at: null,
    notified_status: null,
    updated_at: at,
  };
  await db
    .insertInto("flight_watches")
    .values({ booking_id: start.bookingId, ...fresh, created_at: at })
    .onConflict((oc) => oc.column("booking_id").doUpdateSet(fresh))
    .execute();
}

/**
 * Claims the earliest due watch, or none: PostgreSQL picks it `FOR UPDATE SKIP LOCKED` in a short
 * transaction; SQLite serialises writers, so one UPDATE with its subquery is enough.
 */
export async function claimDueWatch(db: Kysely<Database>, workerId: string, now: Date, leaseMs = WATCH_LEASE_MS): Promise<FlightWatchRow | undefined> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - leaseMs).toISOString();
  const due = (q: Db) =>
    q
      .selectFrom("flight_watches")
      .select("booking_id")
      .where("next_check_at", "<=", at)
      .where((w) => w.or([w("claimed_at", "is", null), w("claimed_at", "<=", stale)]))
      .orderBy("next_check_at")
      .limit(1);
  const stamp = (q: Db) =>
    q
      .updateTable("flight_watches")
      .set({ claimed_at: at, claimed_by: workerId })
      .where((w) => w.or([w("claimed_at", "is", null), w("claimed_at", "<=", stale)]));
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const row = await due(trx).forUpdate().skipLocked().executeTakeFirst();
      return row ? stamp(trx).where("booking_id", "=", row.booking_id).returningAll().executeTakeFirst() : undefined;
    });
  }
  return stamp(db)
    .where("booking_id", "in", () => due(db))
    .returningAll()
    .executeTakeFirst();
}

/** Writes a claimed watch's outcome and gives the claim back; false when the claim was lost meanwhile (its lease ran out). */
export async function settleWatch(db: Db, claimed: Pick<FlightWatchRow, "booking_id" | "claimed_at" | "claimed_by">, changes: Updateable<FlightWatchesTable>): Promise<boolean> {
  if (!claimed.claimed_at || !claimed.claimed_by) return false;
  const result = await db
    .updateTable("flight_watches")
    .set({ ...changes, claimed_at: null, claimed_by: null })
    .where("booking_id", "=", claimed.booking_id)
    .where("claimed_by", "=", claimed.claimed_by)
    .where("claimed_at", "=", claimed.claimed_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A booking's watch (null: not watched). */
export function watchOf(db: Db, bookingId: string): Promise<FlightWatchRow | undefined> {
  return db.selectFrom("flight_watches").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

/** The watches of several bookings (the dispatch board's day). */
export async function watchesOf(db: Db, bookingIds: readonly string[]): Promise<Map<string, FlightWatchRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.selectFrom("flight_watches").selectAll().where("booking_id", "in", [...bookingIds]).execute();
  return new Map(rows.map((r) => [r.booking_id, r]));
}
