import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { parsePayout, payoutColumns, payoutFor, payoutFormText, payoutFromColumns } from "./payout";

describe("a driver's payout rule", () => {
  it("reads what the office types: lira per trip or km, a percent share, none", () => {
    expect(parsePayout({ rule: "" })).toEqual({ ok: true, value: null });
    expect(parsePayout({ rule: "trip", amount: "250" })).toEqual({ ok: true, value: { rule: "trip", perTripKurus: 25_000 } });
    expect(parsePayout({ rule: "km", amount: "4,50" })).toEqual({ ok: true, value: { rule: "km", perKmKurus: 450 } });
    expect(parsePayout({ rule: "share", share: "12,5" })).toEqual({ ok: true, value: { rule: "share", shareBp: 1250 } });
    expect(parsePayout({ rule: "share", share: 25 })).toEqual({ ok: true, value: { rule: "share", shareBp: 2500 } });
  });

  it("refuses a rule it does not know, an amount that is not money and a share outside 0–100", () => {
    expect(parsePayout({ rule: "hourly", amount: "5" })).toMatchObject({ ok: false, fields: { payoutRule: [{ code: "admin:drivers.messages.payoutRuleInvalid" }] } });
    for (const amount of ["", "0", "-5", "abc", "1.234", "100001"]) expect(parsePayout({ rule: "trip", amount })).toMatchObject({ ok: false, fields: { payoutAmount: [{ code: "admin:drivers.messages.payoutAmountInvalid" }] } });
    for (const share of ["", "0", "100,5", "x"]) expect(parsePayout({ rule: "share", share })).toMatchObject({ ok: false, fields: { payoutShare: [{ code: "admin:drivers.messages.payoutShareInvalid" }] } });
  });

  it("goes to its columns and back, and to the form's text", () => {
    for (const rule of [{ rule: "trip", perTripKurus: kurus(25_000) }, { rule: "km", perKmKurus: kurus(450) }, { rule: "share", shareBp: 1250 }, null] as const) {
      expect(payoutFromColumns(payoutColumns(rule))).toEqual(rule);
    }
    expect(payoutFormText({ rule: "km", perKmKurus: kurus(450) })).toEqual({ payoutRule: "km", payoutAmount: "4,50", payoutShare: "" });
    expect(parsePayout({ rule: "km", amount: payoutFormText({ rule: "km", perKmKurus: kurus(450) }).payoutAmount })).toEqual({ ok: true, value: { rule: "km", perKmKurus: 450 } });
  });

  it("pays per leg, per kilometre (rounded once) or a share of the legs' price (rounded once)", () => {
    const legs = { count: 3, km: 123.45, price: kurus(1_000_001) };
    expect(payoutFor({ rule: "trip", perTripKurus: kurus(25_000) }, legs)).toBe(75_000);
    expect(payoutFor({ rule: "km", perKmKurus: kurus(450) }, legs)).toBe(55_553);
    expect(payoutFor({ rule: "share", shareBp: 2500 }, legs)).toBe(250_000);
    expect(payoutFor(null, legs)).toBe(0);
  });
});
