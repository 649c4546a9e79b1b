import { describe, expect, it } from "vitest";
import {
  addMinutes,
  businessDay,
  collidingPairs,
  conflictsFor,
  legSpans,
  maintenanceWindowOf,
  spansCollide,
  touchesWindow,
  type BookedLeg,
  type Span,
} from "./availability";

/** An Istanbul wall-clock time as the stored UTC instant (Istanbul is UTC+3 all year). */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();
const span = (date: string, from: string, to: string, toDate = date): Span => ({ start: ist(date, from), end: ist(toDate, to) });

const booked = (s: Span, extra: Partial<BookedLeg> = {}): BookedLeg => ({
  ...s,
  bookingId: "b1",
  reference: "VIP-2026-AAAA",
  leg: "outbound",
  carId: "car-1",
  fullName: "Anna Petrova",
  status: "confirmed",
  ...extra,
});

const activeCar = { status: "active" as const, maintenance_from: null, maintenance_to: null };

describe("legs of one car", () => {
  const first = span("2026-12-15", "14:30", "15:30");

  it("lets a leg start exactly when the previous one's buffer ends, not a minute before", () => {
    expect(spansCollide(first, span("2026-12-15", "16:00", "17:00"), 30)).toBe(false);
    expect(spansCollide(first, span("2026-12-15", "15:59", "17:00"), 30)).toBe(true);
  });

  it("without a buffer, back-to-back legs touch and do not collide", () => {
    expect(spansCollide(first, span("2026-12-15", "15:30", "16:00"), 0)).toBe(false);
    expect(spansCollide(first, span("2026-12-15", "15:29", "16:00"), 0)).toBe(true);
  });

  it("protects the next booking with the new leg's own buffer", () => {
    // a new 13:00–14:10 leg would keep the car until 14:40, past the 14:30 pickup
    expect(spansCollide(span("2026-12-15", "13:00", "14:10"), first, 30)).toBe(true);
    expect(spansCollide(span("2026-12-15", "13:00", "14:00"), first, 30)).toBe(false);
  });

  it("finds the same double booking whichever leg is checked first", () => {
    const same = span("2026-12-15", "14:30", "15:30");
    expect(spansCollide(first, same, 30)).toBe(true);
    expect(spansCollide(same, first, 30)).toBe(true);
  });

  it("reads an overnight leg across midnight", () => {
    const night = span("2026-12-15", "23:30", "01:10", "2026-12-16");
    expect(spansCollide(night, span("2026-12-16", "01:20", "02:00"), 30)).toBe(true);
    expect(spansCollide(night, span("2026-12-16", "01:40", "02:00"), 30)).toBe(false);
  });

  it("counts a return leg on its own: the round trip's return collides, its outbound does not", () => {
    const row = {
      trip_type: "roundTrip" as const,
      pickup_date: ist("2026-12-10", "10:00"),
      pickup_end: ist("2026-12-10", "11:00"),
      return_date: ist("2026-12-15", "14:00"),
      return_end: ist("2026-12-15", "15:00"),
    };
    const legs = legSpans(row);
    expect(legs.map((l) => l.leg)).toEqual(["outbound", "return"]);
    const asked = [first];
    const conflicts = conflictsFor(activeCar, asked, legs.map((l) => booked(l, { leg: l.leg })), 30);
    expect(conflicts).toEqual([expect.objectContaining({ kind: "booking", leg: "return", reference: "VIP-2026-AAAA" })]);
  });

  it("ignores a one-way booking's empty return and a row without its end (no duration)", () => {
    const legs = legSpans({ trip_type: "oneWay", pickup_date: ist("2026-12-15", "14:30"), pickup_end: null, return_date: null, return_end: null });
    expect(legs).toEqual([{ leg: "outbound", start: ist("2026-12-15", "14:30"), end: ist("2026-12-15", "14:30") }]);
  });

  it("frees the car from cancelled and completed bookings", () => {
    for (const status of ["cancelled", "completed"] as const) expect(conflictsFor(activeCar, [first], [booked(first, { status })], 30)).toEqual([]);
    expect(conflictsFor(activeCar, [first], [booked(first, { status: "pending" })], 30)).toHaveLength(1);
  });
});

