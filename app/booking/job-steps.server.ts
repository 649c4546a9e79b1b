/**
 * The driver's side of a leg (issues 15 and 31): what the driver reports from the job link, each
 * through the state machine (rules/lifecycle.ts) and written with its history, audit and outbox
 * event in one transaction.
 *
 * - Steps: accepted, on the way, at the pickup, passenger on board, completed, no-show. Each is a
 *   `leg_steps` row with its time; the leg keeps the last one (`booking_legs.job_status`).
 * - Positions are personal data: one is kept only with the driver's consent (given or taken back on
 *   the job link), only with a step of an active leg (not with the acceptance), and only when fresh
 *   (taken at most POSITION_MAX_AGE_MINUTES before it reached the server). A refused position does
 *   not refuse the step: the step is recorded and the driver told why the position was not kept.
 *   The history and the audit log say that a position came, never where: the position lives in
 *   `leg_steps` alone, which the retention job clears (app/notify/ride-watch.server.ts).
 * - The decline returns the leg to the office: the driver is taken off it (the job link then says
 *   "you declined"), the reason is kept, and the office is told (the `declined` event).
 */
import type { Kysely } from "kysely";
import { recordAudit } from "~/audit/audit.server";
import type { Database, JobStatus, LegStepKind } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { legOfJobToken } from "./assignments.server";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { legFactsOf, SYSTEM_LIFECYCLE_ACTOR, type LifecycleActor } from "./lifecycle.server";
import { FIRST_UNIT, unitOf, type LegName } from "./rules/availability";
import { carsOfBookings } from "./store/cars.server";
import { checkBookingMove, checkLegDecline, checkLegStep, tripLegsDone, type RefusalCode } from "./rules/lifecycle";
import { setBookingStatus } from "./store/bookings.server";
import { deleteLegIfStill, legsAwaitingAcceptance, legStatusesOf, releaseJobLink, setLegStatus } from "./store/legs.server";
import { bookingRowById, recordHistory } from "./store/reads.server";
import { flightFactsOf } from "~/flights/state.server";
import { clearPositionsBefore, insertLegStep, scrubLegacyPositionsBefore, legStepRows, positionConsentOf, setPositionConsent, type StepPosition } from "./store/steps.server";

/** The steps a driver reports from the job link, in the order of a trip ("Gelmedi": the guest did not come). */
export const JOB_STEPS = ["accepted", "on_way", "arrived", "picked_up", "completed", "no_show"] as const satisfies readonly JobStatus[];
export type JobStep = (typeof JOB_STEPS)[number];
export const isJobStep = (v: unknown): v is JobStep => typeof v === "string" && (JOB_STEPS as readonly string[]).includes(v);

/** The steps of a leg under way: the only ones a position is kept with. */
const ACTIVE_STEPS: ReadonlySet<JobStep> = new Set(["on_way", "arrived", "picked_up", "completed", "no_show"]);

/** How old a phone's position may be when it reaches the server; an older one is refused (`position_late`). */
export const POSITION_MAX_AGE_MINUTES = 10;
/** A position "taken" later than this after the server's clock is a wrong clock, refused likewise. */
const POSITION_CLOCK_SKEW_MS = 2 * 60_000;

/** Where the phone was, when the driver allowed it; a value out of range is left out. */
export interface JobLocation {
  lat: number;
  lng: number;
  accuracy?: number;
  /** when the phone took it (UTC); absent: as the step reached the server */
  at?: string;
}

const numberOf = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN);

/** The form's (or a body's) position: degrees, metres, and the fix's time (epoch milliseconds or ISO). */
export function readJobLocation(lat: unknown, lng: unknown, accuracy: unknown, takenAt?: unknown): JobLocation | null {
  const la = numberOf(lat);
  const lo = numberOf(lng);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180) return null;
  const acc = numberOf(accuracy);
  const location: JobLocation = { lat: Math.round(la * 1e6) / 1e6, lng: Math.round(lo * 1e6) / 1e6 };
  if (Number.isFinite(acc) && acc >= 0 && acc < 1e6) location.accuracy = Math.round(acc);
  const ms = typeof takenAt === "string" && /^\d+$/.test(takenAt.trim()) ? Number(takenAt) : typeof takenAt === "number" ? takenAt : typeof takenAt === "string" && takenAt.trim() ? Date.parse(takenAt) : Number.NaN;
  if (Number.isFinite(ms) && ms > 0) location.at = new Date(ms).toISOString();
  return location;
}

