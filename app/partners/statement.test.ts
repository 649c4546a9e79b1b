import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { balanceSide, isStatementMonth, lastMonth, monthBounds, monthOf, shiftMonth, statementLines, statementTotals, type StatementBooking } from "./statement";

const booking = (over: Partial<StatementBooking>): StatementBooking => ({
  id: "b",
  reference: "VT-AAAAAA",
  pickupDate: "2027-03-10T08:00:00.000Z",
  route: "AYT → Belek",
  guestName: "Guest",
  status: "confirmed",
  guestPrice: kurus(100_000),
  commission: kurus(10_000),
  partnerPays: false,
  ...over,
});

describe("a statement's month", () => {
  it("reads only real YYYY-MM months", () => {
    for (const ok of ["2027-01", "2027-12", "1999-06"]) expect(isStatementMonth(ok)).toBe(true);
    for (const bad of ["2027-13", "2027-00", "2027-1", "27-01", "2027-01-01", "", null, 202701]) expect(isStatementMonth(bad)).toBe(false);
  });

  it("is bounded by Istanbul midnights (UTC+3), across the year's end", () => {
    expect(monthBounds("2027-03")).toEqual({ start: "2027-02-28T21:00:00.000Z", end: "2027-03-31T21:00:00.000Z" });
    expect(monthBounds("2027-12")).toEqual({ start: "2027-11-30T21:00:00.000Z", end: "2027-12-31T21:00:00.000Z" });
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2027-12", 1)).toBe("2028-01");
    expect(shiftMonth("2027-05", -12)).toBe("2026-05");
  });

  it("puts an instant in its Istanbul month, and opens on the month before now's", () => {
    // 22:30 UTC on the last day is 01:30 the next day in Istanbul
    expect(monthOf("2027-03-31T22:30:00.000Z")).toBe("2027-04");
    expect(monthOf("2027-03-31T20:59:59.000Z")).toBe("2027-03");
    expect(lastMonth(new Date("2027-01-01T00:30:00+03:00"))).toBe("2026-12");
    expect(lastMonth(new Date("2026-12-31T22:00:00Z"))).toBe("2026-12");
  });
});

describe("a statement's totals", () => {
  it("sums guest, net and commission; on account is the net of partner-paid bookings; the balance nets what we owe against what the partner owes", () => {
    const lines = statementLines([
      booking({ id: "1", guestPrice: kurus(250_000), commission: kurus(31_250), partnerPays: true }),
      booking({ id: "2", guestPrice: kurus(120_050), commission: kurus(15_006), partnerPays: true }),
      booking({ id: "3", guestPrice: kurus(80_000), commission: kurus(10_000), partnerPays: false }),
      booking({ id: "4", guestPrice: kurus(99_900), commission: kurus(12_488), partnerPays: false, status: "completed" }),
    ]);
    expect(lines.map((l) => l.net)).toEqual([218_750, 105_044, 70_000, 87_412]);
    expect(statementTotals(lines)).toEqual({
      bookings: 4,
      cancelled: 0,
      guestTotal: 549_950,
      netTotal: 481_206,
      commissionTotal: 68_744,
      onAccountTotal: 323_794,
      collectedTotal: 179_900,
      commissionOnCollected: 22_488,
      balance: 301_306,
      currency: "TRY",
    });
  });

  it("lists a cancelled booking but counts it nowhere", () => {
    const lines = statementLines([booking({ id: "1", partnerPays: true }), booking({ id: "2", status: "cancelled", partnerPays: true }), booking({ id: "3", status: "cancelled" })]);
    expect(lines.map((l) => l.counted)).toEqual([true, false, false]);
    const totals = statementTotals(lines);
    expect(totals).toMatchObject({ bookings: 1, cancelled: 2, guestTotal: 100_000, commissionTotal: 10_000, onAccountTotal: 90_000, collectedTotal: 0, balance: 90_000 });
  });

  it("owes the partner its commission when every guest paid in the car; nothing at all on an empty month", () => {
    const totals = statementTotals(statementLines([booking({}), booking({ id: "2", status: "pending" })]));
    expect(totals).toMatchObject({ bookings: 2, onAccountTotal: 0, collectedTotal: 200_000, commissionOnCollected: 20_000, balance: -20_000 });
    expect(balanceSide(totals.balance)).toBe("weOwe");
    expect(balanceSide(1)).toBe("partnerOwes");
    const empty = statementTotals([]);
    expect(empty).toMatchObject({ bookings: 0, cancelled: 0, guestTotal: 0, netTotal: 0, balance: 0 });
    expect(balanceSide(empty.balance)).toBe("settled");
  });
});
