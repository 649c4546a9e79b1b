import { describe, expect, it } from "vitest";
import { readDetailsForm, readTimesForm } from "./manage-form";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe("the private page's forms", () => {
  it("reads the details, an empty luggage field leaving the luggage alone", () => {
    const read = readDetailsForm(form({ flightNumber: "TK 2412", passengers: "3", luggage: "", notes: " Детское кресло " }));
    expect(read).toMatchObject({ ok: true, value: { flightNumber: "TK 2412", signText: "", passengers: 3, luggage: null, notes: " Детское кресло " } });
  });

  it.each([
    [{ passengers: "0" }, "passengers", "booking:manage.errors.passengers"],
    [{ passengers: "2.5" }, "passengers", "booking:manage.errors.passengers"],
    [{ passengers: "41" }, "passengers", "booking:manage.errors.passengers"],
    [{ passengers: "2", luggage: "-1" }, "luggage", "booking:manage.errors.luggage"],
    [{ passengers: "2", luggage: "41" }, "luggage", "booking:manage.errors.luggage"],
    [{ passengers: "2", flightNumber: "x".repeat(21) }, "flightNumber", "booking:manage.errors.flightTooLong"],
    [{ passengers: "2", signText: "x".repeat(61) }, "signText", "booking:manage.errors.signTooLong"],
  ])("refuses %o at %s with a code, keeping what was typed", (values, field, code) => {
    const read = readDetailsForm(form(values));
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.fields[field]?.[0]?.code).toBe(code);
      for (const [k, v] of Object.entries(values)) expect(read.values[k]).toBe(v);
    }
  });

  it("reads a new date and time, the return for a round trip, and the price the guest confirms", () => {
    expect(readTimesForm(form({ date: "2027-06-10", time: "23:00", expectedTotal: "420000" }), false)).toMatchObject({
      ok: true,
      value: { date: "2027-06-10", time: "23:00", expectedTotal: 420000 },
    });
    expect(readTimesForm(form({ date: "2027-06-10", time: "23:00" }), true)).toMatchObject({ ok: false, fields: { returnDate: [{ code: "booking:manage.errors.dateTime" }] } });
    expect(readTimesForm(form({ date: "2027-02-30", time: "10:00" }), false)).toMatchObject({ ok: false, values: { date: "2027-02-30" } });
    expect(readTimesForm(form({ date: "2027-06-10", time: "25:00" }), false).ok).toBe(false);
    expect(readTimesForm(form({ date: "2027-06-10", time: "10:00", expectedTotal: "1e9" }), false)).toMatchObject({ ok: true, value: { expectedTotal: null } });
  });
});
