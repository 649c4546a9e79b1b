/**
 * Changing a booking (the office's edit, the guest's change, the dispatch board's car change), in
 * steps: planEdit (read, places, rules, price; no write) → the cars checked → persist. The shared
 * shapes of a booking request and of the commands' dependencies live here too; creating one is
 * create.server.ts. Each command writes its event (events.server.ts) in the transaction that
 * writes the booking; the notify worker turns it into the office's notice, the mails and the
 * guest's messages, off the request. A message never fails a booking: the event is retried.
 */
import type { TFunction } from "i18next";
import type { Kysely, Transaction, Updateable } from "kysely";
import { recordAudit } from "~/audit/audit.server";
import { type Language } from "~/i18n/config";
import type { PlaceServices } from "~/places/service.server";
import { addProblem, hasProblems, problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { canonicalLabel } from "~/places/types";
import { nowIso } from "~/server/db/convert";
import type { BookingRow, BookingsTable, Database } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { kurus, liraToKurus } from "~/utils/money";
import { hashToken } from "~/utils/token";
import { editCode, EDIT_DATE_CODES, type BookingEdit } from "./rules/admin-edit";
import type { Addresses } from "./rules/contact";
import { getBooking, recordOf, type BookingRecord } from "./lists.server";
import type { Actor } from "./status.server";
import { bookingRowById, recordHistory } from "./store/reads.server";
import { changeCode, MAX_OVERRIDE_REASON, diffBooking, type AssignmentChange, type FieldChange } from "./rules/booking-changes";
import { bookingSearchText, distanceDetailsJson, readDistanceDetails, type DistanceDetails, type LegDistance } from "./rules/booking-row";
import { capacityProblems } from "./rules/capacity";
import { toBusinessDateTime, toBusinessParts, toInstant } from "./rules/datetime";
import { carRates, quoteForCar, type PricedCar } from "./rules/pricing";
import { legsFor } from "~/pricing/pricing.server";
import { toJson } from "~/server/db/convert";
import { bookedExtrasOf, readBookedExtras, readPriceLines } from "./rules/booked-extras";
import { extrasForEdit, sameExtras, type PricedExtra } from "./rules/booking-products";
import { addMinutes, legSpans, occupiesCar, type Conflict, type Span } from "./rules/availability";
import { carConflicts, carOfLeg, lockCar, readBufferMinutes } from "./availability.server";
import { bookingByLinkHash, bookingRowByIdOrThrow, clearReturnCar, updateBookingRow } from "./store/bookings.server";
import { deleteLeg, setLegPickup } from "./store/legs.server";
import type { TripType } from "./rules/search";
import { tripDateProblems } from "./rules/trip-dates";
import { locateFields, type LocationField, type LocationInput } from "./trip.server";
import { km, metresToKm, minutes, seconds, secondsToMinutes, type Km } from "./rules/units";
import { type ExtraChoice } from "~/booking/rules/extras";
import { convertKurus, isCurrency, type Currency } from "~/pricing/currency";
import { resolveGazetteer } from "~/places/gazetteer.server";
import { readPricing } from "~/pricing/pricing.server";
import { hoursProblem } from "./search-check.server";

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
  carId: string;
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
}

