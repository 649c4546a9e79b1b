/**
 * What a guest may do with their booking from its private link, now (issue 16). Every deadline
 * counts from the FIRST pickup (a round trip's outbound): the details may be changed until that
 * pickup, the date and time until `changeCutoffHours` before it, and a free cancellation until
 * `cancelCutoffHours` before it. Only pending and confirmed bookings are open to the guest. The
 * deadlines are UTC instants; pages format them in Istanbul time. Pure.
 */
import { formatDeadline } from "./date-text";

export { formatDeadline };
import type { Language } from "~/i18n/config";
import type { BookingStatus } from "./status";
import { checkBookingMove } from "./lifecycle";

export interface SelfServicePolicy {
  /** hours before the first pickup until which the date and time may be changed online */
  changeCutoffHours: number;
  /** hours before the first pickup until which the guest may cancel online free of charge */
  cancelCutoffHours: number;
}

/** Why the guest can no longer change anything online (`booking:manage.closed.<reason>`). */
export type ClosedReason = "cancelled" | "completed" | "started";

export interface SelfService {
  /** flight, sign text, passengers, luggage, notes */
  editDetails: boolean;
  changeTimes: boolean;
  cancelFree: boolean;
  /** the instants the rights end: the first pickup, and the two cut-offs before it */
  deadlines: { details: string; changeTimes: string; cancelFree: string };
  /** why nothing is editable (null while the details still are) */
  closed: ClosedReason | null;
}

const HOUR_MS = 3_600_000;

/** The cut-offs as the settings hold them (section `booking`). */
export const policyOf = (settings: { booking: SelfServicePolicy }): SelfServicePolicy => ({
  changeCutoffHours: settings.booking.changeCutoffHours,
  cancelCutoffHours: settings.booking.cancelCutoffHours,
});

/** The instant `hours` before `instant` (UTC text). */
export const hoursBefore = (instant: string, hours: number): string => new Date(Date.parse(instant) - hours * HOUR_MS).toISOString();

/**
 * The guest's rights at `now` for a booking with this status and first pickup. A right lasts until
 * its deadline exclusive: at the deadline's very minute it is gone ("until 14:00" means before 14:00).
 */
export function selfService(booking: { status: BookingStatus | string; pickup_date: string }, policy: SelfServicePolicy, now: Date = new Date()): SelfService {
  const deadlines = {
    details: new Date(Date.parse(booking.pickup_date)).toISOString(),
    changeTimes: hoursBefore(booking.pickup_date, policy.changeCutoffHours),
    cancelFree: hoursBefore(booking.pickup_date, policy.cancelCutoffHours),
  };
  const at = now.getTime();
  const open = booking.status === "pending" || booking.status === "confirmed";
  const before = (deadline: string) => open && at < Date.parse(deadline);
  const editDetails = before(deadlines.details);
  const closed: ClosedReason | null = booking.status === "cancelled" ? "cancelled" : booking.status === "completed" ? "completed" : !editDetails ? "started" : null;
  // The free cancellation is the state machine's guest cancel (rules/lifecycle.ts): the same cut-off, never on a closed booking.
  const cancelFree = checkBookingMove({ status: booking.status as BookingStatus, trip_type: "oneWay", pickup_date: booking.pickup_date, return_date: null }, "cancelled", "guest", { now, cancelCutoffHours: policy.cancelCutoffHours }).ok;
  return { editDetails, changeTimes: before(deadlines.changeTimes), cancelFree, deadlines, closed };
}

/** A problem a guest's request meets because its right is gone (`booking:manage.errors.<code>`). */
export type SelfServiceRefusal = "detailsClosed" | "changeClosed" | "cancelClosed";

/** The policy's deadlines for a pickup as the statement writes them (the results page's kept copy fills them in too). */
export function policyDeadlineTexts(lng: Language, pickupAt: string, policy: SelfServicePolicy): { cancelBy: string; changeBy: string } {
  const pickup = new Date(pickupAt).toISOString();
  return {
    cancelBy: formatDeadline(hoursBefore(pickup, policy.cancelCutoffHours), lng),
    changeBy: formatDeadline(hoursBefore(pickup, policy.changeCutoffHours), lng),
  };
}

/**
 * The policy as the quote, the confirmation, its e-mail and the private page state it, with the
 * actual deadlines for this pickup (`booking:manage.policy.*`): "Free cancellation until …; date
 * and time changes online until … (Istanbul time)", and for a round trip that they count from the
 * first pickup.
 */
export function policyStatement(t: (key: string, values?: Record<string, string | number>) => string, lng: Language, pickupAt: string, policy: SelfServicePolicy, roundTrip: boolean): string {
  const text = t("manage.policy.statement", policyDeadlineTexts(lng, pickupAt, policy));
  return roundTrip ? `${text} ${t("manage.policy.roundTrip")}` : text;
}