/** Why a position that came with a step was not kept. */
export type PositionRefusal = "position_no_consent" | "position_inactive" | "position_late";

/** Whether a position is kept with `step` (pure: the consent and the clock are given). */
export function positionVerdict(step: JobStep, location: JobLocation, consent: boolean, now: Date): PositionRefusal | null {
  if (!ACTIVE_STEPS.has(step)) return "position_inactive";
  if (!consent) return "position_no_consent";
  const taken = location.at ? Date.parse(location.at) : now.getTime();
  if (now.getTime() - taken > POSITION_MAX_AGE_MINUTES * 60_000 || taken - now.getTime() > POSITION_CLOCK_SKEW_MS) return "position_late";
  return null;
}

export type JobStepResult =
  | { ok: true; bookingId: string; leg: LegName; unit: number; status: JobStep; bookingCompleted: boolean; /** a position came and was not kept: why */ position: PositionRefusal | null }
  | { ok: false; reason: "not_found" }
  /** the state machine's refusal (rules/lifecycle.ts): `closed`, `not_confirmed`, `out_of_order`, `too_early` (with the instant) */
  | { ok: false; reason: "refused"; code: RefusalCode; at?: string };

async function driverActorOf(db: Kysely<Database>, driverId: string): Promise<LifecycleActor> {
  const row = await db.selectFrom("drivers").select(["name", "user_id"]).where("id", "=", driverId).executeTakeFirst();
  return { kind: "driver", id: row?.user_id ?? null, label: row?.name ?? "driver" };
}

/**
 * Records a step the driver reported through the job link, if the state machine allows it now
 * (rules/lifecycle.ts: the booking open, confirmed for all but the acceptance, the steps in order,
 * the start window before the pickup, the free waiting before a no-show): the leg's status and time,
 * its `leg_steps` row (with the position when kept), an event in the booking's history and a row in
 * the audit log, both by the driver. When the last leg is done the system completes the booking
 * (through the machine too), recorded likewise.
 */
