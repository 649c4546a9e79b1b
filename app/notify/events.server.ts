/**
 * What the booking commands emit (DESIGN.md §8 "Events in the transaction"): each command writes
 * its event into `booking_outbox` inside the transaction that writes the booking, so an event
 * exists exactly when its change was committed. The notify worker (worker.server.ts) turns them
 * into mails, WhatsApp/SMS and office notices; the commands themselves send nothing.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LegName } from "~/booking/availability";
import type { FieldChange } from "~/booking/booking-changes";
import { nowIso } from "~/server/db/convert";
import type { BookingStatus, Database } from "~/server/db/schema";

export type BookingEvent =
  /** a new booking: the guest's confirmation, the office's notice and mail, the guest's WhatsApp/SMS */
  | { kind: "created" }
  /** a change of the booking's fields (the history event `eventId`), by the office or the guest (`by`: the actor's label) */
  | {
      kind: "changed";
      eventId: string;
      by: string;
      changes: FieldChange[];
      /** the booking held its car (pending or confirmed) when it changed: the guest hears of it */
      active: boolean;
      /** false: the office's change mail is not sent */
      mailCustomer: boolean;
    }
  /** a status change (the history event `eventId`) */
  | { kind: "status_changed"; eventId: string; by: string; from: BookingStatus; to: BookingStatus; note: string; mailCustomer: boolean }
  /** a leg's driver or car changed (the history event `eventId`); `driverAssigned`: a driver was put on it, `driverChanged`: it had another */
  | { kind: "assigned"; eventId: string; leg: LegName; driverAssigned: boolean; driverChanged: boolean }
  /** a driver's step on a leg (live updates read it; no message yet) */
  | { kind: "leg_step"; leg: LegName; step: string; bookingCompleted: boolean };

export type BookingEventKind = BookingEvent["kind"];

/** Writes the event inside the command's transaction; returns its id. */
export async function recordBookingEvent(trx: Transaction<Database> | Kysely<Database>, bookingId: string, event: BookingEvent, at = nowIso()): Promise<string> {
  const id = randomUUID();
  const { kind, ...payload } = event;
  await trx.insertInto("booking_outbox").values({ id, booking_id: bookingId, kind, payload: JSON.stringify(payload), created_at: at, next_attempt_at: at }).execute();
  return id;
}

/** A stored row back to its event (an unreadable payload is an empty one: the handler refuses it). */
export function readBookingEvent(row: { kind: string; payload: string }): BookingEvent {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row.payload) as unknown;
    if (parsed && typeof parsed === "object") payload = parsed as Record<string, unknown>;
  } catch {
    payload = {};
  }
  return { ...payload, kind: row.kind } as BookingEvent;
}
