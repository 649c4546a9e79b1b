import { describe, expect, it } from "vitest";
import { farePairKey, faresClash, type FareEnd } from "./fares";

const ayt: FareEnd = { kind: "place", placeId: "ayt-airport", label: "Antalya Havalimanı (AYT)", lat: 36.9, lng: 30.8 };
const belek: FareEnd = { kind: "zone", zoneId: "z-belek" };
const kemer: FareEnd = { kind: "zone", zoneId: "z-kemer" };
const fare = (from: FareEnd, to: FareEnd, oneWay = false, active = true) => ({ from, to, oneWay, active });

describe("one active fare per pair", () => {
  it("keys a two-way pair the same either way round, a one-way pair by its direction, an inactive fare not at all", () => {
    expect(farePairKey(fare(ayt, belek))).toBe(farePairKey(fare(belek, ayt)));
    expect(farePairKey(fare(ayt, belek, true))).not.toBe(farePairKey(fare(belek, ayt, true)));
    expect(farePairKey(fare(ayt, belek, false, false))).toBeNull();
  });

  it("finds a clash on the same ends, either way when one runs both ways", () => {
    expect(faresClash(fare(ayt, belek), fare(belek, ayt))).toBe(true);
    expect(faresClash(fare(ayt, belek, true), fare(ayt, belek, true))).toBe(true);
    expect(faresClash(fare(ayt, belek, true), fare(belek, ayt))).toBe(true);
    expect(faresClash(fare(ayt, belek, true), fare(belek, ayt, true))).toBe(false);
    expect(faresClash(fare(ayt, belek), fare(ayt, kemer))).toBe(false);
    expect(faresClash(fare(ayt, belek), fare(ayt, belek, false, false))).toBe(false);
  });
});
