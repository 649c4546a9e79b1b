import { describe, expect, it } from "vitest";
import { arrivalOf } from "./aerodatabox.server";
import { backoffAt, delayMinutes, flightDateOf, NEVER, nextCheckAt, normaliseFlightNumber, pickupMovedEnough, plannedPickupOf, previousDayOf } from "./rules";

const T = "2026-12-01T12:00:00.000Z";
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe("flight rules", () => {
  it("normalises flight numbers and refuses what cannot be one", () => {
    expect(normaliseFlightNumber("tk 2412")).toBe("TK2412");
    expect(normaliseFlightNumber("PC-1234")).toBe("PC1234");
    expect(normaliseFlightNumber("U2 8765")).toBe("U28765");
    expect(normaliseFlightNumber("XQ 9001A")).toBe("XQ9001A");
    expect(normaliseFlightNumber("hello")).toBeNull();
    expect(normaliseFlightNumber("TK")).toBeNull();
    expect(normaliseFlightNumber("TK 123456")).toBeNull();
  });

  it("asks for the landing's local date in Antalya's time", () => {
    expect(flightDateOf("2026-12-01T21:30:00.000Z")).toBe("2026-12-02");
    expect(flightDateOf("2026-12-01T20:59:00.000Z")).toBe("2026-12-01");
  });

  it("asks the day before too for a pickup in the small hours", () => {
    expect(previousDayOf("2026-12-01T22:30:00.000Z")).toBe("2026-12-01");
    expect(previousDayOf("2026-12-02T00:10:00.000Z")).toBeNull();
    expect(previousDayOf("2026-12-31T21:10:00.000Z")).toBe("2026-12-31");
  });

  it("moves the planned pickup by the delay, only when the office says so and the flight flies", () => {
    const flight = { status: "delayed" as const, scheduledAt: T, estimatedAt: plus(T, 90), actualAt: null };
    expect(delayMinutes(flight)).toBe(90);
    expect(plannedPickupOf({ movePickup: true }, plus(T, 15), flight)).toBe(plus(T, 105));
    expect(plannedPickupOf({ movePickup: false }, T, flight)).toBeNull();
    expect(plannedPickupOf({ movePickup: true }, T, { ...flight, status: "cancelled" })).toBeNull();
    expect(plannedPickupOf({ movePickup: true }, T, { ...flight, estimatedAt: T })).toBeNull();
    // early: earlier; the actual landing wins over the estimate
    expect(plannedPickupOf({ movePickup: true }, T, { ...flight, estimatedAt: plus(T, -20) })).toBe(plus(T, -20));
    expect(plannedPickupOf({ movePickup: true }, T, { ...flight, status: "landed", actualAt: plus(T, 70) })).toBe(plus(T, 70));
  });

  it("tells from the threshold on, in either direction", () => {
    expect(pickupMovedEnough({ notifyThresholdMinutes: 30 }, T, plus(T, 29))).toBe(false);
    expect(pickupMovedEnough({ notifyThresholdMinutes: 30 }, T, plus(T, 30))).toBe(true);
    expect(pickupMovedEnough({ notifyThresholdMinutes: 30 }, T, plus(T, -45))).toBe(true);
  });

  it("checks again from the day before, every 3 hours that day, every 15 minutes near the landing, and stops", () => {
    const now = new Date(T);
    expect(nextCheckAt(now, plus(T, 3 * 24 * 60), "scheduled")).toBe(plus(T, 2 * 24 * 60));
    expect(nextCheckAt(now, plus(T, 20 * 60), "scheduled")).toBe(plus(T, 3 * 60));
    expect(nextCheckAt(now, plus(T, 6 * 60), "delayed")).toBe(plus(T, 2 * 60));
    expect(nextCheckAt(now, plus(T, 60), "en_route")).toBe(plus(T, 15));
    expect(nextCheckAt(now, plus(T, -60), "en_route")).toBe(plus(T, 15));
    expect(nextCheckAt(now, plus(T, -7 * 60), "en_route")).toBe(NEVER);
    expect(nextCheckAt(now, plus(T, 60), "landed")).toBe(NEVER);
    expect(nextCheckAt(now, plus(T, 60), "cancelled")).toBe(NEVER);
  });

  it("backs off 1, 2, 4 … minutes up to an hour, or as long as the provider asks", () => {
    const now = new Date(T);
    expect(backoffAt(now, 1)).toBe(plus(T, 1));
    expect(backoffAt(now, 3)).toBe(plus(T, 4));
    expect(backoffAt(now, 12)).toBe(plus(T, 60));
    expect(backoffAt(now, 1, 300_000)).toBe(plus(T, 5));
  });
});

describe("AeroDataBox's answer in the product's words", () => {
  it("reads the arrival's times and status", () => {
    const arrival = (times: object) => ({ airport: { iata: "AYT" }, scheduledTime: { utc: "2026-12-01 12:00Z", local: "2026-12-01 15:00+03:00" }, ...times });
    expect(arrivalOf({ status: "Delayed", arrival: arrival({ revisedTime: { utc: "2026-12-01 13:30Z" } }) })).toEqual({ status: "delayed", scheduledAt: T, estimatedAt: plus(T, 90), actualAt: null });
    expect(arrivalOf({ status: "EnRoute", arrival: arrival({ predictedTime: { utc: "2026-12-01 12:10Z" } }) })).toMatchObject({ status: "en_route", estimatedAt: plus(T, 10) });
    expect(arrivalOf({ status: "Arrived", arrival: arrival({ revisedTime: { utc: "2026-12-01 12:20Z" }, runwayTime: { utc: "2026-12-01 12:14Z" } }) })).toEqual({ status: "landed", scheduledAt: T, estimatedAt: null, actualAt: plus(T, 14) });
    expect(arrivalOf({ status: "CanceledUncertain", arrival: arrival({}) }).status).toBe("cancelled");
    expect(arrivalOf({ status: "Something new", arrival: arrival({}) }).status).toBe("unknown");
    // the older flat shape
    expect(arrivalOf({ status: "Arrived", arrival: { scheduledTimeUtc: "2026-12-01 12:00Z", actualTimeUtc: "2026-12-01 12:05Z" } })).toMatchObject({ scheduledAt: T, actualAt: plus(T, 5) });
  });
});
