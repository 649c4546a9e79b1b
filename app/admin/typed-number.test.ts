import { describe, expect, it } from "vitest";
import { parseTypedInteger, parseTypedNumber } from "./typed-number";

describe("numbers as the office types them", () => {
  it("reads Turkish, plain and English amounts", () => {
    expect(parseTypedNumber("1.250,50")).toBe(1250.5);
    expect(parseTypedNumber("1250,5")).toBe(1250.5);
    expect(parseTypedNumber("1250.50")).toBe(1250.5);
    expect(parseTypedNumber("1,250.50")).toBe(1250.5);
    expect(parseTypedNumber("1.250")).toBe(1250);
    expect(parseTypedNumber("1.250.000")).toBe(1_250_000);
    expect(parseTypedNumber("52.40")).toBe(52.4);
    expect(parseTypedNumber(" 300 ₺ ")).toBe(300);
    expect(parseTypedNumber("300 TL")).toBe(300);
    expect(parseTypedNumber("0")).toBe(0);
  });

  it("says blank is missing and anything else is not a number", () => {
    expect(parseTypedNumber("")).toBeUndefined();
    expect(parseTypedNumber("   ")).toBeUndefined();
    expect(parseTypedNumber(undefined)).toBeUndefined();
    for (const bad of ["abc", "12,", "1.25.0", "1,2,3", "-5", "1.2345", "12.5.5", "1.250,", "12a", "1e3"]) expect(parseTypedNumber(bad), bad).toBeNaN();
  });

  it("keeps the decimals a field allows", () => {
    expect(parseTypedNumber("1,234")).toBeNaN();
    expect(parseTypedNumber("52,4012", { grouping: false, decimals: 4 })).toBe(52.4012);
    expect(parseTypedNumber("52,40123", { grouping: false, decimals: 4 })).toBeNaN();
  });

  it("never reads thousands in a rate", () => {
    expect(parseTypedNumber("52.4000", { grouping: false, decimals: 4 })).toBe(52.4);
    expect(parseTypedNumber("1.250,50", { grouping: false, decimals: 4 })).toBeNaN();
  });

  it("reads whole numbers only as whole numbers", () => {
    expect(parseTypedInteger(" 20 ")).toBe(20);
    expect(parseTypedInteger("")).toBeUndefined();
    expect(parseTypedInteger("2,5")).toBeNaN();
    expect(parseTypedInteger("x")).toBeNaN();
    expect(parseTypedInteger(7)).toBe(7);
  });
});
