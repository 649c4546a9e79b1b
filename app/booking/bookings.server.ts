/**
 * Changing a booking (the office's edit, the guest's change, the dispatch board's car change), in
 * steps: planEdit (edit-plan.server.ts: read, places, rules, route, price; no write) → the cars
 * checked → persist. The shared
 * shapes of a booking request and of the commands' dependencies live here too; creating one is
 * create.server.ts. Each command writes its event (events.server.ts) in the transaction that
 * writes the booking; the notify worker turns it into the office's notice, the mails and the
 * guest's messages, off the request. A message never fails a booking: the event is retried.
 */
import type { TFunction } from "i18next";
import type { PayMode } from "./rules/payments";
import type { Kysely, Transaction } from "kysely";
import { recordAudit } from "~/audit/audit.server";
import { type Language } from "~/i18n/config";
import type { PlaceServices } from "~/places/service.server";
import { problem, type Problem } from "~/i18n/problem";
import type { BookingChannel, BookingRow, Database } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { hashToken } from "~/utils/token";
import { type BookingEdit } from "./rules/admin-edit";
import type { Addresses } from "./rules/contact";
import { getBooking, recordOf, type BookingRecord } from "./lists.server";
import type { Actor } from "./status.server";
import { recordHistory } from "./store/reads.server";
import { MAX_OVERRIDE_REASON, type AssignmentChange, type FieldChange } from "./rules/booking-changes";
import { readDistanceDetails, type DistanceDetails } from "./rules/booking-row";
import { occupiesCar, type Conflict } from "./rules/availability";
import { carConflicts, lockCar, readBufferMinutes, spansOfBooking } from "./availability.server";
import { carsOfBookings } from "./store/cars.server";
import { bookingByLinkHash, bookingRowByIdOrThrow, clearReturnCar, updateBookingRow } from "./store/bookings.server";
import { deleteLeg, setLegPickup } from "./store/legs.server";
import type { TripType } from "./rules/search";
import { type LocationInput } from "./trip.server";
import { minutes } from "./rules/units";
import { type ExtraChoice } from "~/booking/rules/extras";
import type { LuggageItems } from "./rules/capacity";
import { type Currency } from "~/pricing/currency";
import { resolveGazetteer } from "~/places/gazetteer.server";
import { planEdit, type BookingEditDeps, type EditRefusal } from "./edit-plan.server";

export interface BookingRequest {
  tripType: TripType;
  pickup: LocationInput;
  dropoff: LocationInput;
  /** UTC instant of the pickup */
  pickupAt: string;
  returnPickup?: LocationInput;
  returnDropoff?: LocationInput;
  /** UTC instant of the return pickup, round trips only */
  returnAt?: string;
  passengers: number;
  luggage: number | null;
  /** the special luggage by kind (prams, wheelchairs, golf bags, skis, bicycles; issue 32), counted against the car's luggage places */
  luggageItems?: LuggageItems | null;
  carId: string;
  /** a party in several cars (issue 32): the cars after `carId`, in order (units 2, 3, …) */
  moreCarIds?: readonly string[];
  fullName: string;
  email: string;
  phone: string;
  notes: string;
  flightNumber: string | null;
  /** the hotel or street address given for each leg end (contact form names), empty for none */
  addresses?: Addresses;
  /** hourly hire: its hours (tripType "hourly") */
  hours?: number | null;
  /** extras as asked for (checked against the office's active extras) */
  extras?: readonly ExtraChoice[];
  /** the currency the guest saw the price in (the charge stays in lira) */
  currency?: Currency;
  /** the guest agreed to booking updates by WhatsApp or SMS on this phone (issue 16) */
  messagingConsent?: boolean;
  /** how the guest pays (issue 30): on arrival, a deposit or the whole fare online; absent: the first the booking is offered */
  payMode?: PayMode;
}

export interface BookingMeta {
  locale: string;
  idempotencyKey?: string | null;
  /** SHA-256 of the request body (app/server/idempotency.ts): the same key with another body is refused */
  requestHash?: string | null;
  clientIp?: string | null;
  /** where the booking came from; "site" when not said */
  channel?: BookingChannel;
  /** the partner that books (issue 33: its API key): the booking is its own (channel "partner"), with the commission its rule earns */
  partner?: BookingPartner;
}

/**
 * A partner booking through the front door: who (and who pays). Its rule, commission and net rates
 * are read when it books (partnerPrices), so the booking keeps what its terms earned at that moment.
 */
export interface BookingPartner {
  id: string;
  /** the partner pays it on its monthly statement (its portal's choice, else its credit terms); absent: the guest pays in the car */
  pays?: boolean;
  /** booked at a partner's desk without the guest (its portal): nothing is asked online, the guest pays in the car unless the partner pays */
  desk?: boolean;
}

