import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, JOB_STATUSES, type BookingStatus } from "~/server/db/schema";
import {
  BOOKING_TRANSITIONS,
  bookingMovesFor,
  checkBookingMove,
  checkLegAssignment,
  checkLegDecline,
  checkLegStep,
  LEG_STEPS,
  LEG_TRANSITIONS,
  legStepsFor,
  officeTargetsFrom,
  START_WINDOW_MINUTES,
  tripLegsDone,
  type ActorKind,
  type BookingFacts,
  type LegFacts,
  type LegState,
  type LegStep,
} from "./lifecycle";

/** Every clock below is an Istanbul wall-clock time (UTC+03:00), fixed. */
const ist = (local: string) => new Date(`${local}:00+03:00`);
const utc = (local: string) => ist(local).toISOString();

const ACTORS: ActorKind[] = ["guest", "office", "driver", "system", "partner", "payment"];

// A one-way trip picked up on 10 July 2027 at 14:00 Istanbul time; a round trip back on the 14th at 18:30.
const ONE_WAY: BookingFacts = { status: "confirmed", trip_type: "oneWay", pickup_date: utc("2027-07-10T14:00"), return_date: null };
const ROUND: BookingFacts = { status: "confirmed", trip_type: "roundTrip", pickup_date: utc("2027-07-10T14:00"), return_date: utc("2027-07-14T18:30") };
const with_ = (b: BookingFacts, status: BookingStatus): BookingFacts => ({ ...b, status });

describe("the booking's table", () => {
  it("is pending → confirmed → completed, cancelled from pending/confirmed, and the office's re-open", () => {
    expect(BOOKING_TRANSITIONS).toEqual({
      confirm: { from: ["pending"], to: "confirmed", by: { office: "any", payment: "any", system: "any" } },
      cancel: { from: ["pending", "confirmed"], to: "cancelled", by: { office: "any", guest: "beforeCancelCutoff", system: "holdPassed" } },
      complete: { from: ["pending", "confirmed"], to: "completed", by: { office: "fromLastPickup", system: "legsDone" } },
      reopen: { from: ["completed"], to: "pending", by: { office: "any" } },
    });
    expect(officeTargetsFrom("pending")).toEqual(["confirmed", "cancelled", "completed"]);
    expect(officeTargetsFrom("confirmed")).toEqual(["cancelled", "completed"]);
    expect(officeTargetsFrom("completed")).toEqual(["pending"]);
    expect(officeTargetsFrom("cancelled")).toEqual([]);
  });

  it("lets the payment provider confirm a pending booking and the system release an unpaid hold only once it passed", () => {
    const pending = with_(ONE_WAY, "pending");
    const now = ist("2027-07-01T12:00");
    expect(checkBookingMove(pending, "confirmed", "payment", { now })).toEqual({ ok: true });
    expect(checkBookingMove(ONE_WAY, "confirmed", "payment", { now }).ok).toBe(false);
    expect(checkBookingMove(pending, "cancelled", "payment", { now })).toEqual({ ok: false, code: "not_allowed_for_actor" });
    expect(checkBookingMove(pending, "cancelled", "system", { now })).toEqual({ ok: false, code: "not_allowed_for_actor" });
    expect(checkBookingMove(pending, "cancelled", "system", { now, holdUntil: utc("2027-07-01T12:30") })).toEqual({ ok: false, code: "too_early", at: ist("2027-07-01T12:30").toISOString() });
    expect(checkBookingMove(pending, "cancelled", "system", { now, holdUntil: utc("2027-07-01T12:00") })).toEqual({ ok: true });
  });

  it("answers every status × target × actor with ok or a code, never throwing", () => {
    const now = ist("2027-07-20T12:00");
    for (const from of BOOKING_STATUSES)
      for (const to of BOOKING_STATUSES)
        for (const actor of ACTORS) {
          const verdict = checkBookingMove(with_(ROUND, from), to, actor, { now, cancelCutoffHours: 24, legsDone: true, holdUntil: ist("2027-07-01T12:00").toISOString() });
          const allowed = Object.values(BOOKING_TRANSITIONS).some((t) => t.to === to && t.from.includes(from) && t.by[actor] !== undefined);
          // after every limit (a week past the last pickup, legs done) only the guest's cut-off still refuses
          const expectedOk = allowed && !(actor === "guest" && to === "cancelled");
          expect(verdict.ok, `${from} → ${to} by ${actor}`).toBe(expectedOk);
        }
  });

  it("lets a partner do nothing yet, and the payment provider nothing but confirm", () => {
    for (const to of BOOKING_STATUSES) expect(checkBookingMove(with_(ONE_WAY, "pending"), to, "partner", { now: ist("2027-07-20T12:00") })).toEqual({ ok: false, code: "not_allowed_for_actor" });
    for (const to of BOOKING_STATUSES.filter((s) => s !== "confirmed")) expect(checkBookingMove(with_(ONE_WAY, "pending"), to, "payment", { now: ist("2027-07-20T12:00") })).toEqual({ ok: false, code: "not_allowed_for_actor" });
  });
});