describe("maintenance", () => {
  const window = { from: ist("2026-12-15", "08:00"), to: ist("2026-12-16", "08:00") };

  it("takes the dates when set, whatever the status, and reads the status without dates as until further notice", () => {
    expect(maintenanceWindowOf({ status: "active", maintenance_from: window.from, maintenance_to: window.to })).toEqual(window);
    expect(maintenanceWindowOf({ status: "maintenance", maintenance_from: null, maintenance_to: null })).toEqual({ from: null, to: null });
    expect(maintenanceWindowOf({ status: "active", maintenance_from: null, maintenance_to: null })).toBeNull();
    expect(maintenanceWindowOf({ status: "active", maintenance_from: window.from, maintenance_to: null })).toEqual({ from: window.from, to: null });
  });

  it("blocks a leg whose busy span touches the window, at both edges", () => {
    // ends 07:30 + 30 min buffer = 08:00: free; a minute later is not
    expect(touchesWindow(span("2026-12-15", "06:30", "07:30"), window, 30)).toBe(false);
    expect(touchesWindow(span("2026-12-15", "06:31", "07:31"), window, 30)).toBe(true);
    // starts when the window ends: free
    expect(touchesWindow(span("2026-12-16", "08:00", "09:00"), window, 30)).toBe(false);
    expect(touchesWindow(span("2026-12-16", "07:59", "09:00"), window, 30)).toBe(true);
  });

  it("an open-ended window blocks everything after its start, or everything before its end", () => {
    expect(touchesWindow(span("2030-01-01", "10:00", "11:00"), { from: window.from, to: null }, 0)).toBe(true);
    expect(touchesWindow(span("2026-12-14", "10:00", "11:00"), { from: window.from, to: null }, 0)).toBe(false);
    expect(touchesWindow(span("2020-01-01", "10:00", "11:00"), { from: null, to: window.to }, 0)).toBe(true);
    expect(conflictsFor({ status: "maintenance", maintenance_from: null, maintenance_to: null }, [span("2026-12-15", "10:00", "11:00")], [], 30)).toEqual([
      { kind: "maintenance", from: null, to: null },
    ]);
  });

  it("refuses an inactive or unknown car", () => {
    const trip = span("2026-12-15", "10:00", "11:00");
    expect(conflictsFor({ status: "inactive", maintenance_from: null, maintenance_to: null }, [trip], [], 0)).toEqual([{ kind: "inactive" }]);
    expect(conflictsFor(undefined, [trip], [], 0)).toEqual([{ kind: "missing" }]);
  });
});

describe("the business day", () => {
  it("is midnight to midnight in Istanbul, 24 hours, summer and winter alike (no DST)", () => {
    expect(businessDay("2026-12-15")).toEqual({ start: "2026-12-14T21:00:00.000Z", end: "2026-12-15T21:00:00.000Z" });
    expect(businessDay("2026-07-15")).toEqual({ start: "2026-07-14T21:00:00.000Z", end: "2026-07-15T21:00:00.000Z" });
    // the last Sunday of March and of October, when Europe changes its clocks
    for (const date of ["2026-03-29", "2026-10-25"]) {
      const day = businessDay(date)!;
      expect(Date.parse(day.end) - Date.parse(day.start)).toBe(24 * 3_600_000);
    }
    expect(businessDay("2026-02-30")).toBeNull();
  });

  it("adds minutes on the instant", () => {
    expect(addMinutes("2026-12-15T11:30:00.000Z", 95)).toBe("2026-12-15T13:05:00.000Z");
  });

  it("pairs the colliding legs of a lane", () => {
    const lane = [span("2026-12-15", "09:00", "10:00"), span("2026-12-15", "10:10", "11:00"), span("2026-12-15", "14:00", "15:00")];
    expect(collidingPairs(lane, 30)).toEqual([[0, 1]]);
    expect(collidingPairs(lane, 0)).toEqual([]);
  });
});
