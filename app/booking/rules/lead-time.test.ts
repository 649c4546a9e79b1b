import { describe, expect, it } from "vitest";
import { isTooSoon } from "./datetime";
import { PUBLIC_DATE_KEYS, tripDateProblems } from "./trip-dates";

const now = new Date("2026-07-01T09:00:00.000Z");
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000).toISOString();

describe("minimum lead time", () => {
  it("accepts a pickup exactly at the limit and refuses one a minute short", () => {
    expect(tripDateProblems({ pickupAt: at(4 * 60), roundTrip: false }, { leadHours: 4, now })).toEqual({});
    expect(tripDateProblems({ pickupAt: at(4 * 60 - 1), roundTrip: false }, { leadHours: 4, now })).toEqual({ pickup: "tooSoon" });
    expect(tripDateProblems({ pickupAt: at(60), roundTrip: false }, { leadHours: 4, now })).toEqual({ pickup: "tooSoon" });
  });

  it("with 0 hours refuses only the past", () => {
    expect(tripDateProblems({ pickupAt: at(0), roundTrip: false }, { leadHours: 0, now })).toEqual({});
    expect(tripDateProblems({ pickupAt: at(1), roundTrip: false }, { leadHours: 0, now })).toEqual({});
    expect(tripDateProblems({ pickupAt: at(-1), roundTrip: false }, { leadHours: 0, now })).toEqual({ pickup: "past" });
  });

  it("says past for a past pickup, not too soon", () => {
    expect(tripDateProblems({ pickupAt: at(-30), roundTrip: false }, { leadHours: 4, now })).toEqual({ pickup: "past" });
  });

  it("binds nobody who passes no lead time (the office, the browser's schema)", () => {
    expect(tripDateProblems({ pickupAt: at(10), roundTrip: false }, { now })).toEqual({});
    expect(tripDateProblems({ pickupAt: at(-600), roundTrip: false }, { allowPast: true, now })).toEqual({});
  });

  it("uses the largest setting too and still checks the return", () => {
    expect(isTooSoon(at(72 * 60), 72, now)).toBe(false);
    expect(isTooSoon(at(72 * 60 - 1), 72, now)).toBe(true);
    expect(tripDateProblems({ pickupAt: at(60), returnAt: at(30), roundTrip: true }, { leadHours: 4, now })).toEqual({ pickup: "tooSoon", return: "returnBeforePickup" });
  });

  it("names the reason in the booking catalogue", () => {
    expect(PUBLIC_DATE_KEYS.tooSoon).toBe("errors.tooSoon");
  });
});
