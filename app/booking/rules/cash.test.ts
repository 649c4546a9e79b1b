import { describe, expect, it } from "vitest";
import { addAmount, cashDifference, currenciesOf, dayRange, readAmounts, sameAmounts } from "./cash";

describe("drivers' cash", () => {
  it("reads an Istanbul day as UTC bounds", () => {
    expect(dayRange("2026-12-01")).toEqual({ from: "2026-11-30T21:00:00.000Z", until: "2026-12-01T21:00:00.000Z" });
  });

  it("flags a count that differs in any currency, a missing currency counting as zero", () => {
    const expected = addAmount(addAmount({}, "EUR", 4406), "TRY", 150_000);
    expect(cashDifference(expected, { EUR: 4406, TRY: 150_000 })).toEqual({ difference: {}, hasDifference: false });
    expect(cashDifference(expected, { EUR: 4000, TRY: 150_000, USD: 500 })).toEqual({ difference: { EUR: -406, USD: 500 }, hasDifference: true });
    expect(cashDifference(expected, { EUR: 4406 })).toEqual({ difference: { TRY: -150_000 }, hasDifference: true });
    expect(currenciesOf(expected, { USD: 5 })).toEqual(["TRY", "EUR", "USD"]);
    expect(sameAmounts({ EUR: 0 }, {})).toBe(true);
  });

  it("reads stored maps, leaving out what is not a currency amount", () => {
    expect(readAmounts('{"EUR":100,"XYZ":5,"TRY":1.5}')).toEqual({ EUR: 100 });
    expect(readAmounts("not json")).toEqual({});
  });
});
