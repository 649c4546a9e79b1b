/**
 * Changing a booking's status from the office or the API (and the guest's own cancellation) and
 * deleting a booking: through the state machine (rules/lifecycle.ts), with the history, the audit
 * row and the event written in one transaction.
 */
import { recordAudit, type AuditContext } from "~/audit/audit.server";
import type { Kysely } from "kysely";
import { problem, type Problem } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { BookingStatus, Database } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { excelDateTime } from "~/utils/csv";
import { BOOKING_STATUSES } from "./rules/status";
import { checkBookingMove, type RefusalCode } from "./rules/lifecycle";
import { refusalProblem, releaseLegs, type LifecycleActor } from "./lifecycle.server";
import { policyOf } from "./rules/self-service";
import { getSettings } from "~/settings/settings.server";
import { occupiesCar, type Conflict } from "./rules/availability";
import { carConflicts, lockCar, readBufferMinutes, spansOfBooking } from "./availability.server";
import { carsOfBookings } from "./store/cars.server";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { recordHistory } from "./store/reads.server";
import { bookingForDeletion, bookingForStatusChange, deleteBookingRow, setBookingStatus } from "./store/bookings.server";
import { getBooking, type BookingRecord } from "./lists.server";
import { hasPayments } from "./store/payments.server";
import { deleteCheckoutsOf, setHold } from "./store/checkouts.server";

export interface Actor {
  id: string | null;
  /** who, in words: the admin's name or e-mail */
  label: string;
}

export type StatusChangeResult =
  | { ok: true; booking: BookingRecord; mailed: boolean }
  | { ok: false; reason: "not_found" | "reason_required"; problem: Problem }
  /** the state machine's refusal (rules/lifecycle.ts), its code in `code` and in the admin catalogue's `lifecycle.refused.<code>` */
  | { ok: false; reason: "not_allowed"; code: RefusalCode; problem: Problem }
  /** re-activating it would put its car on legs that are taken: allowed only with `overrideReason` */
  | { ok: false; reason: "unavailable"; problem: Problem; conflicts: Conflict[] };

/** Why a status change was refused, as admin catalogue codes. */
export const STATUS_REFUSALS = {
  not_found: problem("admin:bookings.notFound"),
  not_allowed: problem("admin:bookings.messages.notAllowed"),
  reason_required: problem("admin:bookings.messages.reasonRequired"),
  unavailable: problem("admin:bookingChanges.messages.carTakenShort"),
} as const satisfies Record<Extract<StatusChangeResult, { ok: false }>["reason"], Problem>;

/** A status the API does not know: the four it does are named. */
export const UNKNOWN_STATUS = problem("admin:bookings.messages.unknownStatus", { statuses: BOOKING_STATUSES.join(", ") });

const refused = (reason: "not_found" | "reason_required"): StatusChangeResult => ({ ok: false, reason, problem: STATUS_REFUSALS[reason] });

/** The machine's refusal as the office reads it: the limit (too early / too late) in Istanbul time. */
function machineRefusal(verdict: { code: RefusalCode; at?: string }): StatusChangeResult {
  const params = verdict.at ? { at: excelDateTime(verdict.at) } : undefined;
  return { ok: false, reason: "not_allowed", code: verdict.code, problem: refusalProblem("admin", verdict.code, params) };
}

/**
 * Moves a booking to another status if the state machine allows it for this actor now
 * (rules/lifecycle.ts: the office, or the guest's own cancellation), records who did it and why
 * (history and audit log, in the transaction) and writes its event in the same transaction (the
 * notify worker mails the customer when the settings say so). Cancelling needs a reason and releases
 * the booking's drivers (lifecycle.server.ts `releaseLegs`). Re-activating a completed booking puts
 * its car back on its legs: the car is checked inside the transaction after its lock, and a conflict
 * refuses the change unless the office gives a reason to override it (recorded with the event).
 */
