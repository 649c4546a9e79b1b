import { describe, expect, it } from "vitest";
import type { BookingRow } from "~/server/db/schema";
import { kurus } from "~/utils/money";
import { customerCares, diffBooking, formatChangeValue, readChanges, type ChangeField, type ChangeFormat } from "./booking-changes";
import { km } from "./units";

const row: Pick<BookingRow, ChangeField> = {
  pickup_date: "2027-06-01T11:30:00.000Z",
  return_date: null,
  hours: null,
  luggage: 2,
  luggage_items: null,
  extras: "[]",
  trip_type: "oneWay",
  car_name: "Mercedes-Benz V 300 d VIP",
  pickup_location: "Antalya Havalimanı (AYT)",
  dropoff_location: "Belek",
  return_pickup_location: null,
  return_dropoff_location: null,
  pickup_address: null,
  dropoff_address: null,
  return_pickup_address: null,
  return_dropoff_address: null,
  passengers: 2,
  total_distance: km(36),
  rate_per_km: kurus(3800),
  total_price: kurus(136800),
  full_name: "Hans Müller",
  email: "hans@example.com",
  phone: "+90 532 111 22 33",
  flight_number: null,
  notes: "",
};

const format: ChangeFormat = {
  instant: String,
  money: String,
  km: String,
  number: String,
  place: String,
  tripType: String,
  hours: String,
  extras: String,
  luggageItems: String,
  empty: "—",
};

describe("diffBooking", () => {
  it("lists each changed field with its old and new value, empty text as none", () => {
    expect(diffBooking(row, { ...row, notes: "Kindersitz", passengers: 3, flight_number: "" })).toEqual([
      { field: "passengers", from: 2, to: 3 },
      { field: "notes", from: null, to: "Kindersitz" },
    ]);
  });

  it("records the special luggage as stored, and reads it in words; not the customer's to be mailed about", () => {
    const changes = diffBooking(row, { ...row, luggage_items: '{"prams":1,"golfBags":2}' });
    expect(changes).toEqual([{ field: "luggage_items", from: null, to: '{"prams":1,"golfBags":2}' }]);
    expect(customerCares(changes)).toEqual([]);
    const words = { ...format, luggageItems: (v: string) => `bags ${v}` };
    expect(formatChangeValue("luggage_items", '{"prams":1}', words)).toBe('bags {"prams":1}');
    expect(formatChangeValue("luggage_items", null, words)).toBe("—");
  });

  it("reads an instant by the moment it names, not by how it is written", () => {
    expect(diffBooking({ ...row, pickup_date: "2027-06-01T14:30:00+03:00" }, row)).toEqual([]);
    expect(diffBooking(row, { ...row, pickup_date: "2027-06-01T14:30:00.000Z" })).toEqual([{ field: "pickup_date", from: row.pickup_date, to: "2027-06-01T14:30:00.000Z" }]);
  });

  it("tells the customer about the trip, not the office's notes", () => {
    const changes = diffBooking(row, { ...row, notes: "VIP", pickup_date: "2027-06-01T12:00:00.000Z" });
    expect(customerCares(changes).map((c) => c.field)).toEqual(["pickup_date"]);
  });
});

describe("readChanges", () => {
  it("reads what was stored and leaves out what it does not know", () => {
    expect(readChanges('{"fields":[{"field":"notes","from":null,"to":"x"},{"field":"secret","from":1,"to":2}],"override":"Aile"}')).toEqual({
      fields: [{ field: "notes", from: null, to: "x" }],
      override: "Aile",
    });
    expect(readChanges("not json")).toBeNull();
    expect(readChanges(null)).toBeNull();
  });
});
