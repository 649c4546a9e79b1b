/**
 * The flight tracker (issue 31), run every minute by the server when a provider key is set (never
 * in a request): it starts a watch for each active booking whose outbound pickup is an airport and
 * has a flight number (checked at once, so a number unknown on that date is flagged to the office
 * within a minute of the booking), then reads each due flight at the provider: from the day before
 * the landing every few hours, every 15 minutes near it, until it landed or was cancelled. A watch
 * is claimed with a lease, so two instances never ask the provider for the same check; a failed
 * call backs off (1, 2, 4… minutes, at most an hour, or the provider's Retry-After).
 *
 * It stores the scheduled, estimated and actual landing and the pickup planned from them by the
 * office's rules (Settings → Uçuşlar); a move beyond the threshold, a cancellation, a diversion or
 * an unknown number becomes the booking's `flight` outbox event (app/booking/flights.server.ts),
 * from which the office's notice and the driver's job follow.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { bookingRowById, eventsCommitted, flightPickupsToWatch, recordFlightChange, type FlightEvent } from "~/booking/index.server";
import { resolveGazetteer } from "~/places/gazetteer.server";
import { nowIso } from "~/server/db/convert";
import type { Database, FlightWatchRow } from "~/server/db/schema";
import { startPeriodic, type Periodic } from "~/server/periodic.server";
import { getSettings } from "~/settings/settings.server";
import { FlightProviderError, type FlightLookup, type FlightProvider } from "./provider";
import { backoffAt, flightDateOf, landingOf, NEVER, nextCheckAt, normaliseFlightNumber, pickupMovedEnough, plannedPickupOf, previousDayOf } from "./rules";
import { claimDueWatch, settleWatch, startWatch } from "./store.server";

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

export interface TrackerDeps {
  db: Kysely<Database>;
  provider: FlightProvider;
  log?: Log;
  /** this tracker's name in the lease (default: a new one per process) */
  workerId?: string;
  /**
   * what the booking's events are handed to once committed (the notify worker's input: database,
   * mailer, messenger, env); the server's notify worker is woken by it
   */
  notify?: Parameters<typeof eventsCommitted>[0];
}

const PROCESS_WORKER = `flights-${randomUUID()}`;
const HOUR = 3600_000;

/** An airport's IATA code from a stored pickup place ("Antalya Havalimanı (AYT)" → "AYT"); null when the place is no airport. */
export function airportCodeOf(place: string): string | null {
  const found = resolveGazetteer(place).place;
  if (found?.kind !== "airport") return null;
  return /\(([A-Z]{3})\)\s*$/.exec(found.canonical ?? found.label)?.[1] ?? null;
}

/** Starts the watches of bookings not watched as booked; returns how many. */
export async function watchNewFlights(deps: Pick<TrackerDeps, "db">, now: Date): Promise<number> {
  const rows = await flightPickupsToWatch(deps.db, new Date(now.getTime() - 6 * HOUR).toISOString());
  const at = now.toISOString();
  for (const row of rows) {
    const airport = airportCodeOf(row.pickup_location) ?? "";
    await startWatch(
      deps.db,
      {
        bookingId: row.id,
        flightNumber: row.flight_number!,
        flightDate: flightDateOf(row.pickup_date),
        airport,
        pickupLocation: row.pickup_location,
        bookedPickupAt: row.pickup_date,
        // not an airport pickup: kept (so the scan does not come back to it) but never checked
        nextCheckAt: airport ? at : NEVER,
      },
      at,
    );
  }
  return rows.length;
}

type Outcome = "checked" | "failed" | "stopped" | "lost";

