/**
 * The booking module's store, the driver's steps (issue 31, migration 0170): one `leg_steps` row a
 * step, with the phone's position when the driver consented; the positions' retention.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, LegStepKind } from "~/server/db/schema";
import type { LegName } from "../rules/availability";
import { withoutPosition } from "../rules/positions";

type Db = Kysely<Database> | Transaction<Database>;

export interface StepPosition {
  lat: number;
  lng: number;
  accuracy: number | null;
  /** when the phone took it (UTC) */
  at: string;
}

let sequence = 0;

/**
 * A step's id sorts after the ids made before it in this process, within one millisecond too (the
 * steps' order is read by time, then id): the time, a counter, then randomness for uniqueness.
 */
function stepId(at: string): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${at}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}`;
}

/** Writes one step (its id back: the guest's message about it is keyed on it). */
export async function insertLegStep(
  db: Db,
  step: { bookingId: string; leg: LegName; unit: number; driverId: string | null; step: LegStepKind; at: string; position: StepPosition | null; note?: string },
): Promise<string> {
  const id = stepId(step.at);
  await db
    .insertInto("leg_steps")
    .values({
      id,
      booking_id: step.bookingId,
      leg: step.leg,
      unit: step.unit,
      driver_id: step.driverId,
      step: step.step,
      at: step.at,
      lat: step.position?.lat ?? null,
      lng: step.position?.lng ?? null,
      accuracy: step.position?.accuracy ?? null,
      position_at: step.position?.at ?? null,
      note: step.note ?? "",
    })
    .execute();
  return id;
}

/** A booking's steps, oldest first (the guest's page, the office's timeline, the no-show evidence). */
export function legStepRows(db: Db, bookingId: string) {
  return db
    .selectFrom("leg_steps")
    .leftJoin("drivers", "drivers.id", "leg_steps.driver_id")
    .select(["leg_steps.id", "leg_steps.leg", "leg_steps.unit", "leg_steps.driver_id", "leg_steps.step", "leg_steps.at", "leg_steps.lat", "leg_steps.lng", "leg_steps.accuracy", "leg_steps.position_at", "leg_steps.position_cleared_at", "leg_steps.note", "drivers.name as driver_name"])
    .where("leg_steps.booking_id", "=", bookingId)
    .orderBy("leg_steps.at")
    .orderBy("leg_steps.id")
    .execute();
}

/** Clears the positions taken before `before` (the step and its time stay); how many were cleared. */
export async function clearPositionsBefore(db: Db, before: string, at: string): Promise<number> {
  const result = await db
    .updateTable("leg_steps")
    .set({ lat: null, lng: null, accuracy: null, position_cleared_at: at })
    .where("position_at", "<", before)
    .where("lat", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the driver consents to share positions, and the consent's change. */
export async function positionConsentOf(db: Db, driverId: string): Promise<boolean> {
  const row = await db.selectFrom("drivers").select("position_consent_at").where("id", "=", driverId).executeTakeFirst();
  return Boolean(row?.position_consent_at);
}

export async function setPositionConsent(db: Db, driverId: string, at: string | null): Promise<void> {
  await db.updateTable("drivers").set({ position_consent_at: at }).where("id", "=", driverId).execute();
}

/**
 * Before issue 31 a job step's position was written into the booking's history and the audit log;
 * the retention clears it there too, from the entries older than `before` (a batch at a time).
 */
export async function scrubLegacyPositionsBefore(db: Db, before: string, batch = 500): Promise<number> {
  let scrubbed = 0;
  const events = await db
    .selectFrom("booking_events")
    .select(["id", "changes"])
    .where("created_at", "<", before)
    .where("changes", "like", '%"job":%"lat":%')
    .limit(batch)
    .execute();
  for (const e of events) {
    const changes = withoutPosition(e.changes, "job");
    if (changes === null) continue;
    await db.updateTable("booking_events").set({ changes }).where("id", "=", e.id).execute();
    scrubbed++;
  }
  const entries = await db
    .selectFrom("audit_log")
    .select(["id", "details"])
    .where("action", "=", "booking.job_step")
    .where("at", "<", before)
    .where("details", "like", '%"lat":%')
    .limit(batch)
    .execute();
  for (const a of entries) {
    const details = withoutPosition(a.details, null);
    if (details === null) continue;
    await db.updateTable("audit_log").set({ details }).where("id", "=", a.id).execute();
    scrubbed++;
  }
  return scrubbed;
}
