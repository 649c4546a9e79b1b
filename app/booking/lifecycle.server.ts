/**
 * The state machine's server side (issue 27): what the rules in rules/lifecycle.ts read of the
 * database and the settings (a leg's pickup and free waiting), the refusals as catalogue codes for
 * each audience, and what a cancellation does to the legs (their drivers released).
 */
import type { Kysely, Transaction } from "kysely";
import { recordAudit, staffActor, type AuditActor } from "~/audit/audit.server";
import { problem, type Problem } from "~/i18n/problem";
import { resolveGazetteer } from "~/places/gazetteer.server";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { hashToken } from "~/utils/token";
import { unitOf, type LegName } from "./rules/availability";
import { isJobTokenShape } from "./rules/job-link";
import type { ActorKind, LegContext, LegFacts, LegState, RefusalCode } from "./rules/lifecycle";
import { recordHistory } from "./store/reads.server";
import { bookingOfReleasedJob } from "./store/bookings.server";
import { assignedLegsWithDrivers, deleteLeg, releaseJobLink } from "./store/legs.server";

type Db = Kysely<Database> | Transaction<Database>;

/** Who takes a transition: the kind the rules read, and who in words for the history and the audit log. */
export interface LifecycleActor extends AuditActor {
  kind: ActorKind;
}

/** A staff member acting for the office (pages and API). */
export const officeActor = (user: Parameters<typeof staffActor>[0]): LifecycleActor => ({ kind: "office", ...staffActor(user) });

/** The system (workers, the booking's completion after its last leg), as the history names it. */
export const SYSTEM_LIFECYCLE_ACTOR: LifecycleActor = { kind: "system", id: null, label: "system" };

/** A refusal of the state machine in a catalogue: the office's (and the API's), the driver's or the guest's. */
export const refusalProblem = (ns: "admin" | "driver" | "booking", code: RefusalCode, params?: Problem["params"]): Problem =>
  problem(`${ns}:lifecycle.refused.${code}`, params);

type LegBooking = Pick<BookingRow, "status" | "pickup_date" | "return_date" | "pickup_location" | "dropoff_location" | "return_pickup_location">;

/** A leg's pickup instant: the outbound's or the return's. */
export const legPickupAt = (booking: Pick<BookingRow, "pickup_date" | "return_date">, leg: LegName): string =>
  leg === "outbound" ? booking.pickup_date : (booking.return_date ?? booking.pickup_date);

/** The free waiting at a leg's pickup (settings): the airport's when the leg starts at one, else the other. */
export function freeWaitingMinutes(settings: Pick<Settings, "pricing">, booking: LegBooking, leg: LegName): number {
  const place = leg === "outbound" ? booking.pickup_location : (booking.return_pickup_location ?? booking.dropoff_location);
  const airport = resolveGazetteer(place).place?.kind === "airport";
  return airport ? settings.pricing.freeWaitingAirportMinutes : settings.pricing.freeWaitingOtherMinutes;
}

/** What a tracked flight changes of its leg (issue 31, app/flights/state.server.ts `flightFactsOf`). */
export interface TrackedFlightFacts {
  plannedPickupAt: string | null;
  landedAt: string | null;
}

/**
 * What the rules read of one leg, and its context at `now`. With the outbound leg's tracked
 * flight, the start window opens from the pickup planned from its landing, and the free waiting
 * counts from the actual landing.
 */
export function legFactsOf(settings: Pick<Settings, "pricing">, booking: LegBooking, leg: LegName, state: LegState, now: Date, flight?: TrackedFlightFacts): { facts: LegFacts; ctx: LegContext } {
  const tracked = leg === "outbound" ? flight : undefined;
  return {
    facts: { bookingStatus: booking.status, state, pickupAt: tracked?.plannedPickupAt ?? legPickupAt(booking, leg), ...(tracked?.landedAt ? { landedAt: tracked.landedAt } : {}) },
    ctx: { now, freeWaitingMinutes: freeWaitingMinutes(settings, booking, leg) },
  };
}

/**
 * A cancellation releases the booking's drivers, inside the cancel's transaction: each leg's
 * booking_legs row is deleted (so the driver is off it for every reader at once: their trips, the
 * dispatch board, the driver's availability, the guest's page, without any of them filtering on the
 * booking's status), its job link is kept as released (released_job_links: the old link then says
 * "cancelled" rather than "not found", and shows nothing of the guest), and each release is written
 * in the history as an assignment change and in the audit log, by the one who cancelled. The car
 * needs nothing: a cancelled booking no longer occupies it (availability.ts `occupiesCar`).
 */
export async function releaseLegs(trx: Transaction<Database>, booking: Pick<BookingRow, "id" | "reference">, actor: LifecycleActor, at: string): Promise<LegName[]> {
  const legs = await assignedLegsWithDrivers(trx, booking.id);
  for (const leg of legs) {
    await releaseJobLink(trx, { tokenHash: leg.job_token_hash, bookingId: booking.id, leg: leg.leg, unit: leg.unit, at, reason: "cancelled" });
    await deleteLeg(trx, booking.id, leg.leg, leg.unit);
    const change = { leg: leg.leg, ...unitOf(leg.unit), driver: { from: leg.name, to: null } };
    await recordHistory(trx, { bookingId: booking.id, from: "cancelled", to: "cancelled", actor, changes: { fields: [], override: null, assignment: change }, at });
    await recordAudit(trx, { actor, action: "booking.release", entity: "booking", entityId: booking.id, summary: booking.reference, details: { ...change, jobStatus: leg.job_status } }, at);
  }
  return legs.map((l) => l.leg);
}

/** The leg behind a released job link (its booking was cancelled), or undefined. */
export async function releasedJobOf(db: Db, token: string) {
  if (!isJobTokenShape(token)) return undefined;
  return bookingOfReleasedJob(db, hashToken(token));
}