/** Reads one claimed watch's flight and records what it says (and the event to tell, when there is one). */
export async function checkWatch(deps: TrackerDeps, watch: FlightWatchRow, now: Date): Promise<Outcome> {
  const booking = await bookingRowById(deps.db, watch.booking_id);
  const current = booking && (booking.status === "pending" || booking.status === "confirmed");
  if (!current || booking.flight_number !== watch.flight_number || booking.pickup_date !== watch.booked_pickup_at || booking.pickup_location !== watch.pickup_location) {
    // cancelled, completed or deleted: no more checks; changed: the next scan starts it again
    return (await settleWatch(deps.db, watch, { next_check_at: NEVER, updated_at: nowIso() })) ? "stopped" : "lost";
  }
  const number = normaliseFlightNumber(watch.flight_number);
  let lookup: FlightLookup = { found: false };
  let flightDate = watch.flight_date;
  try {
    if (number) lookup = await deps.provider.lookup({ number, date: flightDate, airport: watch.airport });
    // a pickup just after midnight may meet a flight landing just before it: that day is asked too
    const previous = previousDayOf(watch.booked_pickup_at);
    if (number && !lookup.found && previous && previous !== flightDate) {
      lookup = await deps.provider.lookup({ number, date: previous, airport: watch.airport });
      if (lookup.found) flightDate = previous;
    }
  } catch (error) {
    const attempts = watch.attempts + 1;
    const failure = error instanceof FlightProviderError ? error : new FlightProviderError("unavailable", error instanceof Error ? error.message : String(error));
    deps.log?.warn({ bookingId: watch.booking_id, failure: failure.failure, attempts }, "flight provider call failed; backing off");
    const settled = await settleWatch(deps.db, watch, { attempts, last_error: failure.message.slice(0, 300), next_check_at: backoffAt(now, attempts, failure.retryAfterMs), updated_at: nowIso() });
    return settled ? "failed" : "lost";
  }
  const settings = (await getSettings(deps.db)).flights;
  const at = now.toISOString();
  const booked = watch.booked_pickup_at;
  let event: Omit<FlightEvent, "kind" | "checkedAt"> | null = null;
  let changes: Parameters<typeof settleWatch>[2];
  if (!lookup.found) {
    // schedules far ahead may come later: asked again the day before, once
    const dayBefore = new Date(Date.parse(booked) - 24 * HOUR);
    if (watch.notified_status !== "not_found") event = { change: "not_found", flight: watch.flight_number, bookedPickupAt: booked, toldPickupAt: watch.notified_pickup_at ?? booked, plannedPickupAt: null, landingAt: null };
    changes = {
      not_found: 1,
      status: "unknown",
      planned_pickup_at: null,
      checked_at: at,
      attempts: 0,
      last_error: "",
      next_check_at: number && now < dayBefore ? dayBefore.toISOString() : NEVER,
      notified_status: "not_found",
      updated_at: at,
    };
  } else {
    const { flight } = lookup;
    const planned = plannedPickupOf(settings, booked, flight);
    const landing = landingOf(flight);
    const told = watch.notified_pickup_at ?? booked;
    let notifiedPickup = watch.notified_pickup_at;
    let notifiedStatus = watch.notified_status === "not_found" ? null : watch.notified_status;
    if ((flight.status === "cancelled" || flight.status === "diverted") && notifiedStatus !== flight.status) {
      event = { change: flight.status, flight: watch.flight_number, bookedPickupAt: booked, toldPickupAt: told, plannedPickupAt: null, landingAt: landing };
      notifiedStatus = flight.status;
    } else if (pickupMovedEnough(settings, told, planned ?? booked)) {
      event = { change: "moved", flight: watch.flight_number, bookedPickupAt: booked, toldPickupAt: told, plannedPickupAt: planned, landingAt: landing };
      notifiedPickup = planned ?? booked;
    }
    changes = {
      flight_date: flightDate,
      status: flight.status,
      scheduled_at: flight.scheduledAt,
      estimated_at: flight.estimatedAt,
      actual_at: flight.actualAt,
      planned_pickup_at: planned,
      not_found: 0,
      checked_at: at,
      attempts: 0,
      last_error: "",
      next_check_at: nextCheckAt(now, landing ?? booked, flight.status),
      notified_pickup_at: notifiedPickup,
      notified_status: notifiedStatus,
      updated_at: at,
    };
  }
  const settled = await deps.db.transaction().execute(async (trx) => {
    if (!(await settleWatch(trx, watch, changes))) return false;
    // the event at the wall clock: the outbox takes it when due
    if (event) await recordFlightChange(trx, watch.booking_id, { ...event, checkedAt: at });
    return true;
  });
  if (!settled) return "lost";
  if (event) await eventsCommitted(deps.notify ?? { db: deps.db }, watch.booking_id).catch(() => undefined);
  return "checked";
}

/** One round: new watches, then the due checks (at most `limit`). */
export async function trackFlights(deps: TrackerDeps, now: Date = new Date(), limit = 50): Promise<{ started: number; checked: number; failed: number }> {
  const started = await watchNewFlights(deps, now);
  let checked = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const watch = await claimDueWatch(deps.db, deps.workerId ?? PROCESS_WORKER, now);
    if (!watch) break;
    const outcome = await checkWatch(deps, watch, now);
    if (outcome === "checked") checked++;
    if (outcome === "failed") failed++;
  }
  return { started, checked, failed };
}

export const FLIGHT_SWEEP_MS = 60_000;

export function startFlightTracker(deps: TrackerDeps, intervalMs = FLIGHT_SWEEP_MS): Periodic {
  return startPeriodic(async () => {
    try {
      const round = await trackFlights(deps);
      if (round.checked + round.failed > 0) deps.log?.info(round, "flights checked");
    } catch (error) {
      // The database is away: the next round tries again.
      deps.log?.error({ err: error }, "flights could not be tracked");
    }
  }, intervalMs);
}
