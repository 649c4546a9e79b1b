import { describe, expect, it } from "vitest";
import { tripDate, tripDay } from "../setup/trip-date";

describe("trip dates counted in Istanbul", () => {
  it("after 21:00 UTC, today is already tomorrow's UTC date in Istanbul", () => {
    const lateUtc = new Date("2026-03-10T22:30:00Z"); // 01:30 on the 11th in Istanbul
    expect(tripDay(0, lateUtc)).toBe("2026-03-11");
    expect(tripDay(1, lateUtc)).toBe("2026-03-12");
    expect(tripDate(1, "14:00", lateUtc)).toBe("2026-03-12T11:00:00.000Z");
  });

  it("before 21:00 UTC, the same date as UTC's; months and years roll over", () => {
    const afternoon = new Date("2026-12-30T12:00:00Z");
    expect(tripDay(0, afternoon)).toBe("2026-12-30");
    expect(tripDay(2, afternoon)).toBe("2027-01-01");
    expect(tripDate(0, "00:30", afternoon)).toBe("2026-12-29T21:30:00.000Z");
  });
});
