/**
 * The guest manages their booking from its private link (issue 16): the details (flight, name
 * sign, passengers, luggage, notes) until the pickup, the date and time until the change cut-off
 * (previewed first: the new price and the car's availability, then confirmed), and a free
 * cancellation until the cancellation cut-off (app/booking/self-service.ts decides what is open).
 *
 * Every write goes through the office's own write paths (`updateBooking`, `changeBookingStatus`)
 * with the customer as the actor, so the checks, the pricing and the history are the same. Then
 * the booking is flagged for the office (`guest_change`, until someone presses "Gördüm"); the
 * event those paths write makes the notify worker mail the guest (in the booking's language) and
 * the office (in the admin language): app/notify/guest-change-mail.server.ts.
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { adminText } from "~/admin/i18n.server";
import type { Language } from "~/i18n/config";
import { addProblem, hasProblems, problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { BookingRow, Database, GuestChange } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { formatMoney, kurus, type Kurus } from "~/utils/money";
import { formatCurrency, isCurrency } from "~/pricing/currency";
import { changeBookingStatus } from "./status.server";
import { refusalProblem, type LifecycleActor } from "./lifecycle.server";
import { checkBookingMove, isClosedBooking, type RefusalCode } from "./rules/lifecycle";
import { readBookedExtras } from "./rules/booked-extras";
import { type FieldChange } from "./rules/booking-changes";
import { bookingStartsAtAirport, updateBooking, type BookingDeps } from "./bookings.server";
import { toBusinessDateTime, toBusinessParts, toInstant } from "./rules/datetime";
import { formatDeadline, policyOf, policyStatement, selfService, type SelfService } from "./rules/self-service";
import { tripDateProblems } from "./rules/trip-dates";
import { setGuestChangeRow } from "./store/bookings.server";

/** The guest as the state machine, the history and the audit log name them ("Müşteri" in the admin). */
export const CUSTOMER_ACTOR: LifecycleActor = { kind: "guest", id: null, label: "customer" };

const code = (key: string) => `booking:manage.errors.${key}` as const;

export async function guestRights(db: Kysely<Database>, booking: Pick<BookingRow, "status" | "pickup_date">, now = new Date()): Promise<SelfService> {
  return selfService(booking, policyOf(await getSettings(db)), now);
}

/** The extra whose text is the name on the sign, when the booking has one. */
export const signExtraOf = (booking: Pick<BookingRow, "extras">) => readBookedExtras(booking).find((e) => e.quantity > 0 && e.text !== null);

export interface GuestDetails {
  flightNumber: string;
  /** the name on the sign (only read when the booking has the sign extra) */
  signText: string;
  passengers: number;
  /** null: left as it is */
  luggage: number | null;
  notes: string;
}

export type GuestResult = { ok: true; changed: boolean } | { ok: false; problem: Problem; fields: FieldProblems };

const refused = (key: string, params?: Record<string, string | number>): GuestResult => ({ ok: false, problem: problem(code(key), params), fields: {} });

/** Flight, sign, passengers, luggage and notes: open until the pickup; the car's capacity binds as in every edit. */
export async function guestChangeDetails(deps: BookingDeps, booking: BookingRow, input: GuestDetails, now = new Date()): Promise<GuestResult> {
  const rights = await guestRights(deps.db, booking, now);
  if (!rights.editDetails) return refused("detailsClosed");
  const fields: FieldProblems = {};
  // At an airport the driver meets the flight: its number stays required (as when booking).
  if (bookingStartsAtAirport(booking) && !input.flightNumber.trim()) addProblem(fields, "flightNumber", problem("booking:errors.flightRequired"));
  const sign = signExtraOf(booking);
  if (sign && !input.signText.trim()) addProblem(fields, "signText", problem("booking:errors.extraText"));
  if (hasProblems(fields)) return { ok: false, problem: problem(code("invalidForm")), fields };
  const extras = sign
    ? readBookedExtras(booking).map((e) => ({ code: e.code, quantity: e.quantity, text: e.code === sign.code ? input.signText.trim() : e.text }))
    : undefined;
  const result = await updateBooking(
    deps,
    booking.id,
    { flight_number: input.flightNumber.trim(), passengers: input.passengers, ...(input.luggage === null ? {} : { luggage: input.luggage }), notes: input.notes.trim(), ...(extras ? { extras } : {}) },
    { actor: CUSTOMER_ACTOR, mailCustomer: false },
  );
  if (!result.ok) {
    const out: FieldProblems = {};
    if (result.reason === "invalid") {
      // The capacity and extras rules answer by the edit's field names; the guest's form has its own.
      for (const [field, list] of Object.entries(result.fields)) {
        const name = field === "car_id" ? "luggage" : field.startsWith("extraText.") || field.startsWith("extra.") ? "signText" : field;
        for (const p of list) addProblem(out, name, p);
      }
    }
    return { ok: false, problem: problem(code("invalidForm")), fields: out };
  }
  if (result.changes.length > 0) await setGuestChange(deps.db, booking.id, "changed");
  return { ok: true, changed: result.changes.length > 0 };
}

