import { describe, expect, it } from "vitest";
import type { FieldProblems } from "~/i18n/problem";
import { translateFields } from "~/i18n/translate.server";
import { CAR_FORM, digitsOnly, MAINTENANCE, maintenanceFieldValue, maintenanceInstant, parseCarForm } from "./car-form";

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

describe("the maintenance window in the car form and the API", () => {
  const car = { name: "V-Class", make: "Mercedes", model: "V 300" };

  it("reads the form's Istanbul date-time and the API's instants as UTC instants", () => {
    expect(maintenanceInstant("2026-12-12T08:00")).toBe("2026-12-12T05:00:00.000Z");
    expect(maintenanceInstant("2026-12-12 08:00")).toBe("2026-12-12T05:00:00.000Z");
    expect(maintenanceInstant("2026-12-12T08:00:00+03:00")).toBe("2026-12-12T05:00:00.000Z");
    expect(maintenanceInstant("2026-12-12T05:00:00Z")).toBe("2026-12-12T05:00:00.000Z");
    // Midnight in Istanbul is the previous UTC day: no DST, always +03:00 (summer too).
    expect(maintenanceInstant("2026-07-01T00:30")).toBe("2026-06-30T21:30:00.000Z");
    for (const bad of ["2026-02-30T08:00", "2026-12-12T25:00", "12.12.2026 08:00", "tomorrow", "2026-12-12"]) expect(maintenanceInstant(bad)).toBeNull();
    expect(maintenanceFieldValue("2026-06-30T21:30:00.000Z")).toBe("2026-07-01T00:30");
    expect(maintenanceFieldValue(null)).toBe("");
  });

  it("takes a window, or either end alone (half-open), or none", () => {
    const both = parseCarForm({ ...car, maintenance_from: "2026-12-12T08:00", maintenance_to: "2026-12-14T18:00" });
    expect(both.ok && both.value).toMatchObject({ maintenance_from: "2026-12-12T05:00:00.000Z", maintenance_to: "2026-12-14T15:00:00.000Z" });
    const fromOnly = parseCarForm({ ...car, maintenance_from: "2026-12-12T08:00", maintenance_to: "" });
    expect(fromOnly.ok && fromOnly.value).toMatchObject({ maintenance_from: "2026-12-12T05:00:00.000Z", maintenance_to: null });
    const toOnly = parseCarForm({ ...car, maintenance_from: null, maintenance_to: "2026-12-14T18:00:00+03:00" });
    expect(toOnly.ok && toOnly.value).toMatchObject({ maintenance_from: null, maintenance_to: "2026-12-14T15:00:00.000Z" });
    const none = parseCarForm({ ...car, status: "maintenance" });
    expect(none.ok && none.value).toMatchObject({ status: "maintenance", maintenance_from: null, maintenance_to: null });
  });

  it("refuses an end at or before the start, on the end field, in Turkish", () => {
    const before = parseCarForm({ ...car, maintenance_from: "2026-12-14T18:00", maintenance_to: "2026-12-12T08:00" });
    expect(before.ok).toBe(false);
    if (before.ok) return;
    expect(before.fields).toEqual({ maintenance_to: [{ code: MAINTENANCE.endBeforeStart }] });
    expect(turkish(before.fields).maintenance_to).toEqual(["Bakım bitişi, bakım başlangıcından sonra olmalıdır."]);
    const same = parseCarForm({ ...car, maintenance_from: "2026-12-12T08:00", maintenance_to: "2026-12-12T08:00:00+03:00" });
    expect(same.ok).toBe(false);
    const minuteLater = parseCarForm({ ...car, maintenance_from: "2026-12-12T08:00", maintenance_to: "2026-12-12T08:01" });
    expect(minuteLater.ok).toBe(true);
  });

  it("says which end is not a date and time (text, numbers, impossible dates)", () => {
    const bad = parseCarForm({ ...car, maintenance_from: "yarın", maintenance_to: 12 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.fields.maintenance_from).toEqual([{ code: MAINTENANCE.from }]);
    expect(bad.fields.maintenance_to).toEqual([{ code: MAINTENANCE.to }]);
    expect(turkish(bad.fields)).toMatchObject({ maintenance_from: ["Bakım başlangıcı için geçerli bir tarih ve saat giriniz."] });
    const impossible = parseCarForm({ ...car, maintenance_to: "2026-02-30T10:00" });
    expect(impossible.ok || impossible.fields.maintenance_to).toEqual([{ code: MAINTENANCE.to }]);
  });
});
