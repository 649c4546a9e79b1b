/**
 * A leg's driver and car (issue 15): the one write path the booking page, the dispatch board and
 * the API use to put a driver and a car on a leg, and the driver's job link with its steps.
 *
 * - The driver is checked with the same rules as a car (availability.ts): a switched-off driver,
 *   or one already on a colliding pending or confirmed leg, is refused with the conflicts named;
 *   the car likewise. Both are locked first, so two dispatchers racing for one driver (or car)
 *   have exactly one winner.
 * - The outbound leg's car is the booking's `car_id`; the return leg's is `return_car_id` (null when
 *   it is the same car).
 * - Each assigned leg has a private job link. Its token is derived from the row's `job_nonce` with
 *   the server's secret (so the office can show the link again); only its SHA-256 is stored for the
 *   lookup. A new driver gets a new nonce: the previous driver's link stops working at once.
 * - Every assignment is recorded in the booking's history and the audit log; the customer is
 *   mailed when a driver is assigned or changed (driver-mail.server.ts).
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { sessionSecrets } from "~/auth/session-cookie.server";
import { nowIso } from "~/server/db/convert";
import type { BookingRow, Database, JobStatus } from "~/server/db/schema";
import { hashToken } from "~/utils/token";
import { legSpans, occupiesCar, type Conflict, type LegName, type Span } from "./availability";
import { carConflicts, carOfLeg, driverConflicts, lockCar, lockDriver, readBufferMinutes } from "./availability.server";
import { nextEventAt } from "./admin-bookings.server";
import { changesJson, type AssignmentChange, type ChangedName } from "./booking-changes";
import { recordBookingEvent } from "~/notify/events.server";

/** The job link's token for a nonce: 32 url-safe characters, unguessable without the server's secret. */
export function jobToken(secret: string, nonce: string): string {
  const key = sessionSecrets(secret)[0] ?? secret;
  return createHmac("sha256", key).update(`job:${nonce}`).digest("base64url").slice(0, 32);
}

/** A job link token's shape, checked before any lookup. */
export const isJobTokenShape = (token: string): boolean => /^[\w-]{32}$/.test(token);

export const jobPath = (token: string) => `/job/${token}`;

/** What the office asks for one leg: the driver (null: none) and, when sent, the car. */
export interface LegAssignment {
  leg: LegName;
  /** undefined: keep; null: take the driver off the leg */
  driverId?: string | null;
  /** undefined: keep; the outbound car may not be removed (the booking was made for one) */
  carId?: string;
}

export type AssignRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "no_leg" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "driver_unavailable"; conflicts: Conflict[] }
  | { ok: false; reason: "car_unavailable"; conflicts: Conflict[] };

export type AssignResult = { ok: true; change: AssignmentChange | null; driverChanged: boolean; eventId: string | null } | AssignRefusal;

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
 * Puts a driver and/or a car on one leg of a booking. Refused for a cancelled or completed booking
 * (`closed`), a leg the booking does not have, or a driver or car that is not free.
 */
