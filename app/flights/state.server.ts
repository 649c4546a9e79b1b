/**
 * A tracked flight as the pages and the driver's job read it (issue 31). Nothing without a flight
 * provider (no key: nothing is tracked, nothing pretends to be) nor for a pickup that is no airport.
 */
import type { Kysely, Transaction } from "kysely";
import type { TrackedFlightFacts } from "~/booking/index.server";
import type { Database, FlightWatchRow } from "~/server/db/schema";
import { flightProvider } from "./config.server";
import type { FlightState } from "./flight-state";
import { delayMinutes } from "./rules";
import { watchesOf, watchOf } from "./store.server";

const tracked = (watch: FlightWatchRow | undefined): watch is FlightWatchRow => Boolean(watch && watch.airport && flightProvider());

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
export async function flightStateOf(db: Kysely<Database>, bookingId: string): Promise<FlightState | null> {
  if (!flightProvider()) return null;
  const watch = await watchOf(db, bookingId);
  return tracked(watch) ? stateOf(watch) : null;
}

/** The flights of several bookings (the board), by booking id; only the tracked ones. */
export async function flightStatesOf(db: Kysely<Database>, bookingIds: readonly string[]): Promise<Record<string, FlightState>> {
  if (!flightProvider()) return {};
  const out: Record<string, FlightState> = {};
  for (const [id, watch] of await watchesOf(db, bookingIds)) if (tracked(watch)) out[id] = stateOf(watch);
  return out;
}

/** The outbound pickup planned from the tracked flight (null: as booked, or not tracked). */
export async function plannedPickupOf(db: Kysely<Database>, bookingId: string): Promise<string | null> {
  if (!flightProvider()) return null;
  const watch = await watchOf(db, bookingId);
  return tracked(watch) ? watch.planned_pickup_at : null;
}

/** What the booking core's leg facts read of a tracked flight (the planned pickup; the no-show's waiting from the actual landing). */
export async function flightFactsOf(db: Kysely<Database> | Transaction<Database>, bookingId: string): Promise<TrackedFlightFacts | undefined> {
  if (!flightProvider()) return undefined;
  const watch = await watchOf(db, bookingId);
  return tracked(watch) ? { plannedPickupAt: watch.planned_pickup_at, landedAt: watch.actual_at } : undefined;
}
