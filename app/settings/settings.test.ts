import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, readSection, settingsSchema } from "./settings";

describe("the booking settings section", () => {
  const defaults = DEFAULT_SETTINGS.booking;

  it("defaults to a 4-hour lead time and terms in every public language", () => {
    expect(defaults.leadTimeHours).toBe(4);
    for (const lng of ["tr", "en", "de", "ru"] as const) {
      expect(defaults.cancellationTerms[lng].length).toBeGreaterThan(20);
      expect(defaults.cancellationTerms[lng].length).toBeLessThanOrEqual(600);
      expect(defaults.paymentTerms[lng].length).toBeGreaterThan(20);
    }
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it("reads nothing stored as the defaults", () => {
    expect(readSection("booking", undefined)).toEqual(defaults);
    expect(readSection("booking", "garbage")).toEqual(defaults);
  });

  it("keeps valid stored values and falls back field by field for bad ones", () => {
    const terms = { tr: "Ücretsiz iptal yok.", en: "No free cancellation.", de: "Keine kostenlose Stornierung.", ru: "Бесплатной отмены нет." };
    expect(readSection("booking", { leadTimeHours: 0, cancellationTerms: terms })).toEqual({ ...defaults, leadTimeHours: 0, cancellationTerms: terms });
    expect(readSection("booking", { leadTimeHours: 72 }).leadTimeHours).toBe(72);
    for (const bad of [-1, 73, 2.5, "4", null]) {
      expect(readSection("booking", { leadTimeHours: bad }).leadTimeHours, String(bad)).toBe(4);
    }
    expect(readSection("booking", { paymentTerms: { ...terms, de: "x".repeat(601) } }).paymentTerms).toEqual(defaults.paymentTerms);
    expect(readSection("booking", { paymentTerms: { tr: "Nakit" } }).paymentTerms).toEqual(defaults.paymentTerms);
  });

  it("refuses out-of-bounds values with the settings codes", () => {
    const parse = (booking: unknown) => settingsSchema.shape.booking.safeParse(booking);
    expect(parse({ ...defaults, leadTimeHours: 73 }).error?.issues[0]?.message).toBe("admin:settings.messages.leadTime");
    expect(parse({ ...defaults, cancellationTerms: { ...defaults.cancellationTerms, ru: "  " } }).error?.issues[0]?.message).toBe("admin:settings.messages.termsRequired");
    expect(parse({ ...defaults, paymentTerms: { ...defaults.paymentTerms, en: "y".repeat(601) } }).error?.issues[0]?.message).toBe("admin:settings.messages.tooLong600");
  });
});