export async function changeBookingStatus(
  db: Kysely<Database>,
  mailer: Mailer,
  input: {
    id: string;
    to: BookingStatus;
    note?: string;
    /** who: the office (staff) or the guest; required, recorded in the history and the audit log */
    actor: LifecycleActor;
    overrideReason?: string | null;
    /** the client address, for the audit log */
    ip?: string | null;
    /** false: the status mail is not sent (a guest's own cancellation has its own mail, guest-changes.server.ts) */
    mailCustomer?: boolean;
    /** the clock the time rules read (tests fix it); now when absent */
    now?: Date;
    /** what the guest's mail says of why: "unpaid", the hold for the online payment passed (issue 30) */
    why?: "unpaid";
  },
  /** WhatsApp / SMS to the guest (issue 16): a cancellation is messaged when given */
  /** what the guest's messages need, handed on with the status change's event (app/notify) */
  guest?: { messenger?: Messenger; env: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>; log: Pick<Logger, "error" | "warn"> },
): Promise<StatusChangeResult & { eventId?: string }> {
  const note = (input.note ?? "").trim().slice(0, 1000);
  if (input.to === "cancelled" && !note) {
    return refused("reason_required");
  }
  const now = input.now ?? new Date();
  const reason = input.overrideReason?.trim().slice(0, 500) || null;
  const buffer = occupiesCar(input.to) ? await readBufferMinutes(db) : undefined;
  const cancelCutoffHours = input.actor.kind === "guest" ? policyOf(await getSettings(db)).cancelCutoffHours : undefined;
  let eventId: string | undefined;
  let conflicts: Conflict[] = [];
  let verdict: { code: RefusalCode; at?: string } = { code: "out_of_order" };
  const outcome = await db.transaction().execute(async (trx) => {
    const current = await bookingForStatusChange(trx, input.id);
    if (!current) return "not_found" as const;
    const checked = checkBookingMove(current, input.to, input.actor.kind, { now, holdUntil: current.hold_until, ...(cancelCutoffHours === undefined ? {} : { cancelCutoffHours }) });
    if (!checked.ok) {
      verdict = checked;
      return "not_allowed" as const;
    }
    let overridden: string | null = null;
    if (current.car_id && buffer !== undefined && !occupiesCar(current.status)) {
      // the booking's car and a party's further cars (issue 32), each locked before it is read
      const carIds = [current.car_id, ...(await carsOfBookings(trx, [input.id])).map((u) => u.car_id)].sort();
      conflicts = [];
      for (const carId of carIds) {
        await lockCar(trx, carId);
        conflicts.push(...(await carConflicts(trx, carId, spansOfBooking(current), { buffer, excludeBookingId: input.id })));
      }
      if (conflicts.length > 0 && !reason) return "unavailable" as const;
      if (conflicts.length > 0) overridden = reason;
    }
    const at = nowIso();
    const updated = await setBookingStatus(trx, input.id, current.status, input.to, at);
    // another change won the race: the booking is no longer in the state the machine checked
    if (updated !== 1) return "not_allowed" as const;
    eventId = await recordHistory(trx, { bookingId: input.id, from: current.status, to: input.to, actor: input.actor, note, changes: overridden ? { fields: [], override: overridden } : null, at });
    const details = { from: current.status, to: input.to, by: input.actor.kind, ...(note ? { note } : {}), ...(overridden ? { override: overridden } : {}) };
    await recordAudit(trx, { actor: input.actor, action: "booking.status", entity: "booking", entityId: input.id, summary: current.reference, details, ip: input.ip ?? null }, at);
    if (input.to === "cancelled") await releaseLegs(trx, { id: input.id, reference: current.reference }, input.actor, at);
    // a closed booking holds nothing for a payment any more (issue 30)
    if (current.hold_until && input.to !== "pending") await setHold(trx, input.id, null);
    const why = input.why ? { why: input.why } : {};
    await recordBookingEvent(trx, input.id, { kind: "status_changed", eventId, by: input.actor.label, from: current.status, to: input.to, note, mailCustomer: input.mailCustomer !== false, ...why }, at);
    return "changed" as const;
  });
  if (outcome === "not_found") return refused("not_found");
  if (outcome === "not_allowed") return machineRefusal(verdict);
  if (outcome === "unavailable") return { ok: false, reason: "unavailable", problem: STATUS_REFUSALS.unavailable, conflicts };
  const booking = (await getBooking(db, input.id))!;
  // The event written with the change makes the notify worker mail and message the guest.
  const notifyDeps = { db, mailer, env: guest?.env, messenger: guest?.messenger, log: guest?.log };
  const sent = await eventsCommitted(notifyDeps, input.id);
  const mailed = sent.mailed;
  return { ok: true, booking, mailed, eventId };
}

/** Why a booking could not be deleted: it has money in its ledger (issue 30; cancel it instead). */
export const DELETE_HAS_PAYMENTS = problem("admin:bookings.messages.deleteHasPayments");

/**
 * Deletes a booking (its legs and history go with it); with `audit`, the deletion is logged with
 * what the booking was. A booking with a ledger row is kept: the accountant's months must add up.
 */
export async function deleteBooking(db: Kysely<Database>, id: string, audit?: AuditContext): Promise<"deleted" | "not_found" | "has_payments"> {
  return db.transaction().execute(async (trx) => {
    if (await hasPayments(trx, id)) return "has_payments" as const;
    const row = audit ? await bookingForDeletion(trx, id) : undefined;
    await deleteCheckoutsOf(trx, id);
    const deleted = await deleteBookingRow(trx, id);
    if (deleted && audit && row) {
      await recordAudit(trx, { ...audit, action: "booking.delete", entity: "booking", entityId: id, summary: row.reference, details: { before: row } });
    }
    return deleted ? ("deleted" as const) : ("not_found" as const);
  });
}
