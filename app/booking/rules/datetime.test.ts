import { describe, expect, it } from "vitest";
import { businessToday, isDateText, isPast, isTimeText, isTooFarAhead, MAX_BOOKING_AHEAD_YEARS, toBusinessDateTime, toBusinessParts, toInstant } from "./datetime";

describe("toBusinessDateTime", () => {
  it("adds the +03:00 offset to a well-formed date and time", () => {
    expect(toBusinessDateTime("2026-07-01", "14:30")).toBe("2026-07-01T14:30:00+03:00");
  });
  it("passes malformed values through for validation to reject", () => {
    expect(toBusinessDateTime("01/07/2026", "14:30")).toBe("01/07/2026T14:30");
    expect(toBusinessDateTime("2026-07-01", "2pm")).toBe("2026-07-01T2pm");
    expect(toBusinessDateTime("2026-02-30", "10:00")).toBe("2026-02-30T10:00");
    expect(toBusinessDateTime("garbage", "")).toBe("garbage");
    expect(toInstant(toBusinessDateTime("2026-02-30", "10:00"))).toBeNull();
  });
});

describe("toInstant", () => {
  it("stores the UTC instant", () => {
    expect(toInstant("2026-07-01T14:30:00+03:00")).toBe("2026-07-01T11:30:00.000Z");
    expect(toInstant("2026-07-01T00:30+03:00")).toBe("2026-06-30T21:30:00.000Z");
    expect(toInstant("2026-07-01T11:30:00Z")).toBe("2026-07-01T11:30:00.000Z");
  });
  it("refuses texts without an offset or with impossible dates", () => {
    expect(toInstant("2026-07-01T14:30:00")).toBeNull();
    expect(toInstant("2026-13-01T14:30:00+03:00")).toBeNull();
    expect(toInstant("tomorrow")).toBeNull();
  });
});

describe("Istanbul time", () => {
  it("gives Istanbul's date and time of an instant", () => {
    expect(toBusinessParts("2026-06-30T21:30:00.000Z")).toEqual({ date: "2026-07-01", time: "00:30" });
  });
  it("knows today's date in Istanbul, not UTC", () => {
    expect(businessToday(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
  });
  it("says whether a pickup is in the past", () => {
    const now = new Date("2026-07-01T12:00:00Z");
    expect(isPast("2026-07-01T14:59:00+03:00", now)).toBe(true);
    expect(isPast("2026-07-01T15:01:00+03:00", now)).toBe(false);
  });
  it("checks date and time shapes", () => {
    expect(isDateText("2028-02-29")).toBe(true);
    expect(isDateText("2027-02-29")).toBe(false);
    expect(isTimeText("23:59")).toBe(true);
    expect(isTimeText("24:00")).toBe(false);
  });
});

describe("isTooFarAhead", () => {
  it("refuses pickups more than two years ahead, to the millisecond", () => {
    expect(MAX_BOOKING_AHEAD_YEARS).toBe(2);
    const now = new Date("2026-07-01T12:00:00.000Z");
    expect(isTooFarAhead("2028-07-01T12:00:00.000Z", now)).toBe(false);
    expect(isTooFarAhead("2028-07-01T15:00:00+03:00", now)).toBe(false);
    expect(isTooFarAhead("2028-07-01T12:00:00.001Z", now)).toBe(true);
    expect(isTooFarAhead("2028-07-01T15:01:00+03:00", now)).toBe(true);
    expect(isTooFarAhead("2026-07-02T10:00:00+03:00", now)).toBe(false);
  });
});
