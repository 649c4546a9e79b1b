import { describe, expect, it } from "vitest";
import { foldSearchText, likePattern } from "./search-text";

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
