import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlaceServices } from "~/places/service.server";
import { parsePlaceId, resolveLocation } from "~/booking/index.server";
import { AUTOCOMPLETE_FIELD_MASK, DETAILS_FIELD_MASK, ROUTES_FIELD_MASK } from "~/places/providers/google.server";
import { fakeGoogle, fakeOsrm, SAMPLE_POLYLINE, type FakeServer } from "../fakes/maps";

const AYT = { lat: 36.8987, lng: 30.8005 };
const BELEK = { lat: 36.8631, lng: 31.06541 };

function recordingLog() {
  const warnings: Array<Record<string, unknown>> = [];
  return { warnings, log: { warn: (obj: Record<string, unknown>) => void warnings.push(obj) } as never };
}

describe("google provider against a local fake", () => {
  let google: FakeServer;
  beforeAll(async () => {
    google = await fakeGoogle();
  });
  afterAll(() => google.close());
  beforeEach(() => {
    google.requests.length = 0;
    google.mode = "ok";
  });

  const services = (log = recordingLog().log, timeoutMs = 500) =>
    createPlaceServices(
      { ROUTING_PROVIDER: "google", GOOGLE_MAPS_API_KEY: "test-key", GOOGLE_PLACES_URL: google.url, GOOGLE_ROUTES_URL: google.url },
      log,
      { timeoutMs },
    );

  it("sends exactly the computeRoutes request of spec §7 with the field mask and the server key", async () => {
    const route = await services().route(AYT, BELEK);
    expect(route).toEqual({ distanceMeters: 34_512, durationSeconds: 2178, polyline: SAMPLE_POLYLINE, source: "google", estimate: false });
    expect(google.requests).toHaveLength(1);
    const [request] = google.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/directions/v2:computeRoutes");
    expect(request!.headers["x-goog-api-key"]).toBe("test-key");
    expect(request!.headers["x-goog-fieldmask"]).toBe("routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline");
    expect(ROUTES_FIELD_MASK).toBe("routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline");
    expect(request!.body).toEqual({
      origin: { location: { latLng: { latitude: 36.8987, longitude: 30.8005 } } },
      destination: { location: { latLng: { latitude: 36.8631, longitude: 31.06541 } } },
      travelMode: "DRIVE",
      routingPreference: "TRAFFIC_AWARE",
      computeAlternativeRoutes: false,
      routeModifiers: { avoidTolls: false, avoidHighways: false, avoidFerries: false },
      languageCode: "tr-TR",
      units: "METRIC",
    });
  });

  it("caches routes: the same origin and destination are asked once", async () => {
    const s = services();
    await s.route(AYT, BELEK);
    await s.route(AYT, BELEK);
    expect(google.requests).toHaveLength(1);
  });

  it.each(["error", "denied", "empty", "garbage"] as const)("falls back to builtin routing (the road table here) when Google answers %s, and logs it", async (mode) => {
    google.mode = mode;
    const { log, warnings } = recordingLog();
    const route = await services(log).route(AYT, BELEK);
    expect(route.source).toBe("builtin");
    expect(route.estimate).toBe(false);
    expect(route.distanceMeters).toBe(36_000);
    expect(warnings[0]).toMatchObject({ provider: "google", what: "route" });
  });

  it("falls back when Google is slower than the time limit", async () => {
    google.mode = "slow";
    google.slowMs = 1500;
    const { log, warnings } = recordingLog();
    const route = await services(log, 200).route(AYT, BELEK);
    // Google's late answer is a good route: "builtin" means the time limit ended the wait (no stopwatch)
    expect(route.source).toBe("builtin");
    expect(warnings).toHaveLength(1);
  });

  it("does not cache a fallback: the provider is asked again next time", async () => {
    const s = services();
    google.mode = "error";
    expect((await s.route(AYT, BELEK)).source).toBe("builtin");
    google.mode = "ok";
    expect((await s.route(AYT, BELEK)).source).toBe("google");
  });

  it("asks Places autocomplete restricted to Turkey and reads details for coordinates", async () => {
    const s = services();
    const suggestions = await s.suggest("rixos", "de");
    expect(suggestions).toEqual([{ id: "g:ChIJ_rixos", label: "Rixos Premium Belek, İleribaşı Mevkii, 07506 Serik/Antalya, Türkiye", kind: "address" }]);
    const auto = google.requests[0]!;
    expect(auto.path).toBe("/v1/places:autocomplete");
    expect(auto.body).toEqual({ input: "rixos", includedRegionCodes: ["tr"], languageCode: "de" });
    expect(auto.headers["x-goog-fieldmask"]).toBe(AUTOCOMPLETE_FIELD_MASK);

    const place = await s.place("g:ChIJ_rixos", "de");
    expect(place).toMatchObject({ id: "g:ChIJ_rixos", lat: 36.8513, lng: 31.0327, source: "google" });
    expect(place!.label).toContain("Rixos Premium Belek");
    expect(google.requests[1]!.path).toBe("/v1/places/ChIJ_rixos?languageCode=de");
    expect(google.requests[1]!.headers["x-goog-fieldmask"]).toBe(DETAILS_FIELD_MASK);
    await s.place("g:ChIJ_rixos", "de");
    expect(google.requests).toHaveLength(2);
  });

  it("marks airports from Google's place types", async () => {
    const [first] = await services().suggest("antalya", "tr");
    expect(first).toMatchObject({ id: "g:ChIJ_ayt", kind: "airport" });
  });

  it("falls back to the gazetteer's suggestions when Places fails", async () => {
    google.mode = "error";
    const { log, warnings } = recordingLog();
    const suggestions = await services(log).suggest("antalya havalimani", "en");
    expect(suggestions[0]).toMatchObject({ id: "ayt-airport", label: "Antalya Airport (AYT)" });
    expect(warnings[0]).toMatchObject({ provider: "google", what: "suggest" });
  });

  it("resolves a typed text through Google, and through the gazetteer when Google fails", async () => {
    expect(await services().resolveText("Rixos", "en")).toMatchObject({ id: "g:ChIJ_rixos", source: "google" });
    google.mode = "error";
    expect(await services().resolveText("Belek", "en")).toMatchObject({ id: "belek-antalya", source: "builtin" });
  });

  it("returns null for an unknown Google place", async () => {
    expect(await services().place("g:ChIJ_unknown", "en")).toBeNull();
  });

  it("reads a place chosen from Google's suggestions in the browser through Place Details", async () => {
    const place = await resolveLocation(services(), { text: "Antalya Airport", placeId: "g:ChIJ_ayt@36.1,30.1" }, "en");
    // Google's own details win over the point the browser sent (and tell it is an airport)
    expect(place).toMatchObject({ id: "g:ChIJ_ayt", kind: "airport", lat: 36.8987, lng: 30.8005, source: "google" });
  });

  it("places a browser-chosen Google place at its point when Place Details fail", async () => {
    google.mode = "error";
    const place = await resolveLocation(services(), { text: "Rixos Premium Belek", placeId: "g:ChIJ_rixos@36.8513,31.0327" }, "en");
    expect(place).toMatchObject({ label: "Rixos Premium Belek", kind: "address", lat: 36.8513, lng: 31.0327 });
  });
});