export async function recordJobStep(
  db: Kysely<Database>,
  token: string,
  step: JobStep,
  location: JobLocation | null,
  now = new Date(),
  /** the request's dependencies: the step's event is handed to app/notify once committed (the guest's message) */
  notify?: { db: Kysely<Database> },
): Promise<JobStepResult> {
  const settings = await getSettings(db);
  const result = await db.transaction().execute(async (trx): Promise<JobStepResult> => {
    const leg = await legOfJobToken(trx, token);
    if (!leg) return { ok: false, reason: "not_found" };
    const booking = await bookingRowById(trx, leg.booking_id);
    if (!booking) return { ok: false, reason: "not_found" };
    const { facts, ctx } = legFactsOf(settings, booking, leg.leg, leg.job_status, now, await flightFactsOf(trx, booking));
    const verdict = checkLegStep(facts, step, "driver", ctx);
    if (!verdict.ok) return { ok: false, reason: "refused", code: verdict.code, ...(verdict.at ? { at: verdict.at } : {}) };
    const driver = await driverActorOf(trx, leg.driver_id);
    const at = now.toISOString();
    // Only from the state the machine checked: a second press racing this one finds the leg moved on.
    const moved = await setLegStatus(trx, leg.booking_id, leg.leg, leg.job_status, step, at, leg.unit);
    if (moved !== 1) return { ok: false, reason: "refused", code: "out_of_order" };
    const refusal = location ? positionVerdict(step, location, await positionConsentOf(trx, leg.driver_id), now) : null;
    const position: StepPosition | null = location && !refusal ? { lat: location.lat, lng: location.lng, accuracy: location.accuracy ?? null, at: location.at ?? at } : null;
    const stepId = await insertLegStep(trx, { bookingId: booking.id, leg: leg.leg, unit: leg.unit, driverId: leg.driver_id, step, at, position });
    const job = { leg: leg.leg, ...unitOf(leg.unit), status: step };
    await recordHistory(trx, { bookingId: booking.id, from: booking.status, to: booking.status, actor: driver, changes: { fields: [], override: null, job }, at });
    await recordAudit(trx, { actor: driver, action: "booking.job_step", entity: "booking", entityId: booking.id, summary: booking.reference, details: { ...job, from: leg.job_status, position: position !== null } }, at);
    // Every leg the booking has, of every car of the party, must be done (completed or no-show, one completed) for the system to complete it.
    const legNames: LegName[] = booking.trip_type === "roundTrip" && booking.return_date ? ["outbound", "return"] : ["outbound"];
    const units = [FIRST_UNIT, ...(await carsOfBookings(trx, [booking.id])).map((c) => c.unit)];
    const legsOfTrip = legNames.flatMap((name) => units.map((unit) => `${name}:${unit}`));
    const rows = await legStatusesOf(trx, booking.id);
    const legsDone = step === "completed" && tripLegsDone(legsOfTrip, new Map(rows.map((r) => [`${r.leg}:${r.unit}`, r.job_status])));
    const completes = legsDone && checkBookingMove(booking, "completed", "system", { now, legsDone }).ok;
    if (completes) {
      await setBookingStatus(trx, booking.id, booking.status, "completed", at);
      const system = SYSTEM_LIFECYCLE_ACTOR;
      await recordHistory(trx, { bookingId: booking.id, from: booking.status, to: "completed", actor: system, at });
      await recordAudit(trx, { actor: system, action: "booking.status", entity: "booking", entityId: booking.id, summary: booking.reference, details: { from: booking.status, to: "completed", after: "legs_done" } }, at);
    }
    await recordBookingEvent(trx, booking.id, { kind: "leg_step", leg: leg.leg, ...unitOf(leg.unit), step, stepId, bookingCompleted: completes }, at);
    return { ok: true, bookingId: booking.id, leg: leg.leg, unit: leg.unit, status: step, bookingCompleted: completes, position: location ? refusal : null };
  });
  if (result.ok && notify) await eventsCommitted(notify, result.bookingId);
  return result;
}

/** The longest reason a decline keeps. */
export const DECLINE_REASON_MAX = 300;

export type DeclineResult =
  | { ok: true; bookingId: string; leg: LegName }
  | { ok: false; reason: "not_found" }
  /** the reason is missing or too long: nothing was written */
  | { ok: false; reason: "invalid"; code: "reason_required" | "reason_too_long" }
  | { ok: false; reason: "refused"; code: RefusalCode };

/**
 * The driver turns the job down from the link, with a reason (rules/lifecycle.ts `checkLegDecline`:
 * before setting off, on an open booking). The leg goes back to the office: its row is deleted (the
 * driver is off it everywhere at once), its link is kept as released with the reason `declined`
 * (the old link then says so), the step is kept with the reason, and the history, the audit log and
 * the `declined` event (the office's notice) are written, by the driver.
 */
