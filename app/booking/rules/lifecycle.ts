/**
 * The one state machine of a booking and its legs (DESIGN.md §8, issue 27): every actor that
 * changes a status (the office's pages and API, the guest's private page, the driver's job link,
 * the system) asks it first, and its answer is the only rule. Pure and browser-safe: no clock of its
 * own (the caller passes `now`), no database; instants are UTC ISO text, the limits are stated in
 * Istanbul time (UTC+03:00 all year), and comparing instants compares Istanbul clock times.
 *
 * Booking: pending → confirmed → completed; cancelled from pending or confirmed; the office's
 * re-open completed → pending. Leg (job): no row = unassigned → assigned → (accepted →) on_way →
 * arrived → picked_up → completed; no_show from arrived; the driver's decline: assigned or accepted
 * → unassigned. The tables below are read by the checks, the UI
 * helpers and docs/decisions/006-booking-state-machine.md.
 */
import type { BookingStatus, JobStatus } from "~/server/db/schema";

/** Who asks. `payment` is the payment provider's result (issue 30); `partner` has no transition yet (DESIGN.md §9). */
export type ActorKind = "guest" | "office" | "driver" | "system" | "partner" | "payment";

/** Why a transition is refused (`lifecycle.refused.<code>` in the admin, driver and booking catalogues). */
export const REFUSAL_CODES = ["closed", "not_confirmed", "too_early", "too_late", "out_of_order", "not_allowed_for_actor", "legs_open"] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export type Verdict = { ok: true } | { ok: false; code: RefusalCode; /** too_early: from when; too_late: until when (UTC) */ at?: string };

const OK: Verdict = { ok: true };
const no = (code: RefusalCode, at?: string): Verdict => (at ? { ok: false, code, at } : { ok: false, code });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const addMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * MINUTE_MS).toISOString();

/**
 * How long before a leg's pickup its driver may set off ("Yola çıktım"): a driver who starts the
 * day's first leg from the other end of the coast needs about that much, and an earlier press is
 * a mistake (or a leg weeks ahead).
 */
export const START_WINDOW_MINUTES = 180;

// ---------------------------------------------------------------------------------------------
// The booking

/** A booking's transitions, named by what they do. */
export type BookingMove = "confirm" | "cancel" | "complete" | "reopen";

/** When an actor may take a booking transition (the checks below implement each). */
export type BookingTimeRule =
  /** any time while the booking is in a `from` state */
  | "any"
  /** from the pickup of the booking's last leg onward */
  | "fromLastPickup"
  /** before the guest's free-cancellation cut-off (settings: hours before the first pickup) */
  | "beforeCancelCutoff"
  /** when every leg of the trip is done (completed or no-show) and one was completed */
  | "legsDone"
  /** once the booking's hold for its online payment has passed (the worker releases it) */
  | "holdPassed";

export interface BookingTransition {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: Partial<Record<ActorKind, BookingTimeRule>>;
}

export const BOOKING_TRANSITIONS: Record<BookingMove, BookingTransition> = {
  // A payment received online confirms a booking waiting for it (issue 30); the system, a booking
  // as it is made when nothing asks for a person (issue 32, rules/auto-confirm.ts).
  confirm: { from: ["pending"], to: "confirmed", by: { office: "any", payment: "any", system: "any" } },
  // The system's cancel is the release of a booking whose online payment did not come in time.
  cancel: { from: ["pending", "confirmed"], to: "cancelled", by: { office: "any", guest: "beforeCancelCutoff", system: "holdPassed" } },
  // The office's "Tamamlandı" (from pending too: the spec's pending ↔ completed toggle) only once
  // the trip has begun; the system's when the driver reports the last leg done.
  complete: { from: ["pending", "confirmed"], to: "completed", by: { office: "fromLastPickup", system: "legsDone" } },
  // Kept from the spec's toggle: a trip marked completed by mistake (or too early) is put back to
  // pending by the office, which then confirms or cancels it. A cancelled booking never re-opens:
  // its driver was released and its car freed (admin-bookings.server.ts).
  reopen: { from: ["completed"], to: "pending", by: { office: "any" } },
};