describe("the office", () => {
  it("confirms a pending booking at any time, and nothing else", () => {
    expect(checkBookingMove(with_(ONE_WAY, "pending"), "confirmed", "office", { now: ist("2027-01-01T00:00") })).toEqual({ ok: true });
    expect(checkBookingMove(ONE_WAY, "confirmed", "office", { now: ist("2027-01-01T00:00") })).toEqual({ ok: false, code: "out_of_order" });
    expect(checkBookingMove(with_(ONE_WAY, "cancelled"), "confirmed", "office", { now: ist("2027-01-01T00:00") })).toEqual({ ok: false, code: "closed" });
  });

  it("marks a one-way trip completed from its pickup minute on, not a minute before", () => {
    expect(checkBookingMove(ONE_WAY, "completed", "office", { now: ist("2027-07-10T13:59") })).toEqual({ ok: false, code: "too_early", at: utc("2027-07-10T14:00") });
    expect(checkBookingMove(ONE_WAY, "completed", "office", { now: ist("2027-07-10T14:00") })).toEqual({ ok: true });
    expect(checkBookingMove(with_(ONE_WAY, "pending"), "completed", "office", { now: ist("2027-07-10T14:01") })).toEqual({ ok: true });
  });

  it("marks a round trip completed only from the return's pickup", () => {
    expect(checkBookingMove(ROUND, "completed", "office", { now: ist("2027-07-10T14:00") })).toMatchObject({ ok: false, code: "too_early" });
    expect(checkBookingMove(ROUND, "completed", "office", { now: ist("2027-07-14T18:29") })).toEqual({ ok: false, code: "too_early", at: utc("2027-07-14T18:30") });
    expect(checkBookingMove(ROUND, "completed", "office", { now: ist("2027-07-14T18:30") })).toEqual({ ok: true });
  });

  it("cancels a pending or confirmed booking at any time, never a closed one", () => {
    for (const now of [ist("2027-01-01T00:00"), ist("2027-07-10T14:00"), ist("2027-08-01T00:00")]) {
      expect(checkBookingMove(with_(ONE_WAY, "pending"), "cancelled", "office", { now }).ok).toBe(true);
      expect(checkBookingMove(ONE_WAY, "cancelled", "office", { now }).ok).toBe(true);
    }
    expect(checkBookingMove(with_(ONE_WAY, "completed"), "cancelled", "office", { now: ist("2027-08-01T00:00") })).toEqual({ ok: false, code: "closed" });
    expect(checkBookingMove(with_(ONE_WAY, "cancelled"), "cancelled", "office", { now: ist("2027-08-01T00:00") })).toEqual({ ok: false, code: "closed" });
  });

  it("re-opens a completed booking to pending (the spec's toggle), never a cancelled or a confirmed one", () => {
    expect(checkBookingMove(with_(ONE_WAY, "completed"), "pending", "office", { now: ist("2027-08-01T00:00") })).toEqual({ ok: true });
    expect(checkBookingMove(with_(ONE_WAY, "cancelled"), "pending", "office", { now: ist("2027-08-01T00:00") })).toEqual({ ok: false, code: "closed" });
    expect(checkBookingMove(ONE_WAY, "pending", "office", { now: ist("2027-08-01T00:00") })).toEqual({ ok: false, code: "out_of_order" });
  });

  it("is offered only what it may do at that moment", () => {
    expect(bookingMovesFor(with_(ONE_WAY, "pending"), "office", { now: ist("2027-07-10T13:59") })).toEqual(["confirmed", "cancelled"]);
    expect(bookingMovesFor(with_(ONE_WAY, "pending"), "office", { now: ist("2027-07-10T14:00") })).toEqual(["confirmed", "cancelled", "completed"]);
    expect(bookingMovesFor(ONE_WAY, "office", { now: ist("2027-05-01T10:00") })).toEqual(["cancelled"]);
    expect(bookingMovesFor(with_(ONE_WAY, "completed"), "office", { now: ist("2027-08-01T10:00") })).toEqual(["pending"]);
    expect(bookingMovesFor(with_(ONE_WAY, "cancelled"), "office", { now: ist("2027-08-01T10:00") })).toEqual([]);
  });
});

