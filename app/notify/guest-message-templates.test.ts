import { describe, expect, it } from "vitest";
import { GUEST_MESSAGE_KINDS, renderGuestMessage, TEMPLATE_NAMES, TEMPLATE_PARAMS, type TemplateValues } from "./guest-message-templates";

const values: TemplateValues = {
  name: "Anna Schmidt",
  reference: "VT-ABC123",
  pickupTime: "1 Dec 2026, 14:30",
  route: "Antalya Airport (AYT) → Belek",
  link: "https://vip.example.com/my-booking/tok?lng=de",
  driverName: "Mehmet Kaya",
  driverPhone: "+90 533 111 22 33",
  car: "Mercedes-Benz Vito · black · 07 ABC 123",
};

describe("guest message templates", () => {
  it.each(["en", "tr", "de", "ru"] as const)("renders every kind in %s with the template name, language code and ordered parameters", (lng) => {
    for (const kind of GUEST_MESSAGE_KINDS) {
      const m = renderGuestMessage(kind, lng, values);
      expect(m.templateName).toBe(TEMPLATE_NAMES[kind]);
      expect(m.languageCode).toBe(lng);
      expect(m.params).toEqual(TEMPLATE_PARAMS[kind].map((key) => values[key]));
      // the text carries every parameter, the private link among them, and no placeholder left
      for (const p of m.params) expect(m.text).toContain(p);
      expect(m.text).not.toMatch(/\{\{/);
    }
  });

  it("writes the booking's language, English for one the site does not speak", () => {
    expect(renderGuestMessage("confirmation", "tr", values).text).toContain("transferiniz alındı");
    expect(renderGuestMessage("cancellation", "de", values).text).toContain("storniert");
    expect(renderGuestMessage("reminder", "ru", values).text).toContain("Напоминание");
    expect(renderGuestMessage("change", "fr", values)).toMatchObject({ languageCode: "en" });
  });

  it("never sends an empty parameter (the Cloud API refuses one)", () => {
    const m = renderGuestMessage("driverAssigned", "tr", { ...values, car: "" });
    expect(m.params[3]).toBe("bildirilecek");
    expect(renderGuestMessage("confirmation", "en", { ...values, name: "  " }).params[0]).toBe("—");
  });

  it("names the seven templates the README documents", () => {
    expect(Object.values(TEMPLATE_NAMES)).toEqual(["booking_confirmation", "booking_change", "booking_cancellation", "booking_reminder", "driver_assigned", "driver_on_way", "driver_arrived", "booking_confirmed"]);
  });
});
