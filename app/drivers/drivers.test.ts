import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CAR_PLATE, normalizePlate, parseCarForm } from "~/fleet/car-form";
import type { ProblemCode } from "~/i18n/problem";
import { DRIVERS_API } from "./drivers-api.server";
import { DRIVER_LANGUAGES, DRIVERS, MAX_DRIVER_NAME, MAX_LICENCE, parseDriver, whatsappHref } from "./drivers";

const valid = { name: "Mehmet Yılmaz", phone: "0532 123 45 67" };
const codesOf = (result: ReturnType<typeof parseDriver>) => (result.ok ? {} : Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, v.map((p) => p.code)])));

describe("parseDriver", () => {
  it("keeps one form of a Turkish phone, collapses the name's spaces, defaults to active", () => {
    const result = parseDriver({ ...valid, name: "  Mehmet   Yılmaz ", whatsapp: "+90 (532) 123-45-67" });
    expect(result).toEqual({
      ok: true,
      value: { name: "Mehmet Yılmaz", phone: "+90 532 123 45 67", whatsapp: "+90 532 123 45 67", languages: [], licenceNumber: null, active: true, userId: null, photo: null, payout: null },
    });
  });

  it("requires a name and a phone; an empty body says both", () => {
    expect(codesOf(parseDriver({}))).toEqual({ name: [DRIVERS.nameRequired], phone: [DRIVERS.phoneInvalid] });
    expect(codesOf(parseDriver({ name: "   ", phone: "12" }))).toEqual({ name: [DRIVERS.nameRequired], phone: [DRIVERS.phoneInvalid] });
  });

  it("refuses a name or licence over the limits, with the limit as a parameter", () => {
    const result = parseDriver({ ...valid, name: "A".repeat(MAX_DRIVER_NAME + 1), licenceNumber: "7".repeat(MAX_LICENCE + 1) });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields.name).toEqual([{ code: DRIVERS.nameTooLong, params: { max: MAX_DRIVER_NAME } }]);
      expect(result.fields.licenceNumber).toEqual([{ code: DRIVERS.licenceTooLong, params: { max: MAX_LICENCE } }]);
    }
    expect(parseDriver({ ...valid, name: "A".repeat(MAX_DRIVER_NAME) }).ok).toBe(true);
  });

  it("an empty WhatsApp is none; a bad one is refused", () => {
    const none = parseDriver({ ...valid, whatsapp: "  " });
    expect(none.ok && none.value.whatsapp).toBeNull();
    expect(codesOf(parseDriver({ ...valid, whatsapp: "call me" }))).toEqual({ whatsapp: [DRIVERS.whatsappInvalid] });
  });

  it("languages: one or many, case and duplicates folded, in the form's order; an unknown one is refused", () => {
    const many = parseDriver({ ...valid, languages: ["RU", "tr", "ru", " de "] });
    expect(many.ok && many.value.languages).toEqual(["tr", "de", "ru"]);
    const one = parseDriver({ ...valid, languages: "en" });
    expect(one.ok && one.value.languages).toEqual(["en"]);
    expect(codesOf(parseDriver({ ...valid, languages: ["tr", "klingon"] }))).toEqual({ languages: [DRIVERS.languagesInvalid] });
    expect(codesOf(parseDriver({ ...valid, languages: [{}] }))).toEqual({});
  });

  it("active: true, 'on', 'true', 1 and '1' are active; false, 'off' and '' are not", () => {
    for (const yes of [true, "on", "true", 1, "1"]) expect((parseDriver({ ...valid, active: yes }) as { value: { active: boolean } }).value.active).toBe(true);
    for (const no of [false, "off", "", 0]) expect((parseDriver({ ...valid, active: no }) as { value: { active: boolean } }).value.active).toBe(false);
  });

  it("a number typed as a number is read as text; a blank account is none", () => {
    const result = parseDriver({ name: 42, phone: "+49 170 1234567", userId: "  " });
    expect(result.ok && result.value).toMatchObject({ name: "42", phone: "+49 170 1234567", userId: null });
  });

  it("whatsappHref makes a wa.me link of the digits", () => {
    expect(whatsappHref("+90 532 123 45 67")).toBe("https://wa.me/905321234567");
    expect(whatsappHref("0049 170 1234567", "Merhaba")).toBe("https://wa.me/491701234567?text=Merhaba");
  });
});

describe("car plate and colour", () => {
  const car = { name: "E-Class", make: "Mercedes", model: "E 220" };
  it("upper-cases and trims the plate, keeps the colour as typed; not sent stays undefined (kept), empty clears", () => {
    expect(normalizePlate("  07 abc   915 ")).toBe("07 ABC 915");
    const parsed = parseCarForm({ ...car, plate_number: " 07 abc 915", colour: " Siyah " });
    expect(parsed.ok && [parsed.value.plate_number, parsed.value.colour]).toEqual(["07 ABC 915", "Siyah"]);
    const absent = parseCarForm(car);
    expect(absent.ok && "plate_number" in absent.value).toBe(false);
    const cleared = parseCarForm({ ...car, plate_number: "", colour: null });
    expect(cleared.ok && [cleared.value.plate_number, cleared.value.colour]).toEqual([null, null]);
  });

  it("refuses a plate over 16 characters and a colour over 30", () => {
    const parsed = parseCarForm({ ...car, plate_number: "X".repeat(17), colour: "y".repeat(31) });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fields).toEqual({ plate_number: [{ code: CAR_PLATE.plateTooLong }], colour: [{ code: CAR_PLATE.colourTooLong }] });
    expect(parseCarForm({ ...car, plate_number: "X".repeat(16), colour: "y".repeat(30) }).ok).toBe(true);
  });
});

describe("driver codes in the admin catalogues", () => {
  const lookup = (lng: string, code: ProblemCode) =>
    code
      .slice("admin:".length)
      .split(".")
      .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], JSON.parse(readFileSync(`locales/${lng}/admin.json`, "utf8")));
  it.each(["tr", "en", "de", "ru"])("%s has every code and every language name", (lng) => {
    for (const code of [...Object.values(DRIVERS), ...Object.values(DRIVERS_API), ...Object.values(CAR_PLATE)]) expect(typeof lookup(lng, code), code).toBe("string");
    for (const language of DRIVER_LANGUAGES) expect(typeof lookup(lng, `admin:drivers.languageNames.${language}`), language).toBe("string");
  });
});
