/**
 * A tracked flight as the pages and the driver's job read it (issue 31). Nothing without a flight
 * provider (no key: nothing is tracked, nothing pretends to be), for a pickup that is no airport,
 * or while the watch is not the booking's as it now stands (its flight or pickup just changed: the
 * tracker starts it again within a minute, and until then the booked time is the one that counts).
 */
import type { Kysely, Transaction } from "kysely";
import type { TrackedFlightFacts } from "~/booking/index.server";
import type { Database, FlightWatchRow } from "~/server/db/schema";
import { flightProvider } from "./config.server";
import type { FlightState } from "./flight-state";
import { delayMinutes } from "./rules";
import { watchesOf, watchOf } from "./store.server";

type Db = Kysely<Database> | Transaction<Database>;

/** What of a booking the watch must match: its id, outbound pickup (time and place) and flight number. */
export interface WatchedBooking {
  id: string;
  pickup_date: string;
  pickup_location: string;
  flight_number: string | null;
}

const current = (watch: FlightWatchRow | undefined, booking: WatchedBooking): watch is FlightWatchRow =>
  Boolean(watch && watch.airport && flightProvider() && watch.booked_pickup_at === booking.pickup_date && watch.pickup_location === booking.pickup_location && watch.flight_number === booking.flight_number);

function stateOf(watch: FlightWatchRow): FlightState {
  const times = { scheduledAt: watch.scheduled_at, estimatedAt: watch.estimated_at, actualAt: watch.actual_at };
  return {
    flight: watch.flight_number,
    status: watch.not_found ? "not_found" : watch.checked_at ? watch.status : "pending",
    ...times,
    delayMinutes: delayMinutes(times),
    bookedPickupAt: watch.booked_pickup_at,
    plannedPickupAt: watch.planned_pickup_at,
    checkedAt: watch.checked_at,
  };
}

/** The booking's flight, or null when it is not tracked. */
export async function flightStateOf(db: Db, booking: WatchedBooking): Promise<FlightState | null> {
  if (!flightProvider() || !booking.flight_number) return null;
  const watch = await watchOf(db, booking.id);
  return current(watch, booking) ? stateOf(watch) : null;
}

/** The flights of several bookings (the board), by booking id; only the tracked ones. */
export async function flightStatesOf(db: Db, bookings: readonly WatchedBooking[]): Promise<Record<string, FlightState>> {
  if (!flightProvider()) return {};
  const watches = await watchesOf(db, bookings.filter((b) => b.flight_number).map((b) => b.id));
  const out: Record<string, FlightState> = {};
  for (const booking of bookings) {
    const watch = watches.get(booking.id);
    if (current(watch, booking)) out[booking.id] = stateOf(watch);
  }
  return out;
}

/** The outbound pickup planned from the tracked flight (null: as booked, or not tracked). */
export async function plannedPickupOf(db: Db, booking: WatchedBooking): Promise<string | null> {
  return (await flightFactsOf(db, booking))?.plannedPickupAt ?? null;
}

/** What the booking core's leg facts read of a tracked flight (the planned pickup; the no-show's waiting from the actual landing). */
export async function flightFactsOf(db: Db, booking: WatchedBooking): Promise<TrackedFlightFacts | undefined> {
  if (!flightProvider() || !booking.flight_number) return undefined;
  const watch = await watchOf(db, booking.id);
  return current(watch, booking) ? { plannedPickupAt: watch.planned_pickup_at, landedAt: watch.actual_at } : undefined;
}
