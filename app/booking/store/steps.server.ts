/**
 * The booking module's store, the driver's steps (issue 31, migration 0170): one `leg_steps` row a
 * step, with the phone's position when the driver consented; the positions' retention.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, LegStepKind } from "~/server/db/schema";
import type { LegName } from "../rules/availability";

type Db = Kysely<Database> | Transaction<Database>;

export interface StepPosition {
  lat: number;
  lng: number;
  accuracy: number | null;
  /** when the phone took it (UTC) */
  at: string;
}

/** Writes one step (its id back: the guest's message about it is keyed on it). */
export async function insertLegStep(
  db: Db,
  step: { bookingId: string; leg: LegName; driverId: string | null; step: LegStepKind; at: string; position: StepPosition | null; note?: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("leg_steps")
    .values({
      id,
      booking_id: step.bookingId,
      leg: step.leg,
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
    .select(["leg_steps.id", "leg_steps.leg", "leg_steps.driver_id", "leg_steps.step", "leg_steps.at", "leg_steps.lat", "leg_steps.lng", "leg_steps.accuracy", "leg_steps.position_at", "leg_steps.position_cleared_at", "leg_steps.note", "drivers.name as driver_name"])
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
