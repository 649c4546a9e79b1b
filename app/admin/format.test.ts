import { describe, expect, it } from "vitest";
import { formatAdminDate, formatAdminDay, formatPercent, MISSING_DATE } from "./format";

describe("admin formats", () => {
  it("shows instants in Istanbul time (UTC+3)", () => {
    expect(formatAdminDate("2026-05-01T09:30:00.000Z")).toBe("2026-05-01 12:30");
    expect(formatAdminDate("2026-12-31T22:15:00Z")).toBe("2027-01-01 01:15");
    expect(formatAdminDay("2026-12-31T22:15:00Z")).toBe("2027-01-01");
  });

  it("reads a missing or broken date as Belirtilmemiş", () => {
    expect(formatAdminDate(null)).toBe(MISSING_DATE);
    expect(formatAdminDate("")).toBe("Belirtilmemiş");
    expect(formatAdminDate("not a date")).toBe(MISSING_DATE);
  });

  it("rounds percentages", () => {
    expect(formatPercent(12.4)).toBe("%12");
    expect(formatPercent(-3.6)).toBe("%-4");
  });
});
