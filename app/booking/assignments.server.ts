/**
 * A leg's driver and car (issue 15): the one write path the booking page, the dispatch board and
 * the API use to put a driver and a car on a leg, and the driver's job link with its steps.
 *
 * - The driver is checked with the same rules as a car (availability.ts): a switched-off driver,
 *   or one already on a colliding pending or confirmed leg, is refused with the conflicts named;
 *   the car likewise. Both are locked first, so two dispatchers racing for one driver (or car)
 *   have exactly one winner.
 * - The outbound leg's car is the booking's `car_id`, and changing it is the office's edit of the
 *   car (`editBooking`, bookings.server.ts) run in this transaction: the same capacity rule (the
 *   same refusal codes), the same availability check of each leg's car, the price recomputed by the
 *   one price function, the same history event (with the assignment in it) and audit entry; the
 *   guest is told as an edit tells them (the edit's event, handled by app/notify after the commit).
 * - The return leg's car is `return_car_id` (null when it is the same car): a car put on that leg
 *   alone must seat the booking's passengers and luggage (the same capacity rule) and be free. The
 *   booking keeps its price: it is priced for its booked car (`car_id`), and the price function
 *   prices one car per booking.
 * - Each assigned leg has a private job link. Its token is derived from the row's `job_nonce` with
 *   the server's secret (so the office can show the link again); only its SHA-256 is stored for the
 *   lookup. A new driver gets a new nonce: the previous driver's link stops working at once.
 * - Every assignment is recorded in the booking's history and the audit log; the customer is
 *   mailed when a driver is assigned or changed (driver-mail.server.ts).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { sessionSecrets } from "~/auth/session-cookie.server";
import { problem, type FieldProblems } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { BookingRow, Database, JobStatus } from "~/server/db/schema";
import { hashToken } from "~/utils/token";
import { isJobTokenShape, jobPath } from "./rules/job-link";
import { FIRST_UNIT, legSpans, unitOf, type Conflict, type LegName, type Span } from "./rules/availability";
import { carConflicts, carOfLeg, driverConflicts, lockCar, lockDriver, readBufferMinutes, spansOfBooking } from "./availability.server";
import { carsOfBookings, setUnitCar, type BookingCarRow } from "./store/cars.server";
import { bookingRowById, recordHistory } from "./store/reads.server";
import { setReturnCar } from "./store/bookings.server";
import { deleteLeg, insertLeg, jobNonceOfLeg, legByJobTokenHash, legOfBooking, updateLeg } from "./store/legs.server";
import { type AssignmentChange, type ChangedName, type FieldChange } from "./rules/booking-changes";
import { editCode } from "./rules/admin-edit";
import { editBooking } from "./bookings.server";
import { capacityProblems, storedLuggageItems } from "./rules/capacity";
import { checkLegAssignment } from "./rules/lifecycle";
import { recordBookingEvent } from "./events.server";
import { dutyIssues, type DutyIssue } from "./duty.server";
import { MAX_OVERRIDE_REASON } from "./rules/booking-changes";

/** The job link's token for a nonce: 32 url-safe characters, unguessable without the server's secret. */
export function jobToken(secret: string, nonce: string): string {
  const key = sessionSecrets(secret)[0] ?? secret;
  return createHmac("sha256", key).update(`job:${nonce}`).digest("base64url").slice(0, 32);
}


/** What the office asks for one leg: the driver (null: none) and, when sent, the car. */
export interface LegAssignment {
  leg: LegName;
  /** which car of a party (issue 32): 2, 3, … a further car; absent: the booking's own car */
  unit?: number;
  /** undefined: keep; null: take the driver off the leg */
  driverId?: string | null;
  /** undefined: keep; the outbound car may not be removed (the booking was made for one) */
  carId?: string;
  /**
   * The office's reason to assign although the driver is off duty or short of rest, or the driver
   * or car has an expired document (issue 34); recorded in the history and the audit log. Busy
   * drivers and cars stay refused whatever the reason.
   */
  overrideReason?: string | null;
}