export async function assignLeg(
  db: Kysely<Database>,
  bookingId: string,
  input: LegAssignment,
  options: { actor: AuditActor; ip?: string | null; /** SESSION_SECRET: the job link is derived with it */ secret: string },
): Promise<AssignResult> {
  const buffer = await readBufferMinutes(db);
  return db.transaction().execute(async (trx): Promise<AssignResult> => {
    const booking = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    if (!booking) return { ok: false, reason: "not_found" };
    const span = legSpan(booking, input.leg);
    if (!span) return { ok: false, reason: "no_leg" };
    if (!occupiesCar(booking.status)) return { ok: false, reason: "closed" };
    const current = await trx.selectFrom("booking_legs").selectAll().where("booking_id", "=", bookingId).where("leg", "=", input.leg).executeTakeFirst();
    const currentCar = carOfLeg(booking, input.leg);
    const currentDriver = current?.driver_id ?? null;
    const wantDriver = input.driverId === undefined ? currentDriver : input.driverId;
    const wantCar = input.carId === undefined ? currentCar : input.carId;
    const driverChanged = wantDriver !== currentDriver;
    const carChanged = wantCar !== currentCar;
    if (!driverChanged && !carChanged) return { ok: true, change: null, driverChanged: false, eventId: null };

    if (driverChanged && wantDriver) {
      await lockDriver(trx, wantDriver);
      const conflicts = await driverConflicts(trx, wantDriver, [span], { buffer, exclude: { bookingId, leg: input.leg } });
      if (conflicts.length > 0) return { ok: false, reason: "driver_unavailable", conflicts };
    }
    if (carChanged && wantCar) {
      await lockCar(trx, wantCar);
      const conflicts = (await carConflicts(trx, wantCar, [span], { buffer, excludeBookingId: bookingId })).filter(
        // this booking's other leg on the same car is its own business (legs of one booking follow each other)
        (c) => c.kind !== "booking" || c.bookingId !== bookingId,
      );
      if (conflicts.length > 0) return { ok: false, reason: "car_unavailable", conflicts };
    }

    const at = nowIso();
    const change: AssignmentChange = { leg: input.leg };
    if (carChanged && wantCar) {
      const carName = await nameOfCar(trx, wantCar);
      change.car = { from: await nameOfCar(trx, currentCar), to: carName };
      if (input.leg === "outbound") {
        await trx.updateTable("bookings").set({ car_id: wantCar, car_name: carName ?? "", updated_at: at }).where("id", "=", bookingId).execute();
      } else {
        await trx
          .updateTable("bookings")
          .set({ return_car_id: wantCar === booking.car_id ? null : wantCar, updated_at: at })
          .where("id", "=", bookingId)
          .execute();
      }
    }
    if (driverChanged) {
      change.driver = { from: await nameOfDriver(trx, currentDriver), to: await nameOfDriver(trx, wantDriver) } satisfies ChangedName;
      if (!wantDriver) {
        await trx.deleteFrom("booking_legs").where("booking_id", "=", bookingId).where("leg", "=", input.leg).execute();
      } else {
        const nonce = randomBytes(18).toString("base64url");
        const values = { driver_id: wantDriver, pickup_at: span.start, job_nonce: nonce, job_token_hash: "", job_status: "assigned" as JobStatus, job_status_at: null, updated_at: at };
        values.job_token_hash = hashToken(jobToken(options.secret, nonce));
        if (current) {
          await trx.updateTable("booking_legs").set(values).where("booking_id", "=", bookingId).where("leg", "=", input.leg).execute();
        } else {
          await trx.insertInto("booking_legs").values({ ...values, booking_id: bookingId, leg: input.leg, assigned_at: at }).execute();
        }
      }
    }
    const eventAt = await nextEventAt(trx, bookingId, at);
    const eventId = randomUUID();
    await trx
      .insertInto("booking_events")
      .values({
        id: eventId,
        booking_id: bookingId,
        from_status: booking.status,
        to_status: booking.status,
        by_user_id: options.actor.id,
        by_label: options.actor.label,
        note: "",
        changes: changesJson({ fields: [], override: null, assignment: change }),
        created_at: eventAt,
      })
      .execute();
    await recordAudit(trx, { actor: options.actor, action: "booking.assign", entity: "booking", entityId: bookingId, summary: booking.reference, details: { ...change }, ip: options.ip ?? null }, at);
    await recordBookingEvent(trx, bookingId, { kind: "assigned", eventId, leg: input.leg, driverAssigned: driverChanged && wantDriver !== null, driverChanged: Boolean(change.driver?.from) }, at);
    return { ok: true, change, driverChanged: driverChanged && wantDriver !== null, eventId };
  });
}

/** The job link of an assigned leg, for the office to copy or send (null when no driver is on it). */
export async function jobLinkOf(db: Db, secret: string, bookingId: string, leg: LegName): Promise<string | null> {
  const row = await db.selectFrom("booking_legs").select("job_nonce").where("booking_id", "=", bookingId).where("leg", "=", leg).executeTakeFirst();
  return row ? jobPath(jobToken(secret, row.job_nonce)) : null;
}

/** The leg behind a job link token (undefined: unknown or revoked). */
export async function legOfJobToken(db: Db, token: string) {
  if (!isJobTokenShape(token)) return undefined;
  return db.selectFrom("booking_legs").selectAll().where("job_token_hash", "=", hashToken(token)).executeTakeFirst();
}

