import { describe, expect, it } from "vitest";
import {
  formatAdminDate,
  formatAdminDay,
  formatAdminNumber,
  formatCalendarDay,
  formatPercent,
  istanbulIso,
  MISSING_DATE,
} from "./format";

describe("admin formats", () => {
  it("shows instants in Istanbul time (UTC+3)", () => {
    expect(formatAdminDate("2026-05-01T09:30:00.000Z")).toBe("01.05.2026 12:30");
    expect(formatAdminDate("2026-12-31T22:15:00Z")).toBe("01.01.2027 01:15");
    expect(formatAdminDay("2026-12-31T22:15:00Z")).toBe("01.01.2027");
    expect(istanbulIso("2026-12-31T22:15:00Z")).toEqual({ date: "2027-01-01", time: "01:15" });
  });

  it("writes dates as the admin language does: GG.AA.YYYY SS:DD, English with slashes", () => {
    expect(formatAdminDate("2026-11-30T11:05:00Z", MISSING_DATE, "tr")).toBe("30.11.2026 14:05");
    expect(formatAdminDate("2026-11-30T11:05:00Z", MISSING_DATE, "de")).toBe("30.11.2026 14:05");
    expect(formatAdminDate("2026-11-30T11:05:00Z", MISSING_DATE, "ru")).toBe("30.11.2026 14:05");
    expect(formatAdminDate("2026-11-30T11:05:00Z", MISSING_DATE, "en")).toBe("30/11/2026 14:05");
    expect(formatAdminDay("2026-11-30T11:05:00Z", MISSING_DATE, "en")).toBe("30/11/2026");
    expect(formatCalendarDay("2026-11-30")).toBe("30.11.2026");
    expect(formatCalendarDay("2026-11-30", "en")).toBe("30/11/2026");
    expect(formatCalendarDay("not a day")).toBe("not a day");
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
