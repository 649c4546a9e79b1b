import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/translate.server";
import { CAR_CATEGORIES } from "./car";
import { categoryLabel, knownCategory } from "./category";

const t = (lng: "en" | "tr" | "de" | "ru") => {
  const fixed = fixedT(lng, "booking");
  return (key: string) => fixed(key);
};

describe("categoryLabel", () => {
  it("translates every category of the list in every language", () => {
    for (const lng of ["en", "tr", "de", "ru"] as const) {
      for (const category of CAR_CATEGORIES) {
        const label = categoryLabel(t(lng), category);
        expect(label, `${lng} ${category}`).not.toMatch(/categories\./);
        expect(label.length).toBeGreaterThan(1);
      }
    }
    expect(categoryLabel(t("en"), "Minibüs")).toBe("Minibus");
    expect(categoryLabel(t("de"), "Luxury")).toBe("Luxus");
    expect(categoryLabel(t("ru"), "Minibüs")).toBe("Микроавтобус");
    expect(categoryLabel(t("tr"), "Ultra Luxury")).toBe("Ultra Lüks");
  });

  it("reads a stored category whatever its case or spaces", () => {
    expect(knownCategory(" MINIBÜS ")).toBe("Minibüs");
    expect(knownCategory("ultra luxury")).toBe("Ultra Luxury");
    expect(categoryLabel(t("ru"), "LUXURY")).toBe("Люкс");
  });

  it("shows an unknown category as stored and an empty one as the default", () => {
    expect(categoryLabel(t("de"), "Cabrio")).toBe("Cabrio");
    expect(categoryLabel(t("en"), "a.b:c")).toBe("a.b:c");
    expect(categoryLabel(t("en"), "")).toBe("Standard");
    expect(categoryLabel(t("tr"), null)).toBe("Standart");
  });
});
