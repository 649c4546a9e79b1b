import { describe, expect, it } from "vitest";
import { foldSearchText, likePattern, phoneQueryDigits, phoneSearchDigits } from "./search-text";

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
    for (const phone of ["+90 532 123 45 67", "0090 532 123 45 67", "0532 123 45 67", "(0532) 123-45-67", "905321234567"]) {
      expect(phoneSearchDigits(phone), phone).toBe("905321234567");
    }
    expect(phoneSearchDigits("+49 170 1234567")).toBe("491701234567");
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
