/**
 * The one date rule of a trip (site, API, admin edit): the pickup not in the past (the office may
 * keep past dates), not sooner than the office's minimum lead time when one is given (visitors'
 * bookings only: the setting is read on the server and passed in), nothing more than two years
 * ahead, a round trip's return given and after the pickup. Says why by leg; each caller names the
 * reason in its own catalogue.
 */
import { isPast, isTooFarAhead, isTooSoon } from "./datetime";

export type DateReason = "past" | "tooSoon" | "tooFar" | "returnMissing" | "returnBeforePickup";

export interface TripDates {
  /** UTC instants; null when the pickup could not be read (its field already says so) */
  pickupAt: string | null;
  returnAt?: string | null;
  /** whether a return leg is wanted */
  roundTrip: boolean;
}

export interface DateRuleOptions {
  /** the office may keep and enter past dates */
  allowPast?: boolean;
  /** the minimum lead time in hours (settings `booking.leadTimeHours`); none for the office */
  leadHours?: number;
  now?: Date;
}

export function tripDateProblems(dates: TripDates, options: DateRuleOptions = {}): { pickup?: DateReason; return?: DateReason } {
  const out: { pickup?: DateReason; return?: DateReason } = {};
  const { pickupAt, returnAt } = dates;
  if (pickupAt && !options.allowPast && isPast(pickupAt, options.now)) out.pickup = "past";
  else if (pickupAt && options.leadHours !== undefined && isTooSoon(pickupAt, options.leadHours, options.now)) out.pickup = "tooSoon";
  else if (pickupAt && isTooFarAhead(pickupAt, options.now)) out.pickup = "tooFar";
  if (!dates.roundTrip) return out;
  if (!returnAt) out.return = "returnMissing";
  else if (pickupAt && returnAt <= pickupAt) out.return = "returnBeforePickup";
  else if (isTooFarAhead(returnAt, options.now)) out.return = "tooFar";
  return out;
}

/** The reasons as keys of the `booking` namespace (public pages and the API). */
export const PUBLIC_DATE_KEYS = {
  past: "errors.datePast",
  tooSoon: "errors.tooSoon",
  tooFar: "errors.dateTooFar",
  returnMissing: "errors.required",
  returnBeforePickup: "errors.returnBeforePickup",
} as const satisfies Record<DateReason, string>;