export const BOOKING_MOVES = Object.keys(BOOKING_TRANSITIONS) as BookingMove[];

/** A booking is closed once completed or cancelled: nothing but the office's re-open changes it. */
export const isClosedBooking = (status: BookingStatus | string): boolean => status === "completed" || status === "cancelled";

/** What a booking transition reads of the booking. */
export interface BookingFacts {
  status: BookingStatus;
  trip_type: string;
  /** the first (outbound) pickup, UTC */
  pickup_date: string;
  /** a round trip's return pickup, UTC */
  return_date: string | null;
}

export interface BookingContext {
  now: Date;
  /** the guest's cut-off (settings.booking.cancelCutoffHours); required for the guest's cancel */
  cancelCutoffHours?: number;
  /** the system's completion: whether every leg of the trip is done (see `tripLegsDone`) */
  legsDone?: boolean;
  /** the system's release: until when the booking is held for its online payment (UTC); none: nothing is held */
  holdUntil?: string | null;
}

/** The pickup of the booking's last leg: a round trip's return, else the outbound. */
export const lastPickupOf = (b: Pick<BookingFacts, "trip_type" | "pickup_date" | "return_date">): string =>
  b.trip_type === "roundTrip" && b.return_date ? b.return_date : b.pickup_date;

/** The transition that moves a booking from `from` to `to`, if any. */
export function bookingMoveTo(from: BookingStatus, to: BookingStatus): BookingMove | undefined {
  return BOOKING_MOVES.find((m) => BOOKING_TRANSITIONS[m].to === to && BOOKING_TRANSITIONS[m].from.includes(from));
}

/** The move that leads to `to` at all (for a refusal's reason when the booking is not in a `from` state). */
const moveLeadingTo = (to: BookingStatus): BookingMove | undefined => BOOKING_MOVES.find((m) => BOOKING_TRANSITIONS[m].to === to);

function bookingTimeRule(rule: BookingTimeRule, booking: BookingFacts, ctx: BookingContext): Verdict {
  const now = ctx.now.getTime();
  switch (rule) {
    case "any":
      return OK;
    case "fromLastPickup": {
      const from = new Date(Date.parse(lastPickupOf(booking))).toISOString();
      return now >= Date.parse(from) ? OK : no("too_early", from);
    }
    case "beforeCancelCutoff": {
      // "until 14:00" means before 14:00: at the cut-off's very minute the right is gone (self-service.ts)
      const until = new Date(Date.parse(booking.pickup_date) - (ctx.cancelCutoffHours ?? 0) * HOUR_MS).toISOString();
      return now < Date.parse(until) ? OK : no("too_late", until);
    }
    case "legsDone":
      return ctx.legsDone ? OK : no("legs_open");
    case "holdPassed":
      if (!ctx.holdUntil) return no("not_allowed_for_actor");
      return now >= Date.parse(ctx.holdUntil) ? OK : no("too_early", new Date(Date.parse(ctx.holdUntil)).toISOString());
  }
}

/**
 * May `actor` move the booking to `to` now? Checked in this order: the actor (never allowed →
 * `not_allowed_for_actor`), the state (a closed booking → `closed`, another open one → `out_of_order`),
 * then the time rule (`too_early` / `too_late` with the limit, `legs_open`).
 */
export function checkBookingMove(booking: BookingFacts, to: BookingStatus, actor: ActorKind, ctx: BookingContext): Verdict {
  const move = bookingMoveTo(booking.status, to);
  if (!move) {
    const leading = moveLeadingTo(to);
    if (!leading || BOOKING_TRANSITIONS[leading].by[actor] === undefined) return no("not_allowed_for_actor");
    return no(isClosedBooking(booking.status) ? "closed" : "out_of_order");
  }
  const rule = BOOKING_TRANSITIONS[move].by[actor];
  if (rule === undefined) return no("not_allowed_for_actor");
  return bookingTimeRule(rule, booking, ctx);
}

