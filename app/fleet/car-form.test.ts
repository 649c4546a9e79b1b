import { describe, expect, it } from "vitest";
import type { FieldProblems } from "~/i18n/problem";
import { translateFields } from "~/i18n/translate.server";
import { CAR_FORM, digitsOnly, parseCarForm } from "./car-form";

const turkish = (fields: FieldProblems) => translateFields("tr", fields);

describe("car form rules (spec §5)", () => {
  it("requires name, make and model after trimming, with the spec's messages", () => {
    const result = parseCarForm({ name: "  ", make: "", model: undefined });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.name).toEqual([{ code: CAR_FORM.name }]);
    expect(turkish(result.fields)).toMatchObject({ name: ["Araç adı zorunludur."], make: ["Marka zorunludur."], model: ["Model zorunludur."] });
  });

  it("applies the defaults: Sedan, active, 4 seats, 3 bags", () => {
    const result = parseCarForm({ name: " S-Class ", make: "Mercedes", model: "S 500" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ name: "S-Class", category: "Sedan", status: "active", seats: 4, luggage: 3, price_per_km: null, features: [], images: [] });
  });

  it("keeps seats within 1–20, luggage within 0–10 and the price at or above 0", () => {
    const bad = parseCarForm({ name: "a", make: "b", model: "c", seats: "21", luggage: "11", price_per_km: "-1" });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.fields.seats).toEqual([{ code: CAR_FORM.seats }]);
    expect(bad.fields.luggage).toEqual([{ code: CAR_FORM.luggage }]);
    expect(bad.fields.price_per_km).toEqual([{ code: CAR_FORM.pricePerKm }]);
    const zero = parseCarForm({ name: "a", make: "b", model: "c", seats: "0" });
    expect(zero.ok).toBe(false);
    const ok = parseCarForm({ name: "a", make: "b", model: "c", seats: "20", luggage: "0", price_per_km: "25", price_per_day: 4500 });
    expect(ok.ok && ok.value).toMatchObject({ seats: 20, luggage: 0, price_per_km: 2500, price_per_day: 450000 });
  });

  it("drops blank features and empty images, and refuses an eleventh image", () => {
    const result = parseCarForm({ name: "a", make: "b", model: "c", features: ["wifi", " ", ""], images: ["/u/1.webp", "", null] });
    expect(result.ok && result.value.features).toEqual(["wifi"]);
    expect(result.ok && result.value.images).toEqual([{ url: "/u/1.webp" }]);
    const many = parseCarForm({ name: "a", make: "b", model: "c", images: Array.from({ length: 11 }, (_, i) => `/u/${i}.webp`) });
    expect(many.ok || turkish(many.fields).images).toEqual(["En fazla 10 resim yükleyebilirsiniz."]);
  });

  it("refuses unknown categories and statuses", () => {
    const result = parseCarForm({ name: "a", make: "b", model: "c", category: "Tank", status: "flying" });
    expect(result.ok).toBe(false);
  });

  it("keeps only digits while typing", () => {
    expect(digitsOnly("1a2-3")).toBe("123");
    expect(digitsOnly("")).toBe("");
  });
});
