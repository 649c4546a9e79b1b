import { describe, expect, it } from "vitest";
import { flightSearchForms, foldSearchText, likePattern, phoneQueryDigits, phoneSearchDigits } from "./search-text";

describe("foldSearchText", () => {
  it("folds Turkish capitals and dotless i the same way", () => {
    expect(foldSearchText("İSTANBUL")).toBe("istanbul");
    expect(foldSearchText("ISPARTA")).toBe("isparta");
    expect(foldSearchText("Antalya Havalimanı (AYT)")).toBe("antalya havalimani (ayt)");
    expect(foldSearchText("Şile Çeşme Göcek Ürgüp Ağrı")).toBe("sile cesme gocek urgup agri");
  });

  it("drops other accents and collapses white space", () => {
    expect(foldSearchText("  Müller   Straße ", "Café")).toBe("muller straße cafe");
  });

  it("joins several parts and skips empty ones", () => {
    expect(foldSearchText("Mercedes", null, undefined, "", "V-Class")).toBe("mercedes v-class");
  });
});

describe("likePattern", () => {
  it("wraps the folded query and escapes LIKE wildcards", () => {
    expect(likePattern("İzmir")).toBe("%izmir%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("phone numbers in search", () => {
  it("stores every way of writing a number as the same international digits", () => {
    for (const phone of ["+90 532 123 45 67", "0090 532 123 45 67", "0532 123 45 67", "(0532) 123-45-67", "905321234567", "532 123 4567", "5321234567"]) {
      expect(phoneSearchDigits(phone), phone).toBe("905321234567");
    }
    expect(phoneSearchDigits("+49 170 1234567")).toBe("491701234567");
    // ten digits not starting with 5 are not a Turkish mobile without its 0
    expect(phoneSearchDigits("+7 912 345 67")).toBe("791234567");
    expect(phoneSearchDigits("4912345678")).toBe("4912345678");
  });

  it("reads a query as a phone only when it is digits and phone punctuation", () => {
    expect(phoneQueryDigits("0532 123 45 67")).toBe("905321234567");
    expect(phoneQueryDigits(" +90 532 123 ")).toBe("90532123");
    expect(phoneQueryDigits("123 45 67")).toBe("1234567");
    expect(phoneQueryDigits("053")).toBeNull();
    expect(phoneQueryDigits("VT-7K3Q9X")).toBeNull();
    expect(phoneQueryDigits("Belek 2")).toBeNull();
  });
});

describe("flight numbers in search", () => {
  it("stores a flight as typed, compact and spaced", () => {
    expect(flightSearchForms("TK 2412")).toEqual(["TK 2412", "TK2412"]);
    expect(flightSearchForms("tk2412")).toEqual(["tk2412", "tk 2412"]);
    expect(flightSearchForms(" PC-1234 ")).toEqual(["PC-1234", "PC1234", "PC 1234"]);
    expect(flightSearchForms("XQ 7123A")).toEqual(["XQ 7123A", "XQ7123A"]);
    expect(flightSearchForms(null)).toEqual([]);
    expect(flightSearchForms("  ")).toEqual([]);
    expect(foldSearchText(...flightSearchForms("TK2412"))).toContain("tk 2412");
  });
});
