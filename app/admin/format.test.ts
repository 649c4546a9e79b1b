import { describe, expect, it } from "vitest";
import { formatAdminDate, formatAdminDay, formatAdminNumber, formatPercent, MISSING_DATE } from "./format";

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
    expect(formatAdminDate(null, "Not specified")).toBe("Not specified");
    expect(formatAdminDay(undefined, "Nicht angegeben")).toBe("Nicht angegeben");
  });

  it("writes numbers the admin language's way", () => {
    expect(formatAdminNumber(1234.4)).toBe("1.234");
    expect(formatAdminNumber(1234, "en")).toBe("1,234");
    expect(formatAdminNumber(1234, "de")).toBe("1.234");
    expect(formatAdminNumber(1234, "ru")).toBe("1\u00a0234");
  });

  it("rounds percentages", () => {
    expect(formatPercent(12.4)).toBe("%12");
    expect(formatPercent(-3.6)).toBe("%-4");
    expect(formatPercent(12.4, "en")).toBe("12%");
    expect(formatPercent(12.4, "de")).toBe("12\u00a0%");
    expect(formatPercent(33.33, "tr", 1)).toBe("%33,3");
    expect(formatPercent(33.33, "en", 1)).toBe("33.3%");
    expect(formatPercent(12.5, "ru", 1)).toBe("12,5\u00a0%");
  });
});