export interface BookingMeta {
  locale: string;
  idempotencyKey?: string | null;
  /** SHA-256 of the request body (app/server/idempotency.ts): the same key with another body is refused */
  requestHash?: string | null;
  clientIp?: string | null;
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

/** What the office's edit reads of a car: seats and luggage for the capacity rule, rates and category for a new price. */
type PriceableCar = { id: string; name: string; seats: number; luggage: number; category: string; price_per_km: number | null; price_per_day: number | null; price_per_hour: number | null };

const priceableCar = (db: Kysely<Database>, id: string): Promise<PriceableCar | undefined> =>
  db.selectFrom("cars").select(["id", "name", "seats", "luggage", "category", "price_per_km", "price_per_day", "price_per_hour"]).where("id", "=", id).executeTakeFirst();

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
  | { ok: false; reason: "not_found"; problem: Problem }
  | { ok: false; reason: "invalid"; problem: Problem; fields: FieldProblems }
  /** the car is taken (or in maintenance) for the new times: saved only with `overrideReason` */
  | { ok: false; reason: "unavailable"; problem: Problem; conflicts: Conflict[] };

export interface BookingUpdateOptions {
  /** who changes it: required, recorded in the history and the audit log (the office's staff, the guest, the system) */
  actor: Actor;
  /** the client address, for the audit log */
  ip?: string | null;
  /** the office's reason to save although the car is taken (recorded with the change) */
  overrideReason?: string | null;
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

type LegEnd = { label: string; lat: number | null; lng: number | null };

const PLACE_EDITS = [
  ["pickup_location", "pickup", "pickup_lat", "pickup_lng"],
  ["dropoff_location", "dropoff", "dropoff_lat", "dropoff_lng"],
  ["return_pickup_location", "returnPickup", "return_pickup_lat", "return_pickup_lng"],
  ["return_dropoff_location", "returnDropoff", "return_dropoff_lat", "return_dropoff_lng"],
] as const satisfies ReadonlyArray<readonly [keyof BookingEdit & keyof BookingRow, LocationField, keyof BookingRow, keyof BookingRow]>;

/** A place the office typed that the site's resolution could not settle, in the edit form's words. */
const placeProblem = (p: Problem): Problem =>
  p.code === "booking:errors.pickPlace" ? problem(changeCode("placeAmbiguous"), p.params) : problem(changeCode("placeNotFound"));

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

/** What the edit's steps read and use: the database (the caller's transaction with `within`) and, for a moved place, the place services. */
interface BookingEditDeps {
  db: Kysely<Database>;
  /** null: the edit names no place (a car change); a place edit without them is a programming error */
  places: PlaceServices | null;
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
        changes: { fields: changes, override: overridden, ...(options.assignment ? { assignment: options.assignment } : {}) },
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
 * An edit's first steps, without writing: read the booking, resolve the places typed, check every
 * rule (dates, capacity, hours, extras, places), re-price with the one price function, and say which
 * cars must be checked for the legs as they would be.
 */
async function planEdit(
  deps: BookingEditDeps,
  db: Kysely<Database>,
  id: string,
  edit: BookingEdit,
  options: BookingUpdateOptions,
): Promise<
  | Exclude<BookingUpdateResult, { ok: true }>
  | { ok: true; row: BookingRow; set: Updateable<BookingsTable>; after: BookingRow; changes: FieldChange[]; repriced: boolean; byCar: Map<string, Span[]>; needsCheck: boolean }
> {
  const row = await bookingRowById(db, id);
  if (!row) return { ok: false, reason: "not_found", problem: problem("admin:bookings.notFound") };
  const fields: FieldProblems = {};
  const set: Updateable<BookingsTable> = {};

  for (const key of ["full_name", "email", "phone", "notes"] as const) {
    if (edit[key] !== undefined) set[key] = edit[key];
  }
  if (edit.flight_number !== undefined) set.flight_number = edit.flight_number || null;
  if (edit.pickup_address !== undefined) set.pickup_address = edit.pickup_address || null;
  if (edit.dropoff_address !== undefined) set.dropoff_address = edit.dropoff_address || null;
  if (edit.passengers !== undefined) set.passengers = edit.passengers;
  if (edit.luggage !== undefined) set.luggage = edit.luggage;

  const wasRoundTrip = row.trip_type === "roundTrip";
  const roundTrip = (edit.trip_type ?? row.trip_type) === "roundTrip";

  // The places of each leg: a typed name that differs from the stored one is resolved as the site resolves it.
  const ends: Record<(typeof PLACE_EDITS)[number][0], LegEnd | null> = {
    pickup_location: { label: row.pickup_location, lat: row.pickup_lat, lng: row.pickup_lng },
    dropoff_location: { label: row.dropoff_location, lat: row.dropoff_lat, lng: row.dropoff_lng },
    return_pickup_location: row.return_pickup_location ? { label: row.return_pickup_location, lat: row.return_pickup_lat, lng: row.return_pickup_lng } : null,
    return_dropoff_location: row.return_dropoff_location ? { label: row.return_dropoff_location, lat: row.return_dropoff_lat, lng: row.return_dropoff_lng } : null,
  };
  const typed = PLACE_EDITS.filter(([column]) => {
    const text = edit[column];
    if (text === undefined || (column.startsWith("return_") && !roundTrip)) return false;
    return text.trim() !== "" && text.trim() !== (ends[column]?.label ?? "");
  });
  const moved = new Set<string>();
  if (typed.length > 0) {
    if (!deps.places) throw new Error("a place edit needs the place services");
    const located = await locateFields(deps.places, typed.map(([column, field]) => [field, { text: edit[column]! }]), options.language ?? "tr");
    typed.forEach(([column, field, lat, lng], i) => {
      const place = located.resolved[i];
      if (!place) {
        for (const p of located.fields[field] ?? []) addProblem(fields, column, placeProblem(p));
        return;
      }
      ends[column] = { label: canonicalLabel(place), lat: place.lat, lng: place.lng };
      moved.add(column);
      Object.assign(set, { [column]: canonicalLabel(place), [lat]: place.lat, [lng]: place.lng });
    });
  }

  if (roundTrip !== wasRoundTrip) {
    set.trip_type = roundTrip ? "roundTrip" : "oneWay";
    // A return added runs back the way the outbound came (unless the office named its places); a return dropped leaves nothing behind.
    const back = (column: "return_pickup_location" | "return_dropoff_location", reverse: "pickup_location" | "dropoff_location") =>
      roundTrip ? (moved.has(column) ? ends[column] : ends[reverse]) : null;
    const from = back("return_pickup_location", "dropoff_location");
    const to = back("return_dropoff_location", "pickup_location");
    ends.return_pickup_location = from;
    ends.return_dropoff_location = to;
    Object.assign(set, {
      return_pickup_location: from?.label ?? null,
      return_pickup_lat: from?.lat ?? null,
      return_pickup_lng: from?.lng ?? null,
      return_dropoff_location: to?.label ?? null,
      return_dropoff_lat: to?.lat ?? null,
      return_dropoff_lng: to?.lng ?? null,
    });
    set.return_pickup_address = roundTrip ? (set.dropoff_address ?? row.dropoff_address) : null;
    set.return_dropoff_address = roundTrip ? (set.pickup_address ?? row.pickup_address) : null;
    if (!roundTrip) set.return_date = null;
  }
  if (roundTrip && edit.return_pickup_address !== undefined) set.return_pickup_address = edit.return_pickup_address || null;
  if (roundTrip && edit.return_dropoff_address !== undefined) set.return_dropoff_address = edit.return_dropoff_address || null;
  let pickupAt = row.pickup_date;
  if (edit.pickup_date !== undefined || edit.pickup_time !== undefined) {
    const current = toBusinessParts(row.pickup_date);
    const instant = toInstant(toBusinessDateTime(edit.pickup_date ?? current.date, edit.pickup_time ?? current.time));
    if (instant) pickupAt = set.pickup_date = instant;
    else addProblem(fields, "pickup_date", problem(editCode("date")));
  }
  let returnAt = roundTrip ? row.return_date : null;
  if (roundTrip && (edit.return_date !== undefined || edit.return_time !== undefined)) {
    const old = row.return_date ? toBusinessParts(row.return_date) : { date: "", time: "" };
    const date = edit.return_date ?? old.date;
    const time = edit.return_time ?? old.time;
    returnAt = date && time ? toInstant(toBusinessDateTime(date, time)) : null;
    if (returnAt) set.return_date = returnAt;
  }
  const why = tripDateProblems({ pickupAt, returnAt, roundTrip }, { allowPast: true });
  if (why.pickup) addProblem(fields, "pickup_date", problem(EDIT_DATE_CODES[why.pickup]));
  if (why.return) addProblem(fields, "return_date", problem(EDIT_DATE_CODES[why.return]));

  let car: PriceableCar | undefined;
  const carChanged = edit.car_id !== undefined && edit.car_id !== row.car_id;
  if (carChanged || edit.passengers !== undefined || edit.luggage !== undefined) {
    const carId = carChanged ? edit.car_id! : row.car_id;
    car = carId ? await priceableCar(db, carId) : undefined;
    if (carChanged && !car) addProblem(fields, "car_id", problem(editCode("car")));
  }
  // The car's seats bind the office as they bind the customer (a car without seats on record seats nobody extra).
  const capacity = capacityProblems({ passengers: set.passengers ?? row.passengers, luggage: set.luggage !== undefined ? set.luggage : row.luggage }, car ?? null);
  if (capacity.passengers) fields[carChanged ? "car_id" : "passengers"] = capacity.passengers;
  if (capacity.luggage && edit.luggage !== undefined && !carChanged) fields.luggage = capacity.luggage;
  else if (capacity.luggage) fields.car_id = [...(fields.car_id ?? []), ...capacity.luggage];

  // Issue 14: the hours of an hourly hire and the extras, checked as a new booking's are.
  const pricing = edit.hours !== undefined || edit.extras !== undefined ? await readPricing(db) : undefined;
  let hours = row.hours;
  let hoursChanged = false;
  if (pricing && edit.hours !== undefined && edit.hours !== row.hours) {
    const bounds = { minHours: pricing.settings.hourlyMinHours, maxHours: pricing.settings.hourlyMaxHours };
    const bad = row.hours === null ? problem(editCode("notHourly")) : hoursProblem(edit.hours, bounds);
    if (bad) addProblem(fields, "hours", bad);
    else {
      hours = edit.hours;
      hoursChanged = true;
    }
  }
  const booked = readBookedExtras(row);
  let extras: PricedExtra[] = bookedExtrasOf(row);
  let extrasChanged = false;
  if (pricing && edit.extras !== undefined) {
    const wanted = extrasForEdit(booked, edit.extras, pricing.extras);
    Object.assign(fields, wanted.fields);
    if (!hasProblems(wanted.fields) && !sameExtras(booked, wanted.extras.map((e) => ({ code: e.extra.code, quantity: e.quantity, text: e.text })))) {
      extras = wanted.extras;
      extrasChanged = true;
    }
  }
  if (hasProblems(fields)) return { ok: false, reason: "invalid", problem: problem(editCode("saveFailed")), fields };

  const details = readDistanceDetails(row);
  const oldOutbound = details?.outbound.km ?? km(wasRoundTrip ? row.total_distance / 2 : row.total_distance);
  const oldReturn = wasRoundTrip ? (details?.return?.km ?? km(row.total_distance - oldOutbound)) : null;
  const oldOutboundMinutes = details?.outbound.minutes ?? minutes(0);
  // A leg whose place moved is routed again (kilometres and minutes), unless the office typed its kilometres too.
  const reroute = async (from: LegEnd | null, to: LegEnd | null): Promise<LegDistance | null> => {
    // (a moved place needed the place services above)
    if (!deps.places || !from || !to || from.lat === null || from.lng === null || to.lat === null || to.lng === null) return null;
    const route = await deps.places.route({ lat: from.lat, lng: from.lng }, { lat: to.lat, lng: to.lng });
    return { km: metresToKm(route.distanceMeters), minutes: secondsToMinutes(seconds(route.durationSeconds)) };
  };
  const outboundMoved = moved.has("pickup_location") || moved.has("dropoff_location");
  const returnMoved = roundTrip && (moved.has("return_pickup_location") || moved.has("return_dropoff_location"));
  if (outboundMoved && ends.pickup_location?.lat === ends.dropoff_location?.lat && ends.pickup_location?.lng === ends.dropoff_location?.lng) {
    addProblem(fields, "dropoff_location", problem(changeCode("samePlace")));
  }
  if (returnMoved && ends.return_pickup_location?.lat === ends.return_dropoff_location?.lat && ends.return_pickup_location?.lng === ends.return_dropoff_location?.lng) {
    addProblem(fields, "return_dropoff_location", problem(changeCode("samePlace")));
  }
  if (hasProblems(fields)) return { ok: false, reason: "invalid", problem: problem(editCode("saveFailed")), fields };
  const [outRoute, backRoute] = await Promise.all([
    outboundMoved ? reroute(ends.pickup_location, ends.dropoff_location) : null,
    returnMoved ? reroute(ends.return_pickup_location, ends.return_dropoff_location) : null,
  ]);
  const typedKm = (value: number | undefined, old: Km | null) => (value !== undefined && km(value) !== old ? km(value) : undefined);
  const outboundKm = typedKm(edit.outbound_km, oldOutbound) ?? outRoute?.km ?? oldOutbound;
  // An hourly hire's one "leg" lasts its hours (its end is what availability and the board read).
  const outboundMinutes = hours !== null && (hoursChanged || row.hours !== null) ? minutes(hours * 60) : (outRoute?.minutes ?? oldOutboundMinutes);
  // A new return leg is as long as the outbound unless the office says otherwise.
  const returnKm = roundTrip ? (typedKm(edit.return_km, oldReturn) ?? backRoute?.km ?? oldReturn ?? outboundKm) : null;
  const returnMinutes = roundTrip ? (backRoute?.minutes ?? details?.return?.minutes ?? outboundMinutes) : null;
  const distanceChanged = outboundKm !== oldOutbound || returnKm !== oldReturn;
  const legsRerouted = outRoute !== null || backRoute !== null;
  const newRate = edit.rate_per_km !== undefined ? liraToKurus(edit.rate_per_km) : undefined;
  const rateChanged = newRate !== undefined && newRate !== row.rate_per_km;

  let repriced = false;
  const legsKept = !carChanged && !distanceChanged && !rateChanged;
  const timesChanged = Boolean(options.repriceOnTimeChange) && (pickupAt !== row.pickup_date || returnAt !== (roundTrip ? row.return_date : null));
  if (carChanged || distanceChanged || rateChanged || hoursChanged || extrasChanged || timesChanged) {
    // The agreed rate stays unless the office sets another or moves the booking to another car.
    const priced = car ?? (row.car_id ? await priceableCar(db, row.car_id) : undefined);
    const own = priced ? carRates(priced) : { price_per_km: null, price_per_day: null, price_per_hour: null, category: "" };
    const storedLines = readPriceLines(row);
    // An hourly hire keeps its agreed rate per hour unless it moves to another car.
    const bookedHourly = storedLines.find((l) => l.kind === "hourly")?.ratePerHour;
    const agreed: PricedCar = { ...own, price_per_km: rateChanged ? newRate : kurus(row.rate_per_km), price_per_day: null, price_per_hour: bookedHourly ?? own.price_per_hour };
    const rates: PricedCar = carChanged && priced && !rateChanged ? own : agreed;
    const tables = pricing ?? (await readPricing(db));
    const at = (lat: number | null, lng: number | null) => (lat === null || lng === null ? null : { lat, lng });
    const legs = legsFor(
      tables,
      [
        { leg: "outbound", from: at(ends.pickup_location?.lat ?? null, ends.pickup_location?.lng ?? null), to: at(ends.dropoff_location?.lat ?? null, ends.dropoff_location?.lng ?? null), km: outboundKm, startsAt: pickupAt },
        ...(returnKm === null
          ? []
          : [{ leg: "return" as const, from: at(ends.return_pickup_location?.lat ?? null, ends.return_pickup_location?.lng ?? null), to: at(ends.return_dropoff_location?.lat ?? null, ends.return_dropoff_location?.lng ?? null), km: returnKm, startsAt: returnAt }]),
      ],
      rates.category,
    );
    // Legs that did not change keep the route fare they were booked at.
    const keptLegs = legsKept
      ? legs.map((leg) => {
          const fixed = storedLines.find((l) => l.kind === "fixed" && l.leg === leg.leg);
          return fixed?.kind === "fixed" ? { ...leg, fare: { routeId: fixed.routeId, amount: fixed.amount } } : leg;
        })
      : legs;
    // Extras booked keep their names and prices of the day; extras added take today's.
    const quote = quoteForCar({ car: rates, legs: keptLegs, hours, extras, rules: tables.rules });
    set.price_lines = toJson(quote.lines);
    set.extras = toJson(quote.extras);
    set.total_price = quote.total;
    // What the guest saw stays in their currency, at the rate of the day they booked.
    const currency = isCurrency(row.currency) ? row.currency : "TRY";
    set.currency_total =
      currency === "TRY" || !row.currency_rate ? quote.total : convertKurus(quote.total, currency, { EUR: row.currency_rate, USD: row.currency_rate, GBP: row.currency_rate, RUB: row.currency_rate });
    if (hoursChanged) set.hours = hours;
    set.rate_per_km = quote.ratePerKm;
    set.minimum_applied = quote.minimumApplied ? 1 : 0;
    set.total_distance = quote.distanceKm;
    repriced = true;
  }
  if (repriced || legsRerouted || roundTrip !== wasRoundTrip || hoursChanged) {
    set.distance_details = distanceDetailsJson({
      outbound: { km: outboundKm, minutes: outboundMinutes },
      return: returnKm === null ? null : { km: returnKm, minutes: returnMinutes ?? outboundMinutes },
    });
  }
  if (legsRerouted || hoursChanged) set.total_duration = seconds((outboundMinutes + (returnMinutes ?? 0)) * 60);
  if (carChanged && car) {
    set.car_id = car.id;
    set.car_name = car.name;
  }
  // Each leg's end follows its time and route minutes (availability and the dispatch board read them).
  const legs = set.distance_details ? readDistanceDetails({ distance_details: set.distance_details }) : details;
  const endMinutes = legs?.outbound.minutes ?? minutes(0);
  set.pickup_end = addMinutes(pickupAt, endMinutes);
  set.return_end = roundTrip && returnAt ? addMinutes(returnAt, legs?.return?.minutes ?? endMinutes) : null;
  const after = { ...row, ...set } as BookingRow;
  set.search_text = bookingSearchText(after);
  set.updated_at = nowIso();
  const changes = diffBooking(row, after);

  // Each leg's car is checked when the legs move (times, car, minutes) on a booking that holds its cars.
  const byCar = carsOfLegs(after);
  const needsCheck = byCar.size > 0 && occupiesCar(row.status) && JSON.stringify([...carsOfLegs(row)]) !== JSON.stringify([...byCar]);
  return { ok: true, row, set, after, changes, repriced, byCar, needsCheck };
}

/** Each car that drives a leg of the booking (the return leg's own car when it has one), with the spans it drives. */
function carsOfLegs(booking: BookingRow): Map<string, Span[]> {
  const byCar = new Map<string, Span[]>();
  for (const { leg, start, end } of legSpans(booking)) {
    const carId = carOfLeg(booking, leg);
    if (carId) byCar.set(carId, [...(byCar.get(carId) ?? []), { start, end }]);
  }
  return byCar;
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