export interface BookingDeps {
  db: Kysely<Database>;
  places: PlaceServices;
  mailer: Mailer;
  /** SESSION_SECRET derives the private link again for later messages (booking-link.server.ts); without it the link is random */
  env: Pick<Env, "PUBLIC_URL" | "OFFICE_EMAIL"> & Partial<Pick<Env, "SESSION_SECRET">>;
  /** WhatsApp and SMS to the guest (issue 16); none: no messages */
  messenger?: Messenger;
  log: Pick<Logger, "warn" | "error" | "info">;
  /** the `booking` namespace in a given language, for the e-mails */
  translator: (lng: Language) => TFunction;
}

/** Why a car cannot take a trip, as the visitor reads it (`booking:errors.*`). */
export function unavailableProblem(conflicts: readonly Conflict[]): Problem {
  if (conflicts.some((c) => c.kind === "booking")) return problem("booking:errors.carBusy");
  if (conflicts.some((c) => c.kind === "maintenance")) return problem("booking:errors.carInMaintenance");
  return problem("booking:errors.carUnavailable");
}

export { readDistanceDetails, type DistanceDetails };

export async function findBookingByToken(db: Kysely<Database>, token: string): Promise<BookingRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const hash = hashToken(token);
  // The first link, or one minted later for messages (booking-link.server.ts).
  return bookingByLinkHash(db, hash);
}

export type BookingUpdateResult =
  | {
      ok: true;
      booking: BookingRecord;
      /** the stored row as it is now (in a preview: as it would be) */
      row: BookingRow;
      repriced: boolean;
      changes: FieldChange[];
      mailed: boolean;
      /** the history event written (null: nothing changed, or a preview) */
      eventId: string | null;
    }
  | EditRefusal
  /** the car is taken (or in maintenance) for the new times: saved only with `overrideReason` */
  | { ok: false; reason: "unavailable"; problem: Problem; conflicts: Conflict[] };

export interface BookingUpdateOptions {
  /** who changes it: required, recorded in the history and the audit log (the office's staff, the guest, the system) */
  actor: Actor;
  /** the client address, for the audit log */
  ip?: string | null;
  /** the office's reason to save although the car is taken (recorded with the change) */
  overrideReason?: string | null;
  /** an assignment's reason to put a car with an expired document on the leg (issue 34): recorded as the override */
  assignmentOverride?: string | null;
  /** the language the office types place names in (the admin language) */
  language?: Language;
  /**
   * A new date or time re-prices the booking at the new times (the night window): the guest's
   * change (issue 16). The office's own edit keeps the agreed price when only the time moves.
   */
  repriceOnTimeChange?: boolean;
  /**
   * The same steps up to the write, and no write: the checks, the new price and the car's
   * availability (read without its lock: the confirmed change checks again under it); the answer's
   * booking is the booking as it would be. No history, no audit, no event.
   */
  preview?: boolean;
  /** false: the office's change mail is not sent (the guest's own change has its own mail, guest-changes.server.ts) */
  mailCustomer?: boolean;
  /**
   * Run the edit's steps inside the caller's transaction (the dispatch assignment's car change,
   * assignments.server.ts): every read and write goes through it, and nothing is sent: the caller
   * tells the guest through its event after its commit. Not with `preview`.
   */
  within?: Transaction<Database>;
  /** the leg's driver and car assigned with this change, recorded in the same history event */
  assignment?: AssignmentChange;
}

/** The car would collide: nothing is written, the conflicts go back to the office. */
class CarConflict extends Error {
  constructor(readonly conflicts: Conflict[]) {
    super("car conflict");
  }
}

/**
 * The one way the office changes a booking (admin page, PATCH /api/bookings/{id}): the same
 * contact, date and capacity rules as a new booking (the car's seats and luggage included, when
 * the passengers or the car change), the same place resolution and routing as the site for a
 * changed place, the same search text. When the car, a leg's kilometres or the rate change, the
 * price is recomputed by the one pricing function, at the booking's agreed rate unless the office
 * sets another or changes the car (then the new car's); otherwise the agreed price stays.
 *
 * When the change moves the car's legs (times, car, route minutes, a return added) on a pending or
 * confirmed booking, the car is checked inside the write transaction after its lock, so an edit
 * and a booking racing for the car have one winner; a conflict refuses the change unless the office
 * gives a reason to override it. What changed (field, old → new, who) is written in the same
 * transaction as one history event, and the customer is mailed when their trip changed.
 */
export async function updateBooking(deps: BookingDeps, id: string, edit: BookingEdit, options: BookingUpdateOptions): Promise<BookingUpdateResult> {
  const result = await editBooking(deps, id, edit, options);
  if (!result.ok || options.within || options.preview || !result.eventId) return result;
  // The change's event makes the notify worker mail and message the guest (app/notify).
  const sent = await eventsCommitted(deps, id).catch((error: unknown) => {
    deps.log.error({ err: error, bookingId: id }, "booking change event could not be handled");
    return { mailed: false };
  });
  return { ...result, mailed: sent.mailed };
}