/** The statuses `actor` may move the booking to now, in the table's order (the admin's menu offers only these). */
export function bookingMovesFor(booking: BookingFacts, actor: ActorKind, ctx: BookingContext): BookingStatus[] {
  return BOOKING_MOVES.filter((m) => BOOKING_TRANSITIONS[m].from.includes(booking.status))
    .map((m) => BOOKING_TRANSITIONS[m].to)
    .filter((to) => checkBookingMove(booking, to, actor, ctx).ok);
}

/** The statuses the office may ever set from `from`, whatever the time (status.ts's table). */
export const officeTargetsFrom = (from: BookingStatus): BookingStatus[] =>
  BOOKING_MOVES.filter((m) => BOOKING_TRANSITIONS[m].from.includes(from) && BOOKING_TRANSITIONS[m].by.office !== undefined).map((m) => BOOKING_TRANSITIONS[m].to);

// ---------------------------------------------------------------------------------------------
// The legs (the driver's job)

/** A leg's state: no booking_legs row is `unassigned`. */
export type LegState = "unassigned" | JobStatus;

/** The steps a driver reports from the job link (job-steps.server.ts `JOB_STEPS`). */
export type LegStep = Exclude<JobStatus, "assigned">;

/** When the driver may report a step. */
export type LegTimeRule =
  /** any time (the booking open) */
  | "any"
  /** from START_WINDOW_MINUTES before the leg's pickup */
  | "fromStartWindow"
  /** any time, in order */
  | "inOrder"
  /** from the leg's pickup plus the free waiting */
  | "afterFreeWaiting";

export interface LegTransition {
  from: readonly LegState[];
  to: LegState;
  by: Partial<Record<ActorKind, LegTimeRule>>;
  /** allowed while the booking still waits for the office's confirmation (the others need it confirmed) */
  whilePending?: true;
}

/**
 * The office's assignment (a driver on the leg: assigned; none: unassigned): from any leg state
 * (a new driver starts again at assigned), on an open booking only, at any time.
 */
export const LEG_ASSIGNMENT = {
  from: ["unassigned", "assigned", "on_way", "arrived", "picked_up", "completed", "no_show"],
  to: ["assigned", "unassigned"],
  by: { office: "openBooking" },
} as const satisfies { from: readonly LegState[]; to: readonly LegState[]; by: Partial<Record<ActorKind, "openBooking">> };

export const LEG_TRANSITIONS: Record<LegStep, LegTransition> = {
  // issue 31: the driver takes the job sent to them; setting off takes it too (an unaccepted job is not refused)
  accepted: { from: ["assigned"], to: "accepted", by: { driver: "any" }, whilePending: true },
  on_way: { from: ["assigned", "accepted"], to: "on_way", by: { driver: "fromStartWindow" } },
  arrived: { from: ["on_way"], to: "arrived", by: { driver: "inOrder" } },
  picked_up: { from: ["arrived"], to: "picked_up", by: { driver: "inOrder" } },
  completed: { from: ["picked_up"], to: "completed", by: { driver: "inOrder" } },
  no_show: { from: ["arrived"], to: "no_show", by: { driver: "afterFreeWaiting" } },
};

export const LEG_STEPS = Object.keys(LEG_TRANSITIONS) as LegStep[];

/** What a leg transition reads: the leg's state and pickup, and its booking's status. */
export interface LegFacts {
  bookingStatus: BookingStatus;
  state: LegState;
  /** the leg's pickup, UTC (an airport pickup with a tracked flight: the one planned from its landing) */
  pickupAt: string;
  /** the tracked flight's actual landing (issue 31): the free waiting counts from it, never ending before the pickup */
  landedAt?: string | null;
}

export interface LegContext {
  now: Date;
  /** the free waiting at this leg's pickup (settings: airport or elsewhere), minutes */
  freeWaitingMinutes?: number;
}

/** From when the driver may set off on a leg picked up at `pickupAt`. */
export const startAllowedFrom = (pickupAt: string): string => addMinutes(pickupAt, -START_WINDOW_MINUTES);