export interface GuestTimes {
  date: string;
  time: string;
  /** round trips only */
  returnDate?: string;
  returnTime?: string;
}

/** What the guest is shown before confirming: the price before and after (kuruş, and in their currency), and what moves. */
export interface TimesPreview {
  pickupAt: string;
  returnAt: string | null;
  oldTotal: Kurus;
  newTotal: Kurus;
  oldCurrencyTotal: number | null;
  newCurrencyTotal: number | null;
  currency: string;
  changes: FieldChange[];
}

export type TimesResult =
  | { ok: true; preview: TimesPreview }
  | { ok: true; changed: true }
  | { ok: false; problem: Problem; fields: FieldProblems }
  /** the price moved since the guest's preview: shown again, to be confirmed again */
  | { ok: false; priceChanged: true; problem: Problem; preview: TimesPreview; fields: FieldProblems };

/**
 * A new date and time checked and priced without writing (`confirm` absent), or written when the
 * guest confirms the price they were shown (`confirm.expectedTotal`, kuruş).
 */
export async function guestChangeTimes(deps: BookingDeps, booking: BookingRow, input: GuestTimes, confirm: { expectedTotal: number } | null, now = new Date()): Promise<TimesResult> {
  const settings = await getSettings(deps.db);
  const policy = policyOf(settings);
  const rights = selfService(booking, policy, now);
  if (!rights.changeTimes) return refused("changeClosed") as TimesResult;
  const roundTrip = booking.trip_type === "roundTrip";
  const fields: FieldProblems = {};
  const pickupAt = toInstant(toBusinessDateTime(input.date, input.time));
  if (!pickupAt) addProblem(fields, "date", problem(code("dateTime")));
  const returnAt = roundTrip ? toInstant(toBusinessDateTime(input.returnDate ?? "", input.returnTime ?? "")) : null;
  if (roundTrip && !returnAt) addProblem(fields, "returnDate", problem(code("dateTime")));
  if (hasProblems(fields)) return { ok: false, problem: problem(code("invalidForm")), fields };
  // The new pickup keeps the notice the office needs: the lead time for a booking, and at least the change cut-off.
  const notice = Math.max(settings.booking.leadTimeHours, policy.changeCutoffHours);
  const why = tripDateProblems({ pickupAt, returnAt, roundTrip }, { leadHours: notice, now });
  if (why.pickup === "tooSoon" || why.pickup === "past") addProblem(fields, "date", problem(code("newTimeTooSoon"), { hours: notice }));
  else if (why.pickup) addProblem(fields, "date", problem(code("dateTooFar")));
  if (why.return === "returnBeforePickup") addProblem(fields, "returnDate", problem("booking:errors.returnBeforePickup"));
  else if (why.return) addProblem(fields, "returnDate", problem(code("dateTooFar")));
  if (hasProblems(fields)) return { ok: false, problem: problem(code("invalidForm")), fields };
  const sameInstant = (a: string | null, b: string | null) => a !== null && b !== null && Date.parse(a) === Date.parse(b);
  if (sameInstant(pickupAt, booking.pickup_date) && (!roundTrip || sameInstant(returnAt, booking.return_date))) {
    return { ok: false, problem: problem(code("noChange")), fields: { date: [problem(code("noChange"))] } };
  }
  const edit = { pickup_date: input.date, pickup_time: input.time, ...(roundTrip ? { return_date: input.returnDate, return_time: input.returnTime } : {}) };
  const options = { actor: CUSTOMER_ACTOR, repriceOnTimeChange: true, mailCustomer: false } as const;
  const previewed = await updateBooking(deps, booking.id, edit, { ...options, preview: true });
  if (!previewed.ok) return failedTimes(previewed);
  const preview: TimesPreview = {
    pickupAt: previewed.row.pickup_date,
    returnAt: previewed.row.return_date,
    oldTotal: kurus(booking.total_price),
    newTotal: kurus(previewed.row.total_price),
    oldCurrencyTotal: booking.currency_total,
    newCurrencyTotal: previewed.row.currency_total,
    currency: booking.currency,
    changes: previewed.changes,
  };
  if (!confirm) return { ok: true, preview };
  if (confirm.expectedTotal !== preview.newTotal) return { ok: false, priceChanged: true, problem: problem(code("priceChanged")), preview, fields: {} };
  const written = await updateBooking(deps, booking.id, edit, options);
  if (!written.ok) return failedTimes(written);
  if (written.changes.length > 0) await setGuestChange(deps.db, booking.id, "changed");
  return { ok: true, changed: true };
}

function failedTimes(result: Extract<Awaited<ReturnType<typeof updateBooking>>, { ok: false }>): TimesResult {
  // The car is taken (or in maintenance) at the new time: said in the guest's words, the typed times kept.
  if (result.reason === "unavailable") return { ok: false, problem: result.problem, fields: { date: [result.problem] } };
  if (result.reason === "not_found") return { ok: false, problem: problem(code("invalidForm")), fields: {} };
  return { ok: false, problem: problem(code("invalidForm")), fields: { date: [problem(code("dateTime"))] } };
}