export async function declineJob(db: Kysely<Database>, token: string, reasonText: string, now = new Date(), notify?: { db: Kysely<Database> }): Promise<DeclineResult> {
  const reason = reasonText.replace(/\s+/g, " ").trim();
  if (!reason) return { ok: false, reason: "invalid", code: "reason_required" };
  if (reason.length > DECLINE_REASON_MAX) return { ok: false, reason: "invalid", code: "reason_too_long" };
  const result = await db.transaction().execute(async (trx): Promise<DeclineResult> => {
    const leg = await legOfJobToken(trx, token);
    if (!leg) return { ok: false, reason: "not_found" };
    const booking = await bookingRowById(trx, leg.booking_id);
    if (!booking) return { ok: false, reason: "not_found" };
    const verdict = checkLegDecline({ bookingStatus: booking.status, state: leg.job_status }, "driver");
    if (!verdict.ok) return { ok: false, reason: "refused", code: verdict.code };
    const driver = await driverActorOf(trx, leg.driver_id);
    const at = now.toISOString();
    // Only the leg as checked: a step or a reassignment racing the decline wins, and the decline is refused.
    if ((await deleteLegIfStill(trx, leg.booking_id, leg.leg, leg.job_token_hash, leg.job_status)) !== 1) return { ok: false, reason: "refused", code: "out_of_order" };
    await releaseJobLink(trx, { tokenHash: leg.job_token_hash, bookingId: booking.id, leg: leg.leg, unit: leg.unit, at, reason: "declined" });
    await insertLegStep(trx, { bookingId: booking.id, leg: leg.leg, unit: leg.unit, driverId: leg.driver_id, step: "declined", at, position: null, note: reason });
    const change = { leg: leg.leg, ...unitOf(leg.unit), driver: { from: driver.label, to: null } };
    const eventId = await recordHistory(trx, { bookingId: booking.id, from: booking.status, to: booking.status, actor: driver, note: reason, changes: { fields: [], override: null, assignment: change }, at });
    await recordAudit(trx, { actor: driver, action: "booking.job_decline", entity: "booking", entityId: booking.id, summary: booking.reference, details: { ...change, reason, jobStatus: leg.job_status } }, at);
    await recordBookingEvent(trx, booking.id, { kind: "declined", eventId, leg: leg.leg, ...unitOf(leg.unit), driver: driver.label, reason }, at);
    return { ok: true, bookingId: booking.id, leg: leg.leg };
  });
  if (result.ok && notify) await eventsCommitted(notify, result.bookingId);
  return result;
}

/** The driver's consent to share positions, given or taken back from a job link (recorded in the audit log). */
export async function setJobPositionConsent(db: Kysely<Database>, token: string, consent: boolean, now = new Date()): Promise<boolean> {
  const leg = await legOfJobToken(db, token);
  if (!leg) return false;
  const driver = await driverActorOf(db, leg.driver_id);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await setPositionConsent(trx, leg.driver_id, consent ? at : null);
    await recordAudit(trx, { actor: driver, action: consent ? "driver.position_consent" : "driver.position_consent_withdrawn", entity: "driver", entityId: leg.driver_id, summary: driver.label, details: {} }, at);
  });
  return true;
}

/** Whether the driver of the leg behind a job link consents to share positions. */
export async function jobPositionConsent(db: Kysely<Database>, driverId: string): Promise<boolean> {
  return positionConsentOf(db, driverId);
}

export interface LegStepView {
  id: string;
  leg: LegName;
  unit: number;
  step: LegStepKind;
  at: string;
  driverId: string | null;
  driver: string | null;
  position: { lat: number; lng: number; accuracy: number | null; at: string | null } | null;
  positionCleared: boolean;
  note: string;
}

/** A booking's steps, oldest first, with their positions while kept. */
export async function legStepsOf(db: Kysely<Database>, bookingId: string): Promise<LegStepView[]> {
  const rows = await legStepRows(db, bookingId);
  return rows.map((r) => ({
    id: r.id,
    leg: r.leg,
    unit: r.unit,
    step: r.step,
    at: r.at,
    driverId: r.driver_id,
    driver: r.driver_name ?? null,
    position: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, accuracy: r.accuracy, at: r.position_at } : null,
    positionCleared: r.position_cleared_at !== null,
    note: r.note,
  }));
}

/**
 * The positions' retention (settings: booking.positionRetentionDays): clears every position taken
 * before then; the steps and their times stay. Returns how many were cleared.
 */
export async function clearOldPositions(db: Kysely<Database>, settings: Pick<Settings, "booking">, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - settings.booking.positionRetentionDays * 24 * 60 * 60_000).toISOString();
  return (await clearPositionsBefore(db, before, now.toISOString())) + (await scrubLegacyPositionsBefore(db, before));
}

/**
 * The jobs the office should chase (settings: booking.acceptAlertMinutes): legs whose driver has
 * not accepted, picked up from now to that many minutes ahead. None when the setting is 0.
 */
export async function unacceptedJobs(db: Kysely<Database>, settings: Pick<Settings, "booking">, now = new Date()) {
  const minutes = settings.booking.acceptAlertMinutes;
  if (minutes <= 0) return [];
  return legsAwaitingAcceptance(db, now.toISOString(), new Date(now.getTime() + minutes * 60_000).toISOString());
}
