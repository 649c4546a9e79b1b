import { describe, expect, it } from "vitest";
import { estimateDrivingSeconds, estimateRoadKm, greatCircleKm } from "./estimate";
import { gazetteerPlace, searchGazetteer } from "./gazetteer.server";

/**
 * Road distances from Antalya Airport (AYT) as commonly published by the airport's transfer
 * desks and the resorts' own directions, rounded: city centre (Kaleiçi) 13 km, Belek 35 km,
 * Side 65 km, Kemer 57 km, Alanya 125 km. The estimate must stay within 25 %.
 */
const PUBLISHED_KM: Array<[query: string, km: number]> = [
  ["Kaleiçi", 13],
  ["Belek", 35],
  ["Side, Antalya", 65],
  ["Kemer, Antalya", 57],
  ["Alanya", 125],
];

describe("the builtin estimate", () => {
  const ayt = gazetteerPlace("ayt-airport")!;

  it.each(PUBLISHED_KM)("AYT → %s is within 25 %% of %i km", (query, km) => {
    const place = searchGazetteer(query, 1)[0]!;
    expect(place).toBeDefined();
    const estimate = estimateRoadKm(ayt, place);
    expect(Math.abs(estimate - km) / km).toBeLessThanOrEqual(0.25);
  });

  it("measures great-circle distances", () => {
    // Istanbul–Ankara centres: about 350 km as the crow flies
    expect(greatCircleKm({ lat: 41.0138, lng: 28.9497 }, { lat: 39.9199, lng: 32.8543 })).toBeGreaterThan(340);
    expect(greatCircleKm({ lat: 41.0138, lng: 28.9497 }, { lat: 39.9199, lng: 32.8543 })).toBeLessThan(360);
    expect(greatCircleKm(ayt, ayt)).toBe(0);
  });

  it("drives slower in town than on the open road", () => {
    expect(estimateDrivingSeconds(10)).toBe(900);
    expect(estimateDrivingSeconds(85)).toBe(900 + 3600);
    expect(estimateDrivingSeconds(0)).toBe(0);
  });
});
