/**
 * What the booking commands emit (DESIGN.md §8 "Events in the transaction"): each command writes
 * its event into `booking_outbox` inside the transaction that writes the booking, so an event
 * exists exactly when its change was committed. The notify worker (app/notify/worker.server.ts)
 * turns them into mails, WhatsApp/SMS and office notices; the commands themselves send nothing.
 *
 * After its commit a command says so (`eventsCommitted`): app/notify registers what that does at
 * start-up (`registerNotify`: wake the worker, or, where none runs, handle the booking's events now).
 * The module itself imports nothing of app/notify; unregistered, the events wait for a worker.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LegName } from "./rules/availability";
import type { FieldChange } from "./rules/booking-changes";
import { nowIso } from "~/server/db/convert";
import type { BookingStatus, Database, PaymentKind } from "~/server/db/schema";

export type OutboxEvent =
  /**
   * a new booking: the guest's mail ("received", or "confirmed" when the office confirmed it as it
   * entered it; "none": the office chose not to mail; absent: received), the office's notice and
   * mail (not mailed when `by`, the office, entered it), the guest's WhatsApp/SMS
   */
  | { kind: "created"; guest?: "received" | "confirmed" | "none"; by?: string }
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
  | { kind: "status_changed"; eventId: string; by: string; from: BookingStatus; to: BookingStatus; note: string; mailCustomer: boolean; /** "paid": confirmed by its online payment; "unpaid": released because it did not come (issue 30) */ why?: "paid" | "unpaid" }
  /** a leg's driver or car changed (the history event `eventId`); `driverAssigned`: a driver was put on it, `driverChanged`: it had another */
  | { kind: "assigned"; eventId: string; leg: LegName; /** issue 32: a further car of the party */ unit?: number; driverAssigned: boolean; driverChanged: boolean }
  /** a driver's step on a leg (`stepId`: its leg_steps row, the guest's message is keyed on it) */
  | { kind: "leg_step"; leg: LegName; unit?: number; step: string; stepId?: string; bookingCompleted: boolean }
  /** the driver turned the leg's job down (the history event `eventId`): the office is told, with the reason */
  | { kind: "declined"; eventId: string; leg: LegName; unit?: number; driver: string; reason: string }
  /** a movement of the booking's money (issue 30): the ledger row `paymentId`, its kind and signed kuruş */
  | { kind: "payment"; paymentId: string; paymentKind: PaymentKind; amount: number; by: string; /** the guest gets the receipt (absent: yes) */ mailGuest?: boolean }
  /**
   * the outbound leg's flight as the tracker read it (issue 31, app/flights): its planned pickup
   * moved by at least the office's threshold, or it was cancelled or diverted, or no such flight
   * lands on that date: the office is told, and the driver (a move) gets the job again
   */
  | FlightEvent;

/** What the flight tracker tells (the `flight` event). */
export interface FlightEvent {
  kind: "flight";
  change: "moved" | "cancelled" | "diverted" | "not_found";
  flight: string;
  /** the booked pickup, the one the driver and the office were last told (the booked one at first) and the one planned now from the landing (null: as booked) */
  bookedPickupAt: string;
  toldPickupAt: string;
  plannedPickupAt: string | null;
  landingAt: string | null;
  /** the check that found it (one event at most per check: the notice's and the driver's job's dedupe keys) */
  checkedAt: string;
}

export type OutboxEventKind = OutboxEvent["kind"];

/** Writes the event inside the command's transaction; returns its id. */
export async function recordBookingEvent(trx: Transaction<Database> | Kysely<Database>, bookingId: string, event: OutboxEvent, at = nowIso()): Promise<string> {
  const id = randomUUID();
  const { kind, ...payload } = event;
  await trx.insertInto("booking_outbox").values({ id, booking_id: bookingId, kind, payload: JSON.stringify(payload), created_at: at, next_attempt_at: at }).execute();
  return id;
}

/** A stored row back to its event (an unreadable payload is an empty one: the handler refuses it). */
export function readBookingEvent(row: { kind: string; payload: string }): OutboxEvent {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row.payload) as unknown;
    if (parsed && typeof parsed === "object") payload = parsed as Record<string, unknown>;
  } catch {
    payload = {};
  }
  return { ...payload, kind: row.kind } as OutboxEvent;
}

/** What the request that wrote the event still holds in memory (never stored): the new booking's link token. */
export interface EventHints {
  token?: string;
}

export interface EventsOutcome {
  /** a worker was woken: the events are handled off the request */
  deferred: boolean;
  /** handled now, and a mail to the guest was queued */
  mailed: boolean;
  failed: boolean;
}

/** The command's dependencies as it has them (database, mailer, messenger, log…); app/notify reads what it needs. */
export type EventsCommittedHandler = (deps: { db: Kysely<Database> }, bookingId: string, hints?: EventHints) => Promise<EventsOutcome>;

let committedHandler: EventsCommittedHandler | null = null;

/** app/notify's registration (server start, test setup); a second one replaces the first. */
export function onEventsCommitted(handler: EventsCommittedHandler): void {
  committedHandler = handler;
}

/** A command's events are committed: the registered handler takes them (none registered: they wait for a worker). */
export function eventsCommitted(deps: { db: Kysely<Database> }, bookingId: string, hints: EventHints = {}): Promise<EventsOutcome> {
  return committedHandler ? committedHandler(deps, bookingId, hints) : Promise.resolve({ deferred: true, mailed: false, failed: false });
}