export type AssignRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "no_leg" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "driver_unavailable"; conflicts: Conflict[] }
  | { ok: false; reason: "car_unavailable"; conflicts: Conflict[] }
  /** off duty, short of rest or an expired document (duty.server.ts): assigned only with `overrideReason` */
  | { ok: false; reason: "needs_override"; issues: DutyIssue[] }
  /** the car does not take the booking (its seats or luggage, or no such car): the edit's problems, by the edit's field (`car_id`) */
  | { ok: false; reason: "car_refused"; fields: FieldProblems };

/** The outbound car's change as the edit wrote it: what the guest is told of after the commit, and the price before and after. */
interface AssignedEdit {
  row: BookingRow;
  status: BookingRow["status"];
  changes: FieldChange[];
  /** the history event (the assignment's too) */
  eventId: string;
  repriced: boolean;
  price: { from: number; to: number };
}

export type AssignResult = { ok: true; change: AssignmentChange | null; driverChanged: boolean; eventId: string | null; edit: AssignedEdit | null } | AssignRefusal;

type Db = Kysely<Database> | Transaction<Database>;

async function nameOfDriver(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  return (await db.selectFrom("drivers").select("name").where("id", "=", id).executeTakeFirst())?.name ?? null;
}

async function nameOfCar(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  return (await db.selectFrom("cars").select("name").where("id", "=", id).executeTakeFirst())?.name ?? null;
}

/** The span of one leg of a booking, or null when the booking has no such leg. */
export function legSpan(row: Pick<BookingRow, "trip_type" | "pickup_date" | "pickup_end" | "return_date" | "return_end">, leg: LegName): Span | null {
  const found = legSpans(row).find((s) => s.leg === leg);
  return found ? { start: found.start, end: found.end } : null;
}

/**
 * Why a car cannot take the return leg alone: the booking's passengers and luggage against its
 * seats and luggage (the one capacity rule), filed as the edit files a car change's problems.
 */
async function returnCarProblems(db: Db, booking: Pick<BookingRow, "passengers" | "luggage" | "luggage_items">, carId: string) {
  const car = await db.selectFrom("cars").select(["seats", "luggage"]).where("id", "=", carId).executeTakeFirst();
  if (!car) return [problem(editCode("car"))];
  const fit = capacityProblems({ passengers: booking.passengers, luggage: booking.luggage, luggageItems: storedLuggageItems(booking.luggage_items) }, car);
  return [...(fit.passengers ?? []), ...(fit.luggage ?? [])];
}

/** Why a car cannot be a party's further car: its share of the party (passengers, luggage places) against the car's room. */
async function unitCarProblems(db: Db, unit: Pick<BookingCarRow, "passengers" | "luggage">, carId: string) {
  const car = await db.selectFrom("cars").select(["seats", "luggage"]).where("id", "=", carId).executeTakeFirst();
  if (!car) return [problem(editCode("car"))];
  const fit = capacityProblems({ passengers: unit.passengers, luggage: unit.luggage, luggageItems: null }, car);
  return [...(fit.passengers ?? []), ...(fit.luggage ?? [])];
}

/**
 * Puts a driver and/or a car on one leg of a booking (of one of its cars, `unit`, for a party in several). Refused for a cancelled or completed booking
 * (`closed`), a leg the booking does not have, a driver or car that is not free, or a car that
 * does not take the booking's passengers or luggage (`car_refused`).
 */