/**
 * The edit's steps (`updateBooking` without telling the guest): check → price → check the car's
 * legs under its lock → write with one history event. `status`: the booking's status when edited.
 */
export async function editBooking(
  deps: BookingEditDeps,
  id: string,
  edit: BookingEdit,
  options: BookingUpdateOptions,
): Promise<Exclude<BookingUpdateResult, { ok: true }> | (Extract<BookingUpdateResult, { ok: true }> & { status: BookingRow["status"] })> {
  const db = options.within ?? deps.db;
  const actor = options.actor;
  // Read, resolve the typed places, check every rule, re-price: the booking as it would be.
  const planned = await planEdit(deps, db, id, edit, options);
  if (!planned.ok) return planned;
  const { row, set, after, changes, repriced, byCar, needsCheck } = planned;
  // a party's further cars drive the same legs (issue 32): they are checked at the new times too
  if (needsCheck) for (const unit of await carsOfBookings(db, [id])) byCar.set(unit.car_id, [...(byCar.get(unit.car_id) ?? []), ...spansOfBooking(after)]);
  // Then check its cars (a preview reads them; a change locks them) and persist.
  const buffer = needsCheck ? await readBufferMinutes(db) : minutes(0);
  const reason = options.overrideReason?.trim().slice(0, MAX_OVERRIDE_REASON) || null;
  if (options.preview) {
    // The preview ends here: the booking as it would be, and whether its cars would be free.
    const conflicts: Conflict[] = [];
    if (needsCheck) for (const [carId, spans] of byCar) conflicts.push(...(await carConflicts(db, carId, spans, { buffer, excludeBookingId: id })));
    if (conflicts.length > 0 && !reason) return { ok: false, reason: "unavailable", problem: unavailableProblem(conflicts), conflicts };
    return { ok: true, booking: await recordOf(db, after), row: after, repriced, changes, mailed: false, eventId: null, status: row.status };
  }
  let eventId: string | null = null;
  // The caller's transaction (`within`), or the edit's own.
  const inTransaction = (work: (trx: Transaction<Database>) => Promise<void>) => (options.within ? work(options.within) : db.transaction().execute(work));
  try {
    await inTransaction(async (trx) => {
      let overridden: string | null = null;
      if (needsCheck) {
        const conflicts: Conflict[] = [];
        for (const [carId, spans] of byCar) {
          await lockCar(trx, carId);
          conflicts.push(...(await carConflicts(trx, carId, spans, { buffer, excludeBookingId: id })));
        }
        if (conflicts.length > 0 && !reason) throw new CarConflict(conflicts);
        if (conflicts.length > 0) overridden = reason;
      }
      await updateBookingRow(trx, id, set);
      await syncLegTimes(trx, after);
      if (changes.length === 0 && !overridden) return;
      eventId = await recordHistory(trx, {
        bookingId: id,
        from: row.status,
        to: row.status,
        actor,
        changes: { fields: changes, override: overridden ?? options.assignmentOverride ?? null, ...(options.assignment ? { assignment: options.assignment } : {}) },
      });
      await recordBookingEvent(trx, id, { kind: "changed", eventId, by: actor.label, changes, active: occupiesCar(row.status), mailCustomer: options.mailCustomer !== false });
      const details = { changes, ...(overridden ? { override: overridden } : {}) };
      await recordAudit(trx, { actor, action: "booking.update", entity: "booking", entityId: id, summary: row.reference, details, ip: options.ip ?? null });
    });
  } catch (error) {
    if (error instanceof CarConflict) return { ok: false, reason: "unavailable", problem: unavailableProblem(error.conflicts), conflicts: error.conflicts };
    throw error;
  }
  const stored = await bookingRowByIdOrThrow(db, id);
  return { ok: true, booking: (await getBooking(db, id))!, row: stored, repriced, changes, mailed: false, eventId, status: row.status };
}

/**
 * The assigned legs follow an edit (issue 15): each keeps its pickup time, and a return leg whose
 * trip became one-way loses its driver (its job link stops working).
 */
async function syncLegTimes(trx: Transaction<Database>, after: BookingRow): Promise<void> {
  await setLegPickup(trx, after.id, "outbound", after.pickup_date);
  if (after.trip_type === "roundTrip" && after.return_date) {
    await setLegPickup(trx, after.id, "return", after.return_date);
  } else {
    await deleteLeg(trx, after.id, "return");
    if (after.return_car_id) await clearReturnCar(trx, after.id);
  }
}

/** Whether a booking's pickup (either leg's) is an airport: the stored place as the gazetteer knows it. */
export function bookingStartsAtAirport(booking: Pick<BookingRow, "pickup_location" | "return_pickup_location">): boolean {
  return [booking.pickup_location, booking.return_pickup_location].some((label) => label !== null && resolveGazetteer(label).place?.kind === "airport");
}