describe("the guest", () => {
  const ctx = (local: string) => ({ now: ist(local), cancelCutoffHours: 24 });

  it("cancels until the cut-off before the first pickup, not at its minute", () => {
    expect(checkBookingMove(ONE_WAY, "cancelled", "guest", ctx("2027-07-09T13:59"))).toEqual({ ok: true });
    expect(checkBookingMove(with_(ONE_WAY, "pending"), "cancelled", "guest", ctx("2027-07-09T13:59"))).toEqual({ ok: true });
    expect(checkBookingMove(ONE_WAY, "cancelled", "guest", ctx("2027-07-09T14:00"))).toEqual({ ok: false, code: "too_late", at: utc("2027-07-09T14:00") });
    expect(checkBookingMove(ONE_WAY, "cancelled", "guest", ctx("2027-07-09T14:01"))).toMatchObject({ ok: false, code: "too_late" });
    // a round trip counts from its first pickup
    expect(checkBookingMove(ROUND, "cancelled", "guest", ctx("2027-07-09T14:01"))).toMatchObject({ ok: false, code: "too_late" });
  });

  it("never cancels a cancelled or completed booking, whatever the time", () => {
    expect(checkBookingMove(with_(ONE_WAY, "cancelled"), "cancelled", "guest", ctx("2027-06-01T10:00"))).toEqual({ ok: false, code: "closed" });
    expect(checkBookingMove(with_(ONE_WAY, "completed"), "cancelled", "guest", ctx("2027-06-01T10:00"))).toEqual({ ok: false, code: "closed" });
  });

  it("confirms, completes or re-opens nothing", () => {
    for (const to of ["confirmed", "completed", "pending"] as const) expect(checkBookingMove(with_(ONE_WAY, "pending"), to, "guest", ctx("2027-08-01T10:00"))).toEqual({ ok: false, code: "not_allowed_for_actor" });
    expect(bookingMovesFor(with_(ONE_WAY, "completed"), "guest", ctx("2027-06-01T10:00"))).toEqual([]);
    expect(bookingMovesFor(ONE_WAY, "guest", ctx("2027-06-01T10:00"))).toEqual(["cancelled"]);
  });
});

describe("the system and the driver on the booking", () => {
  it("completes the booking only when every leg is done", () => {
    const now = ist("2027-07-10T15:00");
    expect(checkBookingMove(ONE_WAY, "completed", "system", { now, legsDone: true })).toEqual({ ok: true });
    expect(checkBookingMove(ONE_WAY, "completed", "system", { now, legsDone: false })).toEqual({ ok: false, code: "legs_open" });
    expect(checkBookingMove(with_(ONE_WAY, "cancelled"), "completed", "system", { now, legsDone: true })).toEqual({ ok: false, code: "closed" });
    expect(checkBookingMove(ONE_WAY, "cancelled", "system", { now })).toEqual({ ok: false, code: "not_allowed_for_actor" });
  });

  it("gives the driver no booking transition at all", () => {
    for (const to of BOOKING_STATUSES) expect(checkBookingMove(with_(ONE_WAY, "pending"), to, "driver", { now: ist("2027-08-01T10:00") })).toEqual({ ok: false, code: "not_allowed_for_actor" });
  });

  it("counts a trip done when every leg is completed or a no-show and one was driven", () => {
    const states = (entries: Array<[string, LegState]>) => new Map(entries);
    expect(tripLegsDone(["outbound"], states([["outbound", "completed"]]))).toBe(true);
    expect(tripLegsDone(["outbound", "return"], states([["outbound", "completed"]]))).toBe(false);
    expect(tripLegsDone(["outbound", "return"], states([["outbound", "no_show"], ["return", "completed"]]))).toBe(true);
    expect(tripLegsDone(["outbound", "return"], states([["outbound", "completed"], ["return", "picked_up"]]))).toBe(false);
    expect(tripLegsDone(["outbound"], states([["outbound", "no_show"]]))).toBe(false);
    expect(tripLegsDone([], states([]))).toBe(false);
  });
});