export async function assignLeg(
  db: Kysely<Database>,
  bookingId: string,
  input: LegAssignment,
  options: { actor: AuditActor; ip?: string | null; /** SESSION_SECRET: the job link is derived with it */ secret: string },
): Promise<AssignResult> {
  const buffer = await readBufferMinutes(db);
  return db.transaction().execute(async (trx): Promise<AssignResult> => {
    const booking = await bookingRowById(trx, bookingId);
    if (!booking) return { ok: false, reason: "not_found" };
    const span = legSpan(booking, input.leg);
    if (!span) return { ok: false, reason: "no_leg" };
    const unit = input.unit ?? FIRST_UNIT;
    const further = unit === FIRST_UNIT ? undefined : (await carsOfBookings(trx, [bookingId])).find((c) => c.unit === unit);
    if (unit !== FIRST_UNIT && !further) return { ok: false, reason: "no_leg" };
    if (!checkLegAssignment(booking.status, "office").ok) return { ok: false, reason: "closed" };
    const current = await legOfBooking(trx, bookingId, input.leg, unit);
    const currentCar = further ? further.car_id : carOfLeg(booking, input.leg);
    const currentDriver = current?.driver_id ?? null;
    const wantDriver = input.driverId === undefined ? currentDriver : input.driverId;
    const wantCar = input.carId === undefined ? currentCar : input.carId;
    const driverChanged = wantDriver !== currentDriver;
    const carChanged = wantCar !== currentCar;
    if (!driverChanged && !carChanged) return { ok: true, change: null, driverChanged: false, eventId: null, edit: null };

    if (driverChanged && wantDriver) {
      await lockDriver(trx, wantDriver);
      const conflicts = await driverConflicts(trx, wantDriver, [span], { buffer, exclude: { bookingId, leg: input.leg, unit } });
      if (conflicts.length > 0) return { ok: false, reason: "driver_unavailable", conflicts };
    }
    // The driver's hours, leave and rest, and the driver's and car's documents (issue 34): an override needs a reason.
    const duty = await dutyIssues(trx, { driverIds: driverChanged && wantDriver ? [wantDriver] : [], carIds: carChanged && wantCar ? [wantCar] : [] }, span, { bookingId, leg: input.leg, unit });
    const issues = [...(wantDriver ? (duty.drivers.get(wantDriver) ?? []) : []), ...(wantCar ? (duty.cars.get(wantCar) ?? []) : [])];
    const overridden = issues.length > 0 ? input.overrideReason?.trim().slice(0, MAX_OVERRIDE_REASON) || null : null;
    if (issues.length > 0 && !overridden) return { ok: false, reason: "needs_override", issues };

    const at = nowIso();
    // Named before anything is written: the outbound car's edit records the whole assignment in its event.
    const change: AssignmentChange = { leg: input.leg, ...unitOf(unit) };
    if (carChanged && wantCar) change.car = { from: await nameOfCar(trx, currentCar), to: await nameOfCar(trx, wantCar) };
    if (driverChanged) change.driver = { from: await nameOfDriver(trx, currentDriver), to: await nameOfDriver(trx, wantDriver) } satisfies ChangedName;

    let edit: AssignedEdit | null = null;
    if (carChanged && wantCar && further) {
      // A further car drives both legs of its share of the party: it must seat that share and be free for each leg.
      const refused = await unitCarProblems(trx, further, wantCar);
      if (refused.length > 0) return { ok: false, reason: "car_refused", fields: { car_id: refused } };
      const otherCars = new Set([booking.car_id, booking.return_car_id, ...(await carsOfBookings(trx, [bookingId])).map((c) => c.car_id)]);
      await lockCar(trx, wantCar);
      const conflicts = await carConflicts(trx, wantCar, spansOfBooking(booking), { buffer, excludeBookingId: bookingId });
      if (otherCars.has(wantCar)) conflicts.push({ kind: "booking", bookingId, reference: booking.reference, leg: input.leg, start: span.start, end: span.end, fullName: booking.full_name });
      if (conflicts.length > 0) return { ok: false, reason: "car_unavailable", conflicts };
      await setUnitCar(trx, bookingId, unit, { id: wantCar, name: change.car?.to ?? "" }, (await nameOfCar(trx, booking.car_id)) ?? booking.car_name.split(" + ")[0] ?? "", at);
    } else if (carChanged && wantCar && input.leg === "outbound") {
      // The office's edit of the car, step by step, in this transaction (nothing is written when it refuses).
      const edited = await editBooking({ db: trx, places: null }, bookingId, { car_id: wantCar }, { actor: options.actor, ip: options.ip ?? null, within: trx, assignment: change, assignmentOverride: overridden });
      if (!edited.ok) {
        if (edited.reason === "unavailable") return { ok: false, reason: "car_unavailable", conflicts: edited.conflicts };
        if (edited.reason === "invalid") return { ok: false, reason: "car_refused", fields: edited.fields };
        return { ok: false, reason: "not_found" };
      }
      if (edited.eventId) {
        edit = { row: edited.row, status: edited.status, changes: edited.changes, eventId: edited.eventId, repriced: edited.repriced, price: { from: booking.total_price, to: edited.row.total_price } };
      }
    } else if (carChanged && wantCar) {
      const refused = await returnCarProblems(trx, booking, wantCar);
      if (refused.length > 0) return { ok: false, reason: "car_refused", fields: { car_id: refused } };
      await lockCar(trx, wantCar);
      const conflicts = (await carConflicts(trx, wantCar, [span], { buffer, excludeBookingId: bookingId })).filter(
        // this booking's other leg on the same car is its own business (legs of one booking follow each other)
        (c) => c.kind !== "booking" || c.bookingId !== bookingId,
      );
      if (conflicts.length > 0) return { ok: false, reason: "car_unavailable", conflicts };
      await setReturnCar(trx, bookingId, wantCar === booking.car_id ? null : wantCar, at);
    }
    if (driverChanged) {
      if (!wantDriver) {
        await deleteLeg(trx, bookingId, input.leg, unit);
      } else {
        const nonce = randomBytes(18).toString("base64url");
        const values = { driver_id: wantDriver, pickup_at: span.start, job_nonce: nonce, job_token_hash: "", job_status: "assigned" as JobStatus, job_status_at: null, updated_at: at, driver_seen_at: null };
        values.job_token_hash = hashToken(jobToken(options.secret, nonce));
        if (current) {
          await updateLeg(trx, bookingId, input.leg, values, unit);
        } else {
          await insertLeg(trx, { ...values, booking_id: bookingId, leg: input.leg, unit, assigned_at: at });
        }
      }
    }
    // The outbound car's edit wrote the history event (its changes and this assignment); otherwise it is written here.
    const eventId =
      edit?.eventId ??
      (await recordHistory(trx, { bookingId, from: booking.status, to: booking.status, actor: options.actor, changes: { fields: [], override: overridden, assignment: change }, at }));
    await recordAudit(trx, { actor: options.actor, action: "booking.assign", entity: "booking", entityId: bookingId, summary: booking.reference, details: { ...change, ...(overridden ? { override: overridden, issues: issues.map(issueKey) } : {}) }, ip: options.ip ?? null }, at);
    await recordBookingEvent(trx, bookingId, { kind: "assigned", eventId, leg: input.leg, ...unitOf(unit), driverAssigned: driverChanged && wantDriver !== null, driverChanged: Boolean(change.driver?.from) }, at);
    return { ok: true, change, driverChanged: driverChanged && wantDriver !== null, eventId, edit };
  });
}

/** An overridden issue as the audit log keeps it ("driver:duty:day_off", "car:document:inspection"). */
const issueKey = (issue: DutyIssue) => `${issue.who}:${issue.kind}:${issue.kind === "duty" ? issue.problem.kind : issue.kind === "document" ? issue.document.kind : "rest"}`;

/** The job link of an assigned leg, for the office to copy or send (null when no driver is on it). */
export async function jobLinkOf(db: Db, secret: string, bookingId: string, leg: LegName, unit = FIRST_UNIT): Promise<string | null> {
  const row = await jobNonceOfLeg(db, bookingId, leg, unit);
  return row ? jobPath(jobToken(secret, row.job_nonce)) : null;
}

/** The leg behind a job link token (undefined: unknown or revoked). */
export async function legOfJobToken(db: Db, token: string) {
  if (!isJobTokenShape(token)) return undefined;
  return legByJobTokenHash(db, hashToken(token));
}
