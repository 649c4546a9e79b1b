import { describe, expect, it } from "vitest";
import { parseBookingEdit } from "~/booking/rules/admin-edit";
import { addressLabelKey, addressStops } from "./addresses";
import { addressRule, contactSchema, MAX_ADDRESS, MAX_NOTES, normalizePhone } from "./contact";
import { readFileSync } from "node:fs";
import { LANGUAGES } from "~/i18n/config";

const contact = (phone: string) => contactSchema.safeParse({ fullName: "Ayşe Yılmaz", email: "ayse@example.com", phone, consent: "on", carId: "car-1" });

describe("the one phone rule", () => {
  it("reads a Turkish number as Turks write it, in the international form", () => {
    expect(normalizePhone("0532 123 45 67")).toBe("+90 532 123 45 67");
    expect(normalizePhone(" 05321234567 ")).toBe("+90 532 123 45 67");
    expect(normalizePhone("532 123 45 67")).toBe("+90 532 123 45 67");
    expect(normalizePhone("+905321234567")).toBe("+90 532 123 45 67");
    expect(normalizePhone("0090 532 123 45 67")).toBe("+90 532 123 45 67");
    expect(normalizePhone("(0242) 330 00 00")).toBe("+90 242 330 00 00");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(normalizePhone("1234567890")).toBe("1234567890");
    expect(normalizePhone("+49 170 1234567")).toBe("+49 170 1234567");
    expect(normalizePhone("0532 123")).toBe("0532 123");
  });

  it("is the same for the visitor and for the office", () => {
    expect(contact("0532 123 45 67")).toMatchObject({ success: true, data: { phone: "+90 532 123 45 67" } });
    expect(contact("+44 20 7946 0958")).toMatchObject({ success: true });
    expect(contact("12345")).toMatchObject({ success: false });
    expect(parseBookingEdit({ phone: "0532 123 45 67" })).toEqual({ ok: true, value: { phone: "+90 532 123 45 67" } });
    expect(parseBookingEdit({ phone: "12345" })).toMatchObject({ ok: false, fields: { phone: [{ code: "admin:bookingEdit.messages.phone" }] } });
  });
});

describe("the hotel or address at a leg end", () => {
  const base = { fullName: "Jana Schröder", email: "jana@example.com", phone: "+49 170 1234567", consent: "on", carId: "car-1" };

  it("is optional: left out or empty, the booking goes through", () => {
    const none = contactSchema.safeParse(base);
    expect(none.success).toBe(true);
    expect(none.data?.dropoffAddress).toBeUndefined();
    expect(contactSchema.safeParse({ ...base, dropoffAddress: "" })).toMatchObject({ success: true, data: { dropoffAddress: "" } });
    expect(contactSchema.safeParse({ ...base, pickupAddress: "   " })).toMatchObject({ success: true, data: { pickupAddress: "" } });
  });

  it("is kept on one line, trimmed", () => {
    const parsed = contactSchema.safeParse({ ...base, dropoffAddress: "  Kempinski Hotel\n The Dome ", returnPickupAddress: "\tRixos Premium Belek  " });
    expect(parsed).toMatchObject({ success: true, data: { dropoffAddress: "Kempinski Hotel The Dome", returnPickupAddress: "Rixos Premium Belek" } });
  });

  it("takes up to 200 characters (counted after trimming), and refuses more with its own code", () => {
    expect(contactSchema.safeParse({ ...base, dropoffAddress: ` ${"a".repeat(MAX_ADDRESS)} ` })).toMatchObject({ success: true });
    const long = contactSchema.safeParse({ ...base, returnDropoffAddress: "a".repeat(MAX_ADDRESS + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues).toMatchObject([{ path: ["returnDropoffAddress"], message: "errors.address" }]);
  });

  it("refuses another type than text with the same code, for the API and the office", () => {
    expect(addressRule("errors.address").safeParse(42).error?.issues).toMatchObject([{ message: "errors.address" }]);
    expect(parseBookingEdit({ dropoff_address: "x".repeat(MAX_ADDRESS + 1) })).toEqual({ ok: false, fields: { dropoff_address: [{ code: "admin:bookingEdit.messages.address" }] } });
    expect(parseBookingEdit({ dropoff_address: " Regnum Carya " })).toEqual({ ok: true, value: { dropoff_address: "Regnum Carya" } });
  });
});

describe("which leg ends may carry a hotel or address", () => {
  const airport = { kind: "airport" };
  const town = { kind: "town" };

  it("every end that is not an airport, named as the visitor named it", () => {
    expect(addressStops({ pickup: "AYT", dropoff: " Belek " }, { outbound: { from: airport, to: town }, return: null })).toEqual([{ field: "dropoffAddress", place: "Belek", leg: null }]);
    expect(
      addressStops(
        { pickup: "Kemer", dropoff: "AYT", returnPickup: "AYT", returnDropoff: "Side" },
        { outbound: { from: town, to: airport }, return: { from: airport, to: { kind: "address" } } },
      ),
    ).toEqual([
      { field: "pickupAddress", place: "Kemer", leg: "outbound" },
      { field: "returnDropoffAddress", place: "Side", leg: "return" },
    ]);
    // Belek twice on a round trip (there and back again): each field says its leg.
    expect(
      addressStops({ pickup: "AYT", dropoff: "Belek", returnPickup: "Belek", returnDropoff: "AYT" }, { outbound: { from: airport, to: town }, return: { from: town, to: airport } }).map(
        (s) => addressLabelKey(s.leg),
      ),
    ).toEqual(["contact.addressOutbound", "contact.addressReturn"]);
  });

  it("none for a one-way search's leftover return places", () => {
    expect(addressStops({ pickup: "Kemer", dropoff: "Belek", returnPickup: "Belek", returnDropoff: "Kemer" }, { outbound: { from: town, to: town }, return: null }).map((s) => s.field)).toEqual([
      "pickupAddress",
      "dropoffAddress",
    ]);
  });
});

describe("the guest's notes", () => {
  const base = { fullName: "Jana Schröder", email: "jana@example.com", phone: "+49 170 1234567", consent: "on", carId: "car-1" };

  it("take up to the limit (counted after trimming) and refuse more with their own code, never cut", () => {
    expect(contactSchema.safeParse({ ...base, notes: ` ${"a".repeat(MAX_NOTES)} ` })).toMatchObject({ success: true, data: { notes: "a".repeat(MAX_NOTES) } });
    const long = contactSchema.safeParse({ ...base, notes: "a".repeat(MAX_NOTES + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues).toMatchObject([{ path: ["notes"], message: "errors.notesTooLong" }]);
  });

  it.each(LANGUAGES)("are told the limit in %s", (lng) => {
    expect(JSON.parse(readFileSync(`locales/${lng}/booking.json`, "utf8")).errors.notesTooLong).toContain(String(MAX_NOTES));
  });
});