describe("the leg's table", () => {
  it("is assigned → (accepted →) on_way → arrived → picked_up → completed, no_show from arrived, all the driver's", () => {
    expect(LEG_TRANSITIONS).toEqual({
      accepted: { from: ["assigned"], to: "accepted", by: { driver: "any" }, whilePending: true },
      on_way: { from: ["assigned", "accepted"], to: "on_way", by: { driver: "fromStartWindow" } },
      arrived: { from: ["on_way"], to: "arrived", by: { driver: "inOrder" } },
      picked_up: { from: ["arrived"], to: "picked_up", by: { driver: "inOrder" } },
      completed: { from: ["picked_up"], to: "completed", by: { driver: "inOrder" } },
      no_show: { from: ["arrived"], to: "no_show", by: { driver: "afterFreeWaiting" } },
    });
    expect(START_WINDOW_MINUTES).toBe(180);
  });

  const leg = (state: LegState, bookingStatus: BookingStatus = "confirmed"): LegFacts => ({ bookingStatus, state, pickupAt: utc("2027-07-10T14:00") });
  const late = { now: ist("2027-07-10T20:00"), freeWaitingMinutes: 60 };

  it("answers every leg state × step × actor", () => {
    for (const state of ["unassigned", ...JOB_STATUSES] as LegState[])
      for (const step of LEG_STEPS)
        for (const actor of ACTORS) {
          const verdict = checkLegStep(leg(state), step, actor, late);
          const expected = actor === "driver" && LEG_TRANSITIONS[step].from.includes(state);
          expect(verdict.ok, `${state} → ${step} by ${actor}`).toBe(expected);
          if (!verdict.ok) expect(verdict.code).toBe(actor === "driver" ? "out_of_order" : "not_allowed_for_actor");
        }
  });

  it("takes steps only in order: no completing a leg that has not started", () => {
    expect(checkLegStep(leg("assigned"), "completed", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("assigned"), "arrived", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("on_way"), "picked_up", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("on_way"), "no_show", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("on_way"), "on_way", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("completed"), "completed", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegStep(leg("no_show"), "picked_up", "driver", late)).toEqual({ ok: false, code: "out_of_order" });
  });

  it("never moves a leg of a pending, cancelled or completed booking (but a job of a pending one may be accepted)", () => {
    expect(checkLegStep(leg("assigned", "pending"), "accepted", "driver", late)).toEqual({ ok: true });
    for (const step of LEG_STEPS) {
      if (step !== "accepted") expect(checkLegStep(leg("assigned", "pending"), step, "driver", late)).toEqual({ ok: false, code: "not_confirmed" });
      expect(checkLegStep(leg("picked_up", "cancelled"), step, "driver", late)).toEqual({ ok: false, code: "closed" });
      expect(checkLegStep(leg("picked_up", "completed"), step, "driver", late)).toEqual({ ok: false, code: "closed" });
    }
  });

  it("lets the driver set off from three hours before the pickup, not a minute earlier", () => {
    expect(checkLegStep(leg("assigned"), "on_way", "driver", { now: ist("2027-07-10T10:59") })).toEqual({ ok: false, code: "too_early", at: utc("2027-07-10T11:00") });
    expect(checkLegStep(leg("assigned"), "on_way", "driver", { now: ist("2027-07-10T11:00") })).toEqual({ ok: true });
    expect(checkLegStep(leg("assigned"), "on_way", "driver", { now: ist("2027-07-10T11:01") })).toEqual({ ok: true });
    // a leg two months ahead
    expect(checkLegStep(leg("assigned"), "on_way", "driver", { now: ist("2027-05-10T14:00") })).toMatchObject({ ok: false, code: "too_early" });
  });

  it("takes a no-show only from the pickup plus the free waiting", () => {
    const at = (local: string, freeWaitingMinutes?: number) => ({ now: ist(local), ...(freeWaitingMinutes === undefined ? {} : { freeWaitingMinutes }) });
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T14:59", 60))).toEqual({ ok: false, code: "too_early", at: utc("2027-07-10T15:00") });
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T15:00", 60))).toEqual({ ok: true });
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T14:14", 15))).toMatchObject({ ok: false, code: "too_early" });
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T14:15", 15))).toEqual({ ok: true });
    // without free waiting: from the pickup minute itself
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T13:59"))).toMatchObject({ ok: false, code: "too_early" });
    expect(checkLegStep(leg("arrived"), "no_show", "driver", at("2027-07-10T14:00"))).toEqual({ ok: true });
  });

  it("counts the free waiting from a tracked flight's actual landing, never ending before the pickup (issue 31)", () => {
    const landed = (at: string): LegFacts => ({ ...leg("arrived"), landedAt: utc(at) });
    const ctx = (local: string) => ({ now: ist(local), freeWaitingMinutes: 60 });
    // landed 40 minutes after the pickup: waiting until 15:40
    expect(checkLegStep(landed("2027-07-10T14:40"), "no_show", "driver", ctx("2027-07-10T15:39"))).toEqual({ ok: false, code: "too_early", at: utc("2027-07-10T15:40") });
    expect(checkLegStep(landed("2027-07-10T14:40"), "no_show", "driver", ctx("2027-07-10T15:40"))).toEqual({ ok: true });
    // landed early: from the landing, so 14:50 (not 15:00)
    expect(checkLegStep(landed("2027-07-10T13:50"), "no_show", "driver", ctx("2027-07-10T14:50"))).toEqual({ ok: true });
    // landed two hours early: not before the pickup itself
    expect(checkLegStep(landed("2027-07-10T12:00"), "no_show", "driver", ctx("2027-07-10T13:59"))).toMatchObject({ ok: false, code: "too_early", at: utc("2027-07-10T14:00") });
  });

  it("puts the other steps' time in the start window's hands: in order, they are open at once", () => {
    const early = { now: ist("2027-07-10T11:05") };
    const steps: Array<[LegState, LegStep]> = [["on_way", "arrived"], ["arrived", "picked_up"], ["picked_up", "completed"]];
    for (const [state, step] of steps) expect(checkLegStep(leg(state), step, "driver", early)).toEqual({ ok: true });
  });

  it("offers the driver only the steps open now", () => {
    expect(legStepsFor(leg("assigned"), "driver", { now: ist("2027-07-10T10:59") })).toEqual(["accepted"]);
    expect(legStepsFor(leg("assigned"), "driver", { now: ist("2027-07-10T11:00") })).toEqual(["accepted", "on_way"]);
    expect(legStepsFor(leg("accepted"), "driver", { now: ist("2027-07-10T10:59") })).toEqual([]);
    expect(legStepsFor(leg("accepted"), "driver", { now: ist("2027-07-10T11:00") })).toEqual(["on_way"]);
    expect(legStepsFor(leg("on_way"), "driver", late)).toEqual(["arrived"]);
    expect(legStepsFor(leg("arrived"), "driver", { now: ist("2027-07-10T14:30"), freeWaitingMinutes: 60 })).toEqual(["picked_up"]);
    expect(legStepsFor(leg("arrived"), "driver", late)).toEqual(["picked_up", "no_show"]);
    expect(legStepsFor(leg("picked_up"), "driver", late)).toEqual(["completed"]);
    expect(legStepsFor(leg("completed"), "driver", late)).toEqual([]);
    expect(legStepsFor(leg("assigned", "pending"), "driver", late)).toEqual(["accepted"]);
    expect(legStepsFor(leg("assigned"), "office", late)).toEqual([]);
  });

  it("lets the driver decline a job until they set off, on an open booking", () => {
    expect(checkLegDecline(leg("assigned"), "driver")).toEqual({ ok: true });
    expect(checkLegDecline(leg("accepted"), "driver")).toEqual({ ok: true });
    expect(checkLegDecline(leg("assigned", "pending"), "driver")).toEqual({ ok: true });
    for (const state of ["on_way", "arrived", "picked_up", "completed", "no_show", "unassigned"] as LegState[])
      expect(checkLegDecline(leg(state), "driver")).toEqual({ ok: false, code: "out_of_order" });
    expect(checkLegDecline(leg("assigned", "cancelled"), "driver")).toEqual({ ok: false, code: "closed" });
    expect(checkLegDecline(leg("assigned"), "office")).toEqual({ ok: false, code: "not_allowed_for_actor" });
  });

  it("lets only the office assign a driver, on an open booking", () => {
    expect(checkLegAssignment("pending", "office")).toEqual({ ok: true });
    expect(checkLegAssignment("confirmed", "office")).toEqual({ ok: true });
    expect(checkLegAssignment("cancelled", "office")).toEqual({ ok: false, code: "closed" });
    expect(checkLegAssignment("completed", "office")).toEqual({ ok: false, code: "closed" });
    for (const actor of ["guest", "driver", "system", "partner", "payment"] as const) expect(checkLegAssignment("pending", actor)).toEqual({ ok: false, code: "not_allowed_for_actor" });
  });
});
