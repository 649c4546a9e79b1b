import { describe, expect, it } from "vitest";
import { monthWindow, percentChange, rate } from "./stats";

describe("dashboard arithmetic", () => {
  it("cuts months at midnight Istanbul time", () => {
    // 31 May 22:30 UTC is already 1 June 01:30 in Istanbul.
    expect(monthWindow(new Date("2026-05-31T22:30:00Z"))).toEqual({
      previousMonthStart: "2026-04-30T21:00:00.000Z",
      thisMonthStart: "2026-05-31T21:00:00.000Z",
      nextMonthStart: "2026-06-30T21:00:00.000Z",
    });
    expect(monthWindow(new Date("2026-01-15T10:00:00Z")).previousMonthStart).toBe("2025-11-30T21:00:00.000Z");
  });

  it("computes the change against the previous month", () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(4, 0)).toBeNull();
  });

  it("computes bounded rates", () => {
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(0, 0)).toBe(0);
    expect(rate(5, 4)).toBe(100);
  });
});
