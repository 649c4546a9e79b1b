import { describe, expect, it } from "vitest";
import { hireTermsOf, hourChoices, includedKm, initialHours, tripTypeOf } from "./hire";

const bounds = { minHours: 2, maxHours: 5 };

describe("hourly hire choices", () => {
  it("offers the office's range of hours", () => {
    expect(hourChoices(bounds)).toEqual([2, 3, 4, 5]);
    expect(hourChoices({ minHours: 3, maxHours: 3 })).toEqual([3]);
  });

  it("keeps an out-of-range hour asked in the URL, in order", () => {
    expect(hourChoices(bounds, "20")).toEqual([2, 3, 4, 5, 20]);
    expect(hourChoices(bounds, "1")).toEqual([1, 2, 3, 4, 5]);
    expect(hourChoices(bounds, "4")).toEqual([2, 3, 4, 5]);
  });

  it("ignores what is not a whole number of hours", () => {
    expect(hourChoices(bounds, "abc")).toEqual([2, 3, 4, 5]);
    expect(hourChoices(bounds, "2.5")).toEqual([2, 3, 4, 5]);
    expect(hourChoices(bounds, "-3")).toEqual([2, 3, 4, 5]);
    expect(hourChoices(bounds, "")).toEqual([2, 3, 4, 5]);
  });

  it("preselects the asked hours, else the minimum", () => {
    expect(initialHours(bounds)).toBe("2");
    expect(initialHours(bounds, "4")).toBe("4");
    expect(initialHours(bounds, "20")).toBe("20");
    expect(initialHours(bounds, "x")).toBe("2");
  });
});

describe("trip type and included distance", () => {
  it("reads the trip type from the URL, one way by default", () => {
    expect(tripTypeOf("hourly")).toBe("hourly");
    expect(tripTypeOf("roundTrip")).toBe("roundTrip");
    expect(tripTypeOf("oneWay")).toBe("oneWay");
    expect(tripTypeOf("daily")).toBe("oneWay");
    expect(tripTypeOf(undefined)).toBe("oneWay");
    expect(tripTypeOf(null)).toBe("oneWay");
  });

  it("includes the settings' kilometres per hour", () => {
    const terms = hireTermsOf({ hourlyMinHours: 2, hourlyMaxHours: 12, includedKmPerHour: 25 });
    expect(terms).toEqual({ minHours: 2, maxHours: 12, includedKmPerHour: 25 });
    expect(includedKm(4, terms)).toBe(100);
    expect(includedKm(4, { includedKmPerHour: 0 })).toBe(0);
  });
});
