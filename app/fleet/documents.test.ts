import { describe, expect, it } from "vitest";
import { addDays, daysBetween, documentState, dueThreshold, isCalendarDay, isDocumentKind, parseWarned, warnedAfter } from "./documents";

describe("documents that expire: the rules", () => {
  it("reads a document's state on a day; not entered is never expired", () => {
    expect(documentState(null, "2026-11-30")).toBe("missing");
    expect(documentState("2026-11-29", "2026-11-30")).toBe("expired");
    expect(documentState("2026-11-30", "2026-11-30")).toBe("expiring"); // valid through its last day
    expect(documentState("2026-12-30", "2026-11-30")).toBe("expiring");
    expect(documentState("2026-12-31", "2026-11-30")).toBe("valid");
  });

  it("picks the most urgent warning due: 30, 7, 1 days before, then the day itself and after", () => {
    const expiry = "2027-01-20";
    const on = (daysBefore: number) => dueThreshold(expiry, addDays(expiry, -daysBefore));
    expect([31, 30, 8, 7, 2, 1, 0, -5].map(on)).toEqual([undefined, 30, 30, 7, 7, 1, 0, 0]);
    expect(warnedAfter(7)).toBe("30,7");
    expect(parseWarned(warnedAfter(0))).toEqual([30, 7, 1, 0]);
    expect(parseWarned("")).toEqual([]);
  });

  it("knows real calendar days and each owner's kinds", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("30.11.2026")).toBe(false);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(isDocumentKind("car", "inspection")).toBe(true);
    expect(isDocumentKind("driver", "inspection")).toBe(false);
    expect(isDocumentKind("driver", "licence")).toBe(true);
  });
});