/** The steps a driver reports from the job link, in the order of a trip ("Gelmedi": the guest did not come). */
export const JOB_STEPS = ["on_way", "arrived", "picked_up", "completed", "no_show"] as const satisfies readonly JobStatus[];
export type JobStep = (typeof JOB_STEPS)[number];
export const isJobStep = (v: unknown): v is JobStep => typeof v === "string" && (JOB_STEPS as readonly string[]).includes(v);

/** Where the phone was, when the driver allowed it; a value out of range is left out. */
export interface JobLocation {
  lat: number;
  lng: number;
  accuracy?: number;
}

export function readJobLocation(lat: unknown, lng: unknown, accuracy: unknown): JobLocation | null {
  const n = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN);
  const la = n(lat);
  const lo = n(lng);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180) return null;
  const acc = n(accuracy);
  return { lat: Math.round(la * 1e6) / 1e6, lng: Math.round(lo * 1e6) / 1e6, ...(Number.isFinite(acc) && acc >= 0 && acc < 1e6 ? { accuracy: Math.round(acc) } : {}) };
}

export type JobStepResult =
  | { ok: true; bookingId: string; leg: LegName; status: JobStep; bookingCompleted: boolean }
  | { ok: false; reason: "not_found" | "closed" };

/**
 * Records a step the driver reported through the job link: the leg's status and time, an event in
 * the booking's history (by the driver, with the location when given); "completed" on the last open
 * leg completes the booking. A cancelled or completed booking takes no more steps (`closed`).
 */
export async function recordJobStep(db: Kysely<Database>, token: string, step: JobStep, location: JobLocation | null, now = new Date()): Promise<JobStepResult> {
  return db.transaction().execute(async (trx): Promise<JobStepResult> => {
    const leg = await legOfJobToken(trx, token);
    if (!leg) return { ok: false, reason: "not_found" };
    const booking = await trx.selectFrom("bookings").select(["id", "status", "trip_type", "return_date", "reference"]).where("id", "=", leg.booking_id).executeTakeFirst();
    if (!booking) return { ok: false, reason: "not_found" };
    if (!occupiesCar(booking.status)) return { ok: false, reason: "closed" };
    const driver = await trx.selectFrom("drivers").select(["id", "name", "user_id"]).where("id", "=", leg.driver_id).executeTakeFirst();
    const at = now.toISOString();
    await trx.updateTable("booking_legs").set({ job_status: step, job_status_at: at, updated_at: at }).where("booking_id", "=", leg.booking_id).where("leg", "=", leg.leg).execute();
    // Every leg the booking has must be done (completed or no-show) for the booking to be complete.
    let completes = false;
    if (step === "completed" || step === "no_show") {
      const legsOfTrip: LegName[] = booking.trip_type === "roundTrip" && booking.return_date ? ["outbound", "return"] : ["outbound"];
      const rows = await trx.selectFrom("booking_legs").select(["leg", "job_status"]).where("booking_id", "=", booking.id).execute();
      const done = new Map(rows.map((r) => [r.leg, r.job_status === "completed" || r.job_status === "no_show"]));
      completes = step === "completed" && legsOfTrip.every((l) => done.get(l) === true);
    }
    const label = driver?.name ?? "driver";
    const eventAt = await nextEventAt(trx, booking.id, at);
    await trx
      .insertInto("booking_events")
      .values({
        id: randomUUID(),
        booking_id: booking.id,
        from_status: booking.status,
        to_status: completes ? "completed" : booking.status,
        by_user_id: driver?.user_id ?? null,
        by_label: label,
        note: "",
        changes: changesJson({ fields: [], override: null, job: { leg: leg.leg, status: step, ...(location ?? {}) } }),
        created_at: eventAt,
      })
      .execute();
    if (completes) await trx.updateTable("bookings").set({ status: "completed", updated_at: at }).where("id", "=", booking.id).execute();
    await recordBookingEvent(trx, booking.id, { kind: "leg_step", leg: leg.leg, step, bookingCompleted: completes }, at);
    return { ok: true, bookingId: booking.id, leg: leg.leg, status: step, bookingCompleted: completes };
  });
}