describe("place ids as the browser sends them", () => {
  const builtin = () => createPlaceServices({ ROUTING_PROVIDER: "builtin" }, recordingLog().log);

  it("splits a Google id from its point, and leaves other ids alone", () => {
    expect(parsePlaceId("g:ChIJ_x-1@36.8987,30.8005")).toEqual({ id: "g:ChIJ_x-1", point: { lat: 36.8987, lng: 30.8005 } });
    expect(parsePlaceId("@36.5,31")).toEqual({ id: undefined, point: { lat: 36.5, lng: 31 } });
    expect(parsePlaceId("ayt-airport")).toEqual({ id: "ayt-airport" });
    expect(parsePlaceId("g:bad id@1,2")).toEqual({ id: "g:bad id@1,2" });
  });

  it("uses the point of a Google place when the server has no Google key (browser key only)", async () => {
    const place = await resolveLocation(builtin(), { text: "Kaleiçi Marina, Antalya", placeId: "g:ChIJ_marina@36.884100,30.705600" }, "en");
    expect(place).toMatchObject({ label: "Kaleiçi Marina, Antalya", lat: 36.8841, lng: 30.7056, kind: "address" });
  });

  it("refuses a point outside Turkey; an id the server cannot read falls back to the typed text", async () => {
    expect(await resolveLocation(builtin(), { text: "", placeId: "g:ChIJ_x@48.85,2.35" }, "en")).toBeNull();
    expect(await resolveLocation(builtin(), { text: "Belek", placeId: "@48.85,2.35" }, "en")).toBeNull();
    expect(await resolveLocation(builtin(), { text: "Belek", placeId: "g:ChIJ_x" }, "en")).toMatchObject({ id: "belek-antalya" });
  });
});

describe("osrm provider against a local fake", () => {
  let osrm: FakeServer;
  beforeAll(async () => {
    osrm = await fakeOsrm();
  });
  afterAll(() => osrm.close());
  beforeEach(() => {
    osrm.requests.length = 0;
    osrm.mode = "ok";
  });

  const services = (log = recordingLog().log, timeoutMs = 500) =>
    createPlaceServices({ ROUTING_PROVIDER: "osrm", OSRM_URL: `${osrm.url}/` }, log, { timeoutMs });

  it("asks /route/v1/driving with longitude first and reads metres and seconds", async () => {
    const route = await services().route(AYT, BELEK);
    expect(route).toEqual({ distanceMeters: 36_250, durationSeconds: 2461, polyline: SAMPLE_POLYLINE, source: "osrm", estimate: false });
    const url = new URL(osrm.requests[0]!.path, "http://x");
    expect(url.pathname).toBe("/route/v1/driving/30.800500,36.898700;31.065410,36.863100");
    expect(url.searchParams.get("overview")).toBe("full");
    expect(url.searchParams.get("geometries")).toBe("polyline");
  });

  it.each(["error", "denied", "empty", "garbage"] as const)("falls back to builtin when OSRM answers %s", async (mode) => {
    osrm.mode = mode;
    const { log, warnings } = recordingLog();
    const route = await services(log).route(AYT, BELEK);
    expect(route.source).toBe("builtin");
    expect(warnings[0]).toMatchObject({ provider: "osrm", what: "route" });
  });

  it("falls back on a timeout", async () => {
    osrm.mode = "slow";
    osrm.slowMs = 1000;
    expect((await services(undefined, 150).route(AYT, BELEK)).source).toBe("builtin");
  });

  it("keeps the builtin places provider (OSRM has no place search)", async () => {
    const s = services();
    expect(s.placesProvider).toBe("builtin");
    expect((await s.suggest("belek", "en"))[0]?.id).toBe("belek-antalya");
  });
});

describe("builtin provider", () => {
  it("needs no network: the road table for a known pair, else an answer marked as an estimate", async () => {
    const s = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, recordingLog().log);
    expect(await s.route(AYT, BELEK)).toMatchObject({ source: "builtin", estimate: false, polyline: null, distanceMeters: 36_000 });
    const route = await s.route(AYT, { lat: 37.2, lng: 31.2 });
    expect(route).toMatchObject({ source: "builtin", estimate: true, polyline: null });
    expect(s.routingProvider).toBe("builtin");
    expect(await s.suggest("a", "en")).toEqual([]);
  });
});
