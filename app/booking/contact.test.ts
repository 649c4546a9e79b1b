import { describe, expect, it } from "vitest";
import { parseBookingEdit } from "./admin-edit";
import { contactSchema, normalizePhone } from "./contact";

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