/** A refusal of the state machine as the guest reads it: past the cut-off the page's own words, else the machine's code. */
const guestRefusal = (code: RefusalCode): GuestResult =>
  code === "too_late" ? refused("cancelClosed") : { ok: false, problem: refusalProblem("booking", code), fields: {} };

/**
 * A free cancellation by the guest, through the state machine (rules/lifecycle.ts: before the
 * cut-off, never on a cancelled or completed booking); the office's note says the guest did it, in
 * the admin language. Like the office's, it releases the drivers.
 */
export async function guestCancel(deps: BookingDeps, booking: BookingRow, now = new Date()): Promise<GuestResult> {
  const settings = await getSettings(deps.db);
  const verdict = checkBookingMove(booking, "cancelled", "guest", { now, cancelCutoffHours: policyOf(settings).cancelCutoffHours });
  if (!verdict.ok) return guestRefusal(verdict.code);
  const note = adminText(settings.appearance.language, "guestChanges.cancelNote");
  const result = await changeBookingStatus(
    deps.db,
    deps.mailer,
    { id: booking.id, to: "cancelled", note, actor: CUSTOMER_ACTOR, mailCustomer: false, now },
    // the cancellation on WhatsApp / SMS too, when the guest agreed to them
    { messenger: deps.messenger, env: deps.env, log: deps.log },
  );
  if (!result.ok) return result.reason === "not_allowed" ? guestRefusal(result.code) : refused("cancelClosed");
  await setGuestChange(deps.db, booking.id, "cancelled");
  return { ok: true, changed: true };
}

/**
 * The office's flag, written by the guest's change and cleared by the office's "Gördüm": the one
 * write of `guest_change` either way.
 */
export async function setGuestChange(db: Kysely<Database>, id: string, change: GuestChange | null): Promise<boolean> {
  return setGuestChangeRow(db, id, change, change ? nowIso() : null);
}

/** The office has seen the guest's change ("Gördüm"). */
export const acknowledgeGuestChange = (db: Kysely<Database>, id: string) => setGuestChange(db, id, null);


/** A total as the guest saw the booking's price: in their currency (with the lira charged) or in lira. */
function guestMoney(t: TFunction, lng: Language, currency: string, lira: Kurus, shown: number | null): string {
  if (!isCurrency(currency) || currency === "TRY" || shown === null) return formatMoney(lira, lng);
  return t("price.lines.chargedAs", { shown: formatCurrency(shown, currency, lng), lira: formatMoney(lira, lng) });
}

/** The preview as the page shows it: the old and new price and the new times, in the guest's language. */
export function previewView(preview: TimesPreview, t: TFunction, lng: Language) {
  return {
    oldPrice: guestMoney(t, lng, preview.currency, preview.oldTotal, preview.oldCurrencyTotal),
    newPrice: guestMoney(t, lng, preview.currency, preview.newTotal, preview.newCurrencyTotal),
    pickup: formatDeadline(preview.pickupAt, lng),
    return: preview.returnAt ? formatDeadline(preview.returnAt, lng) : null,
    /** the kuruş the guest confirms (the confirm form sends it back) */
    expectedTotal: preview.newTotal,
  };
}

/** What the private page offers the guest now: the policy with its deadlines, and each form's stored values. */
export async function guestManageView(db: Kysely<Database>, booking: BookingRow, t: TFunction, lng: Language, now = new Date()) {
  const settings = await getSettings(db);
  const policy = policyOf(settings);
  const rights = selfService(booking, policy, now);
  const roundTrip = booking.trip_type === "roundTrip" && booking.return_date !== null;
  const pickup = toBusinessParts(booking.pickup_date);
  const back = roundTrip ? toBusinessParts(booking.return_date!) : { date: "", time: "" };
  const sign = signExtraOf(booking);
  return {
    rights: { editDetails: rights.editDetails, changeTimes: rights.changeTimes, cancelFree: rights.cancelFree, closed: rights.closed },
    deadlines: { changeBy: formatDeadline(rights.deadlines.changeTimes, lng), cancelBy: formatDeadline(rights.deadlines.cancelFree, lng) },
    // A cancelled or completed booking offers nothing: not even the policy's "free cancellation until …".
    policy: isClosedBooking(booking.status) ? null : policyStatement(t, lng, booking.pickup_date, policy, roundTrip),
    roundTrip,
    airport: bookingStartsAtAirport(booking),
    details: {
      flightNumber: booking.flight_number ?? "",
      signText: sign ? (sign.text ?? "") : null,
      passengers: String(booking.passengers),
      luggage: booking.luggage === null ? "" : String(booking.luggage),
      notes: booking.notes,
    },
    times: { date: pickup.date, time: pickup.time, returnDate: back.date, returnTime: back.time },
  };
}
