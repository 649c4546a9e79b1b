import { describe, expect, it } from "vitest";
import { parseBookingEdit, readBookingEditForm } from "./admin-edit";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const typed: Array<[string, string]> = [
  ["intent", "edit"],
  ["full_name", "Ayşe Yılmaz"],
  ["pickup_date", "2026-12-01"],
  ["pickup_time", "10:00"],
  ["outbound_km", "38"],
];

describe("the booking edit form's return leg (a Conform list of none or one)", () => {
  it("adds and removes the return by list intents, keeping what was typed and saving nothing", () => {
    const added = readBookingEditForm(form([...typed, ["__intent__", JSON.stringify({ type: "insert", payload: { name: "return", defaultValue: { date: "", time: "", km: "38" } } })]]));
    expect(added).toMatchObject({ intent: true, values: { full_name: "Ayşe Yılmaz", outbound_km: "38" }, returnLeg: { date: "", time: "", km: "38" } });
    const removed = readBookingEditForm(
      form([...typed, ["return[0].date", "2026-12-05"], ["return[0].time", "18:00"], ["return[0].km", "40"], ["__intent__", JSON.stringify({ type: "remove", payload: { name: "return", index: 0 } })]]),
    );
    expect(removed).toMatchObject({ intent: true, returnLeg: null, values: { pickup_date: "2026-12-01" } });
  });

  it("a save with a return row makes a round trip; without one a one-way trip", () => {
    const round = readBookingEditForm(form([...typed, ["return[0].date", "2026-12-05"], ["return[0].time", "18:00"], ["return[0].km", "40"]]));
    expect(round).toMatchObject({ intent: false, input: { trip_type: "roundTrip", return_date: "2026-12-05", return_time: "18:00", return_km: "40" } });
    expect(parseBookingEdit(round!.input)).toMatchObject({ ok: true, value: { trip_type: "roundTrip", return_km: 40 } });
    const oneWay = readBookingEditForm(form(typed));
    expect(oneWay).toMatchObject({ intent: false, returnLeg: null, input: { trip_type: "oneWay", return_date: "" } });
    expect(parseBookingEdit(oneWay!.input)).toMatchObject({ ok: true, value: { trip_type: "oneWay" } });
  });

  it("carries the hotel or address of each leg end; a form without the return's leaves them alone", () => {
    const read = readBookingEditForm(
      form([
        ...typed,
        ["dropoff_address", "  Kempinski Hotel The Dome "],
        ["return[0].date", "2026-12-05"],
        ["return[0].time", "18:00"],
        ["return[0].km", "40"],
        ["return[0].pickupAddress", "Kempinski Hotel The Dome"],
        ["return[0].dropoffAddress", ""],
      ]),
    );
    expect(read).toMatchObject({ returnLeg: { pickupAddress: "Kempinski Hotel The Dome", dropoffAddress: "" }, input: { dropoff_address: "  Kempinski Hotel The Dome " } });
    expect(parseBookingEdit(read!.input)).toMatchObject({
      ok: true,
      value: { dropoff_address: "Kempinski Hotel The Dome", return_pickup_address: "Kempinski Hotel The Dome", return_dropoff_address: "" },
    });
    const without = readBookingEditForm(form([...typed, ["return[0].date", "2026-12-05"], ["return[0].time", "18:00"], ["return[0].km", "40"]]));
    expect(without!.input).not.toHaveProperty("return_pickup_address");
    expect(without!.input).not.toHaveProperty("pickup_address");
  });

  it("refuses a malformed intent and a second return leg", () => {
    expect(readBookingEditForm(form([...typed, ["__intent__", "{not json"]]))).toBeUndefined();
    expect(readBookingEditForm(form([...typed, ["return[1].date", "2026-12-05"]]))).toBeUndefined();
  });
});

describe("the booking edit form's luggage (issue 32)", () => {
  it("reads the suitcases and every kind when the form shows them, an empty kind as none, kept as typed", () => {
    const read = readBookingEditForm(form([...typed, ["luggage_shown", "1"], ["luggage", "2"], ["prams", "1"], ["golfBags", ""], ["skis", "9"]]));
    expect(read).toMatchObject({ values: { luggage: "2", prams: "1", golfBags: "", skis: "9" }, input: { luggage: "2", luggage_items: { prams: "1", golfBags: "", skis: "9" } } });
    expect(parseBookingEdit(read!.input)).toEqual({ ok: false, fields: { luggage_items: [{ code: "booking:errors.luggageItem", params: { max: 6 } }] } });
    const fine = readBookingEditForm(form([...typed, ["luggage_shown", "1"], ["luggage", ""], ["prams", "1"]]));
    expect(fine!.input).not.toHaveProperty("luggage");
    expect(parseBookingEdit(fine!.input)).toMatchObject({ ok: true, value: { luggage_items: { prams: 1, wheelchairs: 0, golfBags: 0, skis: 0, bicycles: 0 } } });
  });

  it("leaves the luggage alone when the form does not show it", () => {
    const read = readBookingEditForm(form([...typed, ["prams", "1"]]));
    expect(read!.input).not.toHaveProperty("luggage_items");
  });
});
