import { describe, expect, it } from "vitest";
import { commissionBasisPoints, parsePartner, percentOf } from "./partners";

describe("a partner's commission as typed", () => {
  it("reads the office's ways of writing a percentage into basis points", () => {
    expect(commissionBasisPoints("12,5")).toBe(1250);
    expect(commissionBasisPoints("12.5")).toBe(1250);
    expect(commissionBasisPoints(" 12,5 % ")).toBe(1250);
    expect(commissionBasisPoints(12.5)).toBe(1250);
    expect(commissionBasisPoints("7,25")).toBe(725);
    expect(commissionBasisPoints("0")).toBe(0);
    expect(commissionBasisPoints("")).toBe(0);
    expect(commissionBasisPoints(undefined)).toBe(0);
    expect(commissionBasisPoints("50")).toBe(5000);
    expect(percentOf(1250)).toBe(12.5);
  });

  it("refuses what is not a commission: above 50 %, negative, three decimals, words, exponents, not finite", () => {
    for (const bad of ["50,01", "51", "-1", "12,345", "abc", "1e1", "12,5,0", Number.NaN, Number.POSITIVE_INFINITY, -0.5, true, [12]]) {
      expect(commissionBasisPoints(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("parsePartner", () => {
  it("keeps the code upper case, the name on one line, the phone in the office's form and the e-mail in lower case", () => {
    const parsed = parsePartner({ name: " Belek\n Palm ", code: "belek-palm", kind: "hotel", phone: "0242 555 70 70", email: "Desk@Belek.EXAMPLE", commissionPercent: "10" });
    expect(parsed).toEqual({
      ok: true,
      value: {
        code: "BELEK-PALM",
        name: "Belek Palm",
        kind: "hotel",
        contactName: "",
        email: "desk@belek.example",
        phone: "+90 242 555 70 70",
        language: "en",
        commissionBp: 1000,
        rateRule: "commission",
        creditTerms: "guest_pays",
        active: true,
        notes: "",
      },
    });
  });

  it("names every field that is wrong", () => {
    const parsed = parsePartner({ name: "", code: "ab", kind: "spa", email: "a@", phone: "12", language: "fr", commissionPercent: "99", creditTerms: "cash", contactName: "x".repeat(121), rateRule: "cheap" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fields).sort()).toEqual(["code", "commissionPercent", "contactName", "creditTerms", "email", "kind", "language", "name", "phone", "rateRule"]);
  });

  it("takes codes of Turkish letters only after folding them: 'Ç' is not A–Z", () => {
    expect(parsePartner({ name: "Çamyuva", code: "çamyuva", kind: "hotel" }).ok).toBe(false);
    expect(parsePartner({ name: "Çamyuva", code: "camyuva", kind: "hotel" }).ok).toBe(true);
  });
});
