import { readFileSync } from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { formatMoney } from "~/utils/money";
import type { PriceLine } from "./pricing";
import { priceLineTexts, waitingStatement, withExtras, type PriceLabelContext } from "./price-text";
import { km } from "./units";

const LANGUAGES = ["en", "tr", "de", "ru"] as const;
const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { booking: JSON.parse(readFileSync(`locales/${l}/booking.json`, "utf8")) }])),
  fallbackLng: false,
  interpolation: { escapeValue: false },
});

const names = { tr: "Çocuk koltuğu", en: "Child seat", de: "Kindersitz", ru: "Детское кресло" };
const sign = { tr: "İsim tabelası", en: "Name sign", de: "Namensschild", ru: "Табличка" };
const context = (language: string): PriceLabelContext => ({
  routes: { outbound: "Antalya Airport → Belek", return: "Belek → Antalya Airport" },
  nightStart: "22:00",
  nightEnd: "06:00",
  category: "Sedan",
  includedKmPerHour: 25,
  ratePerKm: kurus(2500),
  extras: [
    { code: "child-seat", names, pricing: "unit", text: null },
    { code: "name-sign", names: sign, pricing: "booking", text: "Anna Schmidt" },
  ],
  language,
});
const lines: PriceLine[] = [
  { kind: "fixed", leg: "outbound", routeId: "r1", amount: kurus(200_000) },
  { kind: "distance", leg: "outbound", km: km(38.4), ratePerKm: kurus(2500), amount: kurus(96_000) },
  { kind: "hourly", hours: 4, ratePerHour: kurus(90_000), amount: kurus(360_000) },
  { kind: "night", leg: "outbound", percent: 20, amount: kurus(40_000) },
  { kind: "returnDiscount", percent: 5, amount: kurus(-10_000) },
  { kind: "minimum", minimum: kurus(70_000), amount: kurus(5_000) },
  { kind: "extra", code: "child-seat", quantity: 2, unitPrice: kurus(30_000), amount: kurus(60_000) },
  { kind: "extra", code: "name-sign", quantity: 1, unitPrice: kurus(0), amount: kurus(0) },
];
const lira = (amount: number) => formatMoney(kurus(amount), "en");

describe("price line labels", () => {
  it("labels each kind in English", () => {
    const texts = priceLineTexts(lines.filter((l) => !("leg" in l) || l.leg === "outbound"), context("en"), i18n.getFixedT("en", "booking"), lira);
    expect(texts.map((t) => t.label)).toEqual([
      "Fixed price · Antalya Airport → Belek",
      "38.4 km × ₺25.00",
      "4 h × ₺900.00",
      "Night surcharge 20 % (22:00–06:00)",
      "Return-trip discount 5 %",
      "Minimum fare (Sedan)",
      "Child seat × 2",
      "Name sign",
    ]);
    expect(texts[2]!.note).toBe("includes 100 km; beyond: ₺25.00/km");
    expect(texts[7]!.note).toBe("“Anna Schmidt”");
    expect(texts.map((t) => t.amount)[0]).toBe("₺2,000.00");
  });

  it("names the leg on a round trip", () => {
    const texts = priceLineTexts([lines[0]!, { ...lines[0]!, leg: "return" } as PriceLine], context("en"), i18n.getFixedT("en", "booking"), lira);
    expect(texts.map((t) => t.label)).toEqual(["Outbound: Fixed price · Antalya Airport → Belek", "Return: Fixed price · Belek → Antalya Airport"]);
  });

  it.each(LANGUAGES)("has every label in %s (no key shown, no placeholder left)", (lng) => {
    const texts = priceLineTexts(lines, context(lng), i18n.getFixedT(lng, "booking"), lira);
    for (const text of texts) {
      expect(text.label).not.toMatch(/price\.lines|\{\{/);
      expect(text.note ?? "").not.toMatch(/price\.lines|\{\{/);
    }
    expect(texts[6]!.label).toContain(names[lng]);
  });
});

describe("waiting statement", () => {
  const t = i18n.getFixedT("en", "booking");
  it("says the airport's free time and the price after it", () => {
    expect(waitingStatement(t, true, 60, "₺250.00", null)).toBe("Free waiting: 60 minutes after landing, then ₺250.00 per 15 minutes.");
  });
  it("says the free time elsewhere, and leaves out the price when waiting is not sold", () => {
    expect(waitingStatement(t, false, 15, null, null)).toBe("Free waiting: 15 minutes.");
  });
  it.each(LANGUAGES)("is written in %s", (lng) => {
    const text = waitingStatement(i18n.getFixedT(lng, "booking"), true, 60, "X", null);
    expect(text).toContain("60");
    expect(text).toContain("X");
    expect(text).not.toMatch(/waiting\.|\{\{/);
  });
  it.each(LANGUAGES)("states no waiting fee for an hourly hire, whose car waits during its hours, in %s", (lng) => {
    const text = waitingStatement(i18n.getFixedT(lng, "booking"), true, 60, "₺250.00", 4);
    expect(text).toBe(i18n.getFixedT(lng, "booking")("waiting.hourly"));
    expect(text).not.toContain("₺250.00");
    expect(text).not.toContain("60");
    expect(text).not.toMatch(/waiting\.|\{\{/);
  });
});

describe("price with extras chosen in the browser", () => {
  it("adds the extras' lines to the transport lines as the price function does", () => {
    const price = { lines: [lines[0]!, { kind: "extra", code: "old", quantity: 1, unitPrice: kurus(1), amount: kurus(1) } as PriceLine] };
    const out = withExtras(price, [
      { extra: { code: "child-seat", names, price: kurus(30_000), pricing: "unit" }, quantity: 2 },
      { extra: { code: "name-sign", names: sign, price: kurus(0), pricing: "booking" }, quantity: 1, text: " Anna " },
      { extra: { code: "extra-stop", names, price: kurus(40_000), pricing: "unit" }, quantity: 0 },
    ]);
    expect(out.lines.map((l) => l.kind)).toEqual(["fixed", "extra", "extra"]);
    expect(out.total).toBe(260_000);
    expect(out.extras[1]!.text).toBe("Anna");
  });
});
