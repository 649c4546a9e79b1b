import { describe, expect, it } from "vitest";
import { gazetteerPlace } from "./gazetteer.server";
import { lookupRoad, pairKey } from "./road-table.server";
import { createPlaceServices } from "./service.server";

const quiet = { warn: () => undefined };

/**
 * Reference road distances, typed here independently of road-distances.ts: the figures commonly
 * published for the airport transfers (Antalya Airport's and the transfer companies' route pages,
 * the resort municipalities' "how to get here" pages), rounded to the kilometre. The builtin
 * routing must be within 10 % of each.
 */
const REFERENCE_KM: Array<[from: string, to: string, km: number]> = [
  ["ayt-airport", "lara-antalya", 13],
  ["ayt-airport", "kundu-antalya", 15],
  ["ayt-airport", "antalya-antalya", 13],
  ["ayt-airport", "konyaalti-antalya", 22],
  ["ayt-airport", "belek-antalya", 35],
  ["ayt-airport", "kadriye-antalya", 32],
  ["ayt-airport", "bogazkent-antalya", 45],
  ["ayt-airport", "serik-antalya", 40],
  ["ayt-airport", "side-antalya", 65],
  ["ayt-airport", "colakli-antalya", 57],
  ["ayt-airport", "manavgat-antalya", 72],
  ["ayt-airport", "kizilot-antalya", 83],
  ["ayt-airport", "okurcalar-antalya", 95],
  ["ayt-airport", "avsallar-antalya", 100],
  ["ayt-airport", "konakli-antalya", 115],
  ["ayt-airport", "alanya-antalya", 125],
  ["ayt-airport", "mahmutlar-antalya", 137],
  ["ayt-airport", "kemer-antalya", 57],
  ["ayt-airport", "beldibi-antalya", 42],
  ["ayt-airport", "goynuk-antalya", 50],
  ["ayt-airport", "tekirova-antalya", 70],
  ["ayt-airport", "kumluca-antalya", 100],
  ["ayt-airport", "finike-antalya", 120],
  ["ayt-airport", "demre-antalya", 150],
  ["ayt-airport", "kas-antalya", 195],
  ["ayt-airport", "kalkan-antalya", 220],
  ["gzp-airport", "alanya-antalya", 43],
  ["gzp-airport", "mahmutlar-antalya", 30],
  ["gzp-airport", "konakli-antalya", 55],
  ["gzp-airport", "avsallar-antalya", 67],
  ["gzp-airport", "manavgat-antalya", 105],
  ["gzp-airport", "side-antalya", 112],
  ["gzp-airport", "belek-antalya", 148],
  ["gzp-airport", "ayt-airport", 165],
];

const place = (id: string) => gazetteerPlace(id)!;

describe("builtin routing on the airport corridors", () => {
  const services = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, quiet);

  it.each(REFERENCE_KM)("%s → %s is within 10 %% of %i km, measured, both ways", async (from, to, km) => {
    for (const [a, b] of [
      [from, to],
      [to, from],
    ] as const) {
      const route = await services.route(place(a), place(b));
      expect(route.estimate).toBe(false);
      expect(route.source).toBe("builtin");
      expect(Math.abs(route.distanceMeters / 1000 - km) / km).toBeLessThanOrEqual(0.1);
    }
  });

  it("finds a table place by coordinates near it, and estimates elsewhere", async () => {
    const belek = place("belek-antalya");
    const hotel = { lat: belek.lat + 0.008, lng: belek.lng + 0.004 }; // about 1 km from the centre
    const near = await services.route(place("ayt-airport"), hotel);
    expect(near.estimate).toBe(false);
    expect(near.distanceMeters).toBe(lookupRoad(place("ayt-airport"), belek)!.km * 1000);
    const inland = await services.route(place("ayt-airport"), { lat: 37.2, lng: 31.2 });
    expect(inland.estimate).toBe(true);
  });

  it("lets the office's corrections win, and uses the table when a map service fails", async () => {
    const corrections = new Map([[pairKey("belek-antalya", "ayt-airport"), { km: 39, minutes: 41 }]]);
    const corrected = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, quiet, { corrections: async () => corrections });
    const route = await corrected.route(place("ayt-airport"), place("belek-antalya"));
    expect(route).toMatchObject({ distanceMeters: 39_000, durationSeconds: 41 * 60, estimate: false, source: "builtin" });

    const failing = createPlaceServices({ ROUTING_PROVIDER: "osrm", OSRM_URL: "http://osrm.invalid/" }, quiet, {
      fetch: () => Promise.reject(new Error("down")),
      corrections: async () => corrections,
    });
    expect(await failing.route(place("belek-antalya"), place("ayt-airport"))).toMatchObject({ distanceMeters: 39_000, estimate: false });
  });

  it("falls back to the published table when the corrections cannot be read", async () => {
    const broken = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, quiet, { corrections: () => Promise.reject(new Error("db down")) });
    const route = await broken.route(place("ayt-airport"), place("side-antalya"));
    expect(route.estimate).toBe(false);
    expect(route.distanceMeters).toBe(lookupRoad(place("ayt-airport"), place("side-antalya"))!.km * 1000);
  });
});
