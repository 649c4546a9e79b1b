import { describe, expect, it } from "vitest";
import { concernsLeg, driverChangesSince, legNews, type HistoryChange } from "./driver-changes";

const OWN_ENDS = { return_pickup_location: "Hotel", return_dropoff_location: "Airport" };
const DEFAULT_ENDS = { return_pickup_location: null, return_dropoff_location: null };

const event = (at: string, fields: Array<{ field: string; from: string | number | null; to: string | number | null }>, extra: object = {}): HistoryChange => ({
  created_at: at,
  changes: JSON.stringify({ fields, override: null, ...extra }),
});

describe("driverChangesSince", () => {
  const seen = "2026-11-29T08:00:00.000Z";

  it("lists a change after the driver's last view, from the old value to the new", () => {
    const events = [event("2026-11-29T09:00:00.000Z", [{ field: "pickup_date", from: "2026-12-01T11:00:00.000Z", to: "2026-12-01T12:30:00.000Z" }])];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([{ field: "pickup_date", from: "2026-12-01T11:00:00.000Z", to: "2026-12-01T12:30:00.000Z" }]);
  });

  it("leaves out what happened before the view (or at its very moment)", () => {
    const events = [
      event("2026-11-29T07:59:59.999Z", [{ field: "passengers", from: 2, to: 3 }]),
      event(seen, [{ field: "luggage", from: 1, to: 2 }]),
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([]);
  });

  it("joins several edits of a field into one line, from the first old value to the last new one", () => {
    const events = [
      // out of order on purpose: the history is read by time
      event("2026-11-29T10:00:00.000Z", [{ field: "passengers", from: 3, to: 4 }]),
      event("2026-11-29T09:00:00.000Z", [{ field: "passengers", from: 2, to: 3 }]),
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([{ field: "passengers", from: 2, to: 4 }]);
  });

  it("drops a field changed and put back, an instant the same moment in another offset included", () => {
    const events = [
      event("2026-11-29T09:00:00.000Z", [
        { field: "flight_number", from: "TK1", to: "TK2" },
        { field: "pickup_date", from: "2026-12-01T11:00:00.000Z", to: "2026-12-01T12:00:00.000Z" },
      ]),
      event("2026-11-29T10:00:00.000Z", [
        { field: "flight_number", from: "TK2", to: "TK1" },
        { field: "pickup_date", from: "2026-12-01T12:00:00.000Z", to: "2026-12-01T14:00:00+03:00" },
      ]),
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([]);
  });

  it("keeps to the driver's fields (not the price, the car or the e-mail) and to the leg's own", () => {
    const events = [
      event("2026-11-29T09:00:00.000Z", [
        { field: "total_price", from: 100, to: 200 },
        { field: "email", from: "a@example.com", to: "b@example.com" },
        { field: "return_date", from: "2026-12-05T11:00:00.000Z", to: "2026-12-05T12:00:00.000Z" },
        { field: "notes", from: null, to: "Baby seat" },
      ]),
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([{ field: "notes", from: null, to: "Baby seat" }]);
    expect(driverChangesSince(events, seen, "return", OWN_ENDS).map((c) => c.field)).toEqual(["return_date", "notes"]);
  });

  it("lists the lines in the job's order whatever the order of the edits", () => {
    const events = [
      event("2026-11-29T09:00:00.000Z", [{ field: "phone", from: "1", to: "2" }]),
      event("2026-11-29T09:30:00.000Z", [{ field: "pickup_date", from: "2026-12-01T11:00:00.000Z", to: "2026-12-01T12:00:00.000Z" }]),
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS).map((c) => c.field)).toEqual(["pickup_date", "phone"]);
  });

  it("skips events without field changes (assignments, driver steps) and unreadable JSON", () => {
    const events: HistoryChange[] = [
      event("2026-11-29T09:00:00.000Z", [], { assignment: { leg: "outbound", driver: { from: null, to: "Ali" } } }),
      { created_at: "2026-11-29T09:10:00.000Z", changes: null },
      { created_at: "2026-11-29T09:20:00.000Z", changes: "{not json" },
    ];
    expect(driverChangesSince(events, seen, "outbound", OWN_ENDS)).toEqual([]);
  });
});

describe("concernsLeg", () => {
  it("gives the outbound's places to a return leg that names none of its own", () => {
    expect(concernsLeg("dropoff_location", "return", DEFAULT_ENDS)).toBe(true);
    expect(concernsLeg("pickup_location", "return", DEFAULT_ENDS)).toBe(true);
    expect(concernsLeg("dropoff_location", "return", OWN_ENDS)).toBe(false);
    expect(concernsLeg("return_date", "outbound", DEFAULT_ENDS)).toBe(false);
    expect(concernsLeg("flight_number", "return", DEFAULT_ENDS)).toBe(false);
  });
});

describe("legNews", () => {
  const changed = [event("2026-11-29T09:00:00.000Z", [{ field: "luggage", from: 1, to: 3 }])];

  it("is new until the driver opens the leg, then changed by a later edit, else nothing", () => {
    expect(legNews(null, changed, "outbound", OWN_ENDS, false)).toEqual({ kind: "new" });
    expect(legNews("2026-11-29T08:00:00.000Z", changed, "outbound", OWN_ENDS, false)).toEqual({ kind: "changed", changes: [{ field: "luggage", from: 1, to: 3 }] });
    expect(legNews("2026-11-29T09:30:00.000Z", changed, "outbound", OWN_ENDS, false)).toBeNull();
  });

  it("marks a closed leg with nothing", () => {
    expect(legNews(null, changed, "outbound", OWN_ENDS, true)).toBeNull();
    expect(legNews("2026-11-29T08:00:00.000Z", changed, "outbound", OWN_ENDS, true)).toBeNull();
  });
});
