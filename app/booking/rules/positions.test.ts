import { describe, expect, it } from "vitest";
import { withoutPosition } from "./positions";

describe("withoutPosition", () => {
  it("drops a history step's position and keeps the rest", () => {
    const changes = JSON.stringify({ fields: [], override: null, job: { leg: "outbound", status: "arrived", lat: 36.9, lng: 30.8, accuracy: 12 } });
    expect(JSON.parse(withoutPosition(changes, "job")!)).toEqual({ fields: [], override: null, job: { leg: "outbound", status: "arrived" } });
  });

  it("drops an audit entry's position at its top", () => {
    expect(JSON.parse(withoutPosition(JSON.stringify({ leg: "return", status: "on_way", lat: 1, lng: 2, from: "assigned" }), null)!)).toEqual({ leg: "return", status: "on_way", from: "assigned" });
  });

  it("says there is nothing to do for text without a position, empty or unreadable", () => {
    expect(withoutPosition(JSON.stringify({ job: { leg: "outbound", status: "arrived" } }), "job")).toBeNull();
    expect(withoutPosition(JSON.stringify({ fields: [] }), "job")).toBeNull();
    expect(withoutPosition(null, null)).toBeNull();
    expect(withoutPosition("{not json", null)).toBeNull();
  });
});