/** From when the driver may report a no-show: the free waiting after the pickup, or after the actual landing (but not before the pickup). */
export function noShowAllowedFrom(pickupAt: string, freeWaitingMinutes = 0, landedAt?: string | null): string {
  if (!landedAt) return addMinutes(pickupAt, freeWaitingMinutes);
  const fromLanding = addMinutes(landedAt, freeWaitingMinutes);
  return Date.parse(fromLanding) > Date.parse(pickupAt) ? fromLanding : pickupAt;
}

function legTimeRule(rule: LegTimeRule, leg: LegFacts, ctx: LegContext): Verdict {
  const now = ctx.now.getTime();
  switch (rule) {
    case "any":
    case "inOrder":
      return OK;
    case "fromStartWindow": {
      const from = startAllowedFrom(leg.pickupAt);
      return now >= Date.parse(from) ? OK : no("too_early", from);
    }
    case "afterFreeWaiting": {
      const from = noShowAllowedFrom(leg.pickupAt, ctx.freeWaitingMinutes, leg.landedAt);
      return now >= Date.parse(from) ? OK : no("too_early", from);
    }
  }
}

/**
 * May `actor` report `step` on the leg now? The actor first, then the booking (closed →
 * `closed`, pending → `not_confirmed`: a leg is driven only for a booking the office confirmed),
 * then the order of the steps (`out_of_order`), then the time (`too_early` with the instant).
 */
export function checkLegStep(leg: LegFacts, step: LegStep, actor: ActorKind, ctx: LegContext): Verdict {
  const transition = LEG_TRANSITIONS[step];
  const rule = transition.by[actor];
  if (rule === undefined) return no("not_allowed_for_actor");
  if (isClosedBooking(leg.bookingStatus)) return no("closed");
  if (leg.bookingStatus !== "confirmed" && !transition.whilePending) return no("not_confirmed");
  if (!transition.from.includes(leg.state)) return no("out_of_order");
  return legTimeRule(rule, leg, ctx);
}

/**
 * The driver's decline (issue 31): the leg goes back to the office (unassigned) with the driver's
 * reason, from the job link, until the driver has set off (then only the office takes them off).
 */
export const LEG_DECLINE = { from: ["assigned", "accepted"], to: "unassigned", by: { driver: "any" } } as const satisfies {
  from: readonly LegState[];
  to: LegState;
  by: Partial<Record<ActorKind, LegTimeRule>>;
};

/** May `actor` decline the leg now? The actor, then the booking (closed), then the leg's state. */
export function checkLegDecline(leg: Pick<LegFacts, "bookingStatus" | "state">, actor: ActorKind): Verdict {
  if (!(actor in LEG_DECLINE.by)) return no("not_allowed_for_actor");
  if (isClosedBooking(leg.bookingStatus)) return no("closed");
  return (LEG_DECLINE.from as readonly LegState[]).includes(leg.state) ? OK : no("out_of_order");
}

/** The steps `actor` may report on the leg now, in the trip's order (the job page offers only these). */
export const legStepsFor = (leg: LegFacts, actor: ActorKind, ctx: LegContext): LegStep[] =>
  LEG_STEPS.filter((step) => checkLegStep(leg, step, actor, ctx).ok);

/** May `actor` put a driver on (or take one off) a leg of a booking with this status? */
export function checkLegAssignment(bookingStatus: BookingStatus, actor: ActorKind): Verdict {
  if (!(actor in LEG_ASSIGNMENT.by)) return no("not_allowed_for_actor");
  return isClosedBooking(bookingStatus) ? no("closed") : OK;
}

/** A leg is done when its driver completed it or reported a no-show. */
export const isLegDone = (state: LegState): boolean => state === "completed" || state === "no_show";

/**
 * Whether the system completes the booking: every leg of the trip done, and at least one driven
 * (a trip of no-shows only is left to the office, which knows what to charge).
 */
export function tripLegsDone(tripLegs: readonly string[], states: ReadonlyMap<string, LegState>): boolean {
  const all = tripLegs.map((l) => states.get(l) ?? "unassigned");
  return all.length > 0 && all.every(isLegDone) && all.some((s) => s === "completed");
}
