/**
 * Route fares and zones (issue 14): written through the one write path (tables.server.ts, and the
 * /admin/routes action behind the admin layout's guard), read back by readPricing as every quote
 * reads them, on SQLite and PostgreSQL. Matching both ways, one-way, inactive, the tightest match,
 * the distance fallback for a category without a price, quotes for AYT ↔ Belek planned by the
 * builtin place services, and the seeded fares' road distances against figures typed here.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_FARES } from "~/admin/route-fares";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { quotesForTrip } from "~/booking/index.server";
import { planTrip } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createPlaceServices } from "~/places/service.server";
import { gazetteerPlace } from "~/places/gazetteer.server";
import { publishedRoad } from "~/places/road-table.server";
import { matchFare, type FareEnd } from "~/booking/rules/fares";
import { legsFor, readPricing, readRouteFares, readZones } from "~/pricing/pricing.server";
import { createFare, createZone, type FareInput } from "~/pricing/tables.server";
import * as layout from "~/routes/admin/layout";
import * as routesPage from "~/routes/admin/routes";
import { km } from "~/booking/rules/units";
import { kurus, liraToKurus } from "~/utils/money";
import { buildCar } from "../../db/seed/factories";
import { SEED_AIRPORTS, SEED_FARES, SEED_ZONES, seedPricing } from "../../db/seed/pricing";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const places = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log);
const SESSION_SECRET = "route-fares-test-session-secret-0123456789";

const AYT = SEED_AIRPORTS.AYT;
const BELEK = gazetteerPlace("belek-antalya")!;
const KEMER = gazetteerPlace("kemer-antalya")!;
const SIDE = gazetteerPlace("side-antalya")!;
/** a hotel 3–4 km from Belek's centre: inside the 7 km zone, outside the place's 2 km circle */
const BELEK_HOTEL = { lat: 36.85, lng: 31.03 };
/** A fare through the one write path, which must accept it. */
async function addFare(db: TestDb, input: FareInput) {
  const saved = await createFare(db.kysely, input);
  if (!saved.ok) throw new Error(`fare refused: duplicate of ${saved.existing.id}`);
  return saved.fare;
}
const placeEnd = (p: { id: string; label: string; lat: number; lng: number }): FareEnd => ({ kind: "place", placeId: p.id, label: p.label, lat: p.lat, lng: p.lng });

describe.each(engines)("route fares and zones on %s", (engine) => {
  let db: TestDb;
  let zoneFareId: string;
  let placeFareId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    const belek = await createZone(db.kysely, { name: "Belek", lat: BELEK.lat, lng: BELEK.lng, radiusKm: 7 });
    const kemer = await createZone(db.kysely, { name: "Kemer", lat: KEMER.lat, lng: KEMER.lng, radiusKm: 6 });
    const side = await createZone(db.kysely, { name: "Side", lat: SIDE.lat, lng: SIDE.lng, radiusKm: 4 });
    zoneFareId = (await addFare(db, { from: AYT, to: { kind: "zone", zoneId: belek.id }, oneWay: false, active: true, prices: { Sedan: liraToKurus(2000), Minivan: liraToKurus(2600) } })).id;
    placeFareId = (await addFare(db, { from: AYT, to: placeEnd({ ...BELEK, id: "belek-antalya" }), oneWay: false, active: true, prices: { Sedan: liraToKurus(1800) } })).id;
    await addFare(db, { from: { kind: "zone", zoneId: kemer.id }, to: AYT, oneWay: true, active: true, prices: { Sedan: liraToKurus(2500) } });
    await addFare(db, { from: AYT, to: { kind: "zone", zoneId: side.id }, oneWay: false, active: false, prices: { Sedan: liraToKurus(2600) } });
    await createCar(db.kysely, buildCar({ name: "Sedan test", category: "Sedan", seats: 4, price_per_km: kurus(3000) }));
    await createCar(db.kysely, buildCar({ name: "VIP test", category: "VIP", seats: 4, price_per_km: kurus(9000) }));
  });
  afterAll(() => db.destroy());

  it("reads back what was written: zones, ends, one-way, active and prices", async () => {
    const zones = await readZones(db.kysely);
    expect(zones.map((z) => z.name)).toEqual(["Belek", "Kemer", "Side"]);
    const fares = await readRouteFares(db.kysely);
    expect(fares).toHaveLength(4);
    expect(fares.find((f) => f.id === placeFareId)).toMatchObject({ from: { kind: "place", placeId: "ayt-airport" }, to: { kind: "place", placeId: "belek-antalya" }, oneWay: false, active: true, prices: { Sedan: 180_000 } });
  });

  it("matches a zone end in both directions", async () => {
    const { fares, zones } = await readPricing(db.kysely);
    expect(matchFare(fares, zones, AYT, BELEK_HOTEL)).toMatchObject({ fare: { id: zoneFareId }, reversed: false });
    expect(matchFare(fares, zones, BELEK_HOTEL, AYT)).toMatchObject({ fare: { id: zoneFareId }, reversed: true });
  });

  it("matches a place end in both directions, and the place wins over the zone around it", async () => {
    const { fares, zones } = await readPricing(db.kysely);
    expect(matchFare(fares, zones, AYT, BELEK)).toMatchObject({ fare: { id: placeFareId }, reversed: false });
    expect(matchFare(fares, zones, BELEK, AYT)).toMatchObject({ fare: { id: placeFareId }, reversed: true });
    // a terminal a few hundred metres from the airport's point still counts as the airport
    expect(matchFare(fares, zones, { lat: 36.9, lng: 30.795 }, BELEK)?.fare.id).toBe(placeFareId);
  });

  it("respects one-way and ignores inactive routes", async () => {
    const { fares, zones } = await readPricing(db.kysely);
    expect(matchFare(fares, zones, KEMER, AYT)).not.toBeNull();
    expect(matchFare(fares, zones, AYT, KEMER)).toBeNull();
    expect(matchFare(fares, zones, AYT, SIDE)).toBeNull();
    expect(matchFare(fares, zones, SIDE, AYT)).toBeNull();
  });

  it("prices a category without a fixed price by distance", async () => {
    const tables = await readPricing(db.kysely);
    const legs = [{ leg: "outbound" as const, from: AYT, to: BELEK_HOTEL, km: km(36), startsAt: null }];
    expect(legsFor(tables, legs, "Minivan")[0]!.fare).toEqual({ routeId: zoneFareId, amount: 260_000 });
    expect(legsFor(tables, legs, "VIP")[0]!.fare).toBeNull();
  });

  for (const [name, pickup, dropoff] of [
    ["AYT → Belek", { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, { text: "Belek", placeId: "belek-antalya" }],
    ["Belek → AYT", { text: "Belek", placeId: "belek-antalya" }, { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }],
  ] as const) {
    it(`quotes ${name} at the fixed price for a category that has one, by distance otherwise`, async () => {
      const planned = await planTrip(places, { tripType: "oneWay", pickup, dropoff }, "en");
      if (!planned.ok) throw new Error("trip not planned");
      expect(Number(planned.trip.totalKm)).toBe(publishedRoad("ayt-airport", "belek-antalya")!.km);
      const quotes = await quotesForTrip(db.kysely, planned.trip, { passengers: 2 });
      const sedan = quotes.find((q) => q.car.category === "Sedan")!;
      const vip = quotes.find((q) => q.car.category === "VIP")!;
      expect(sedan.price).toMatchObject({ fixedPrice: true, total: 180_000 });
      expect(sedan.price.lines.filter((l) => l.kind === "fixed")).toHaveLength(1);
      expect(vip.price.fixedPrice).toBe(false);
      expect(vip.price.lines.some((l) => l.kind === "distance")).toBe(true);
    });
  }
});

describe.each(engines)("/admin/routes through its action on %s", (engine) => {
  let db: TestDb;
  let cookie: string;

  beforeAll(async () => {
    db = await testDb(engine);
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ayşe Ofis" });
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
    await createCar(db.kysely, buildCar({ name: "Sedan test", category: "Sedan", seats: 4, price_per_km: kurus(3000) }));
  });
  afterAll(() => db.destroy());

  function context() {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, ROUTING_PROVIDER: "builtin" } });
    return c;
  }

  type Reply = { formId: string; result: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> }; candidates: Record<string, Array<{ id: string }>> };

  async function post(fields: Record<string, string>, withCookie = true): Promise<{ status: number; location: string | null; reply?: Reply }> {
    const request = new Request("http://localhost/admin/routes", {
      method: "POST",
      headers: { ...(withCookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const args = { request, context: context(), params: {}, pattern: "/admin/routes" } as never;
    try {
      const answer = (await layout.middleware[0]!(args, () => routesPage.action(args) as never)) as unknown as { data: Reply; init?: { status?: number } };
      return { status: answer.init?.status ?? 200, location: null, reply: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  async function page() {
    const request = new Request("http://localhost/admin/routes", { headers: { cookie } });
    const args = { request, context: context(), params: {}, pattern: "/admin/routes" } as never;
    return (await layout.middleware[0]!(args, () => routesPage.loader(args) as never)) as unknown as Awaited<ReturnType<typeof routesPage.loader>>;
  }

  async function sedanQuote() {
    const planned = await planTrip(places, { tripType: "oneWay", pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, dropoff: { text: "Kemer", placeId: "kemer-antalya" } }, "en");
    if (!planned.ok) throw new Error("no trip");
    return (await quotesForTrip(db.kysely, planned.trip, { passengers: 1 }))[0]!.price;
  }

  it("is for signed-in admins only", async () => {
    const answer = await post({ intent: "zone-add", place: "Belek", radius: "7" }, false);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/admin\/login/);
    expect(await readZones(db.kysely)).toHaveLength(0);
  });

  it("adds a zone by a Cyrillic place name, named after the place, and a route to it that the next quote uses", async () => {
    const added = await post({ intent: "zone-add", place: "Кемер", radius: "6" });
    expect(added.status).toBe(302);
    const [zone] = await readZones(db.kysely);
    expect(zone).toMatchObject({ name: "Kemer", lat: KEMER.lat, lng: KEMER.lng, radiusKm: 6 });
    expect(added.location).toBe(`/admin/routes?done=zone-add#zone-${zone!.id}`);

    expect((await sedanQuote()).fixedPrice).toBe(false);
    const fare = await post({ intent: "fare-add", fromPlace: "Antalya Havalimanı (AYT)", toZone: zone!.id, active: "on", "price-sedan": "2.500", "price-vip": "4500,50" });
    expect(fare.status).toBe(302);
    const [stored] = await readRouteFares(db.kysely);
    expect(stored).toMatchObject({ from: { kind: "place", placeId: "ayt-airport" }, to: { kind: "zone", zoneId: zone!.id }, oneWay: false, active: true, prices: { Sedan: 250_000, VIP: 450_050 } });
    expect(await sedanQuote()).toMatchObject({ fixedPrice: true, total: 250_000 });

    const listed = await page();
    expect(listed.zones[0]).toMatchObject({ name: "Kemer", uses: 1 });
    const row = listed.fares[0]!;
    expect(row.from.label).toBe("Antalya Havalimanı (AYT)");
    expect(row.to).toMatchObject({ kind: "zone", label: "Kemer", radiusKm: 6 });
    expect(row.road).toMatchObject({ km: publishedRoad("ayt-airport", "kemer-antalya")!.km, estimate: false });
    expect(row.prices.find((p) => p.category === "Sedan")).toMatchObject({ amount: 250_000, perKm: Math.round(250_000 / row.road!.km) / 100 });
    expect(row.prices.find((p) => p.category === "Luxury")).toMatchObject({ amount: null, perKm: null });

    // a change is used by the next quote at once
    const saved = await post({ intent: "fare-save", id: stored!.id, fromPlace: "Antalya Havalimanı (AYT)", toZone: zone!.id, active: "on", "price-sedan": "2600" });
    expect(saved.status).toBe(302);
    expect((await sedanQuote()).total).toBe(260_000);
    // inactive: priced by distance again
    await post({ intent: "fare-save", id: stored!.id, fromPlace: "Antalya Havalimanı (AYT)", toZone: zone!.id, "price-sedan": "2600" });
    expect((await sedanQuote()).fixedPrice).toBe(false);

    // a zone in use is not deleted
    const refused = await post({ intent: "zone-delete", id: zone!.id });
    expect(refused.status).toBe(409);
    expect(refused.reply!.result.error?.[""]).toEqual([ROUTE_FARES.zoneInUse]);
    expect(await post({ intent: "fare-delete", id: stored!.id })).toMatchObject({ status: 302 });
    expect(await post({ intent: "zone-delete", id: zone!.id })).toMatchObject({ status: 302, location: "/admin/routes?done=zone-delete#zones" });
    expect(await readZones(db.kysely)).toHaveLength(0);
  });

  it("offers the candidates of an ambiguous name and takes the one picked", async () => {
    // "Yeniköy" is a village in many provinces, none of them the region's: the office picks one
    const ambiguous = await post({ intent: "zone-add", place: "Yeniköy", radius: "5" });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.reply!.result.error?.place).toEqual([ROUTE_FARES.pickPlace]);
    const offered = ambiguous.reply!.candidates.place!.map((c) => c.id);
    expect(offered).toContain("yenikoy-aydin");
    expect(offered.length).toBeGreaterThan(1);
    const chosen = await post({ intent: "zone-add", place: "Yeniköy", placeId: "yenikoy-aydin", radius: "5" });
    expect(chosen.status).toBe(302);
    expect((await readZones(db.kysely)).find((z) => z.name === "Yeniköy")).toMatchObject({ lat: gazetteerPlace("yenikoy-aydin")!.lat });
    const unknown = await post({ intent: "zone-add", place: "Xyzzyville", radius: "5" });
    expect(unknown.status).toBe(400);
    expect(unknown.reply!.result.error?.place).toEqual([ROUTE_FARES.placeNotFound]);
    expect(unknown.reply!.result.initialValue).toMatchObject({ place: "Xyzzyville", radius: "5" });
    const picked = await post({ intent: "zone-add", name: "Çıralı", place: "Xyzzyville", placeId: "cirali-antalya", radius: "3" });
    expect(picked.status).toBe(302);
    expect((await readZones(db.kysely)).find((z) => z.name === "Çıralı")).toMatchObject({ lat: gazetteerPlace("cirali-antalya")!.lat, radiusKm: 3 });
  });

  it("refuses bad input with codes, keeping what was typed, never a 500", async () => {
    const radius = await post({ intent: "zone-add", place: "Belek", radius: "250" });
    expect(radius).toMatchObject({ status: 400, reply: { formId: "zone-add" } });
    expect(radius.reply!.result.error?.radius).toEqual([ROUTE_FARES.radiusRange]);

    const price = await post({ intent: "fare-add", fromPlace: "Gazipaşa-Alanya Havalimanı (GZP)", toPlace: "Olympos", "price-sedan": "-5", "price-suv": "çok" });
    expect(price.status).toBe(400);
    expect(price.reply!.result.error).toMatchObject({ "price-sedan": [ROUTE_FARES.priceRange], "price-suv": [ROUTE_FARES.priceNumber] });
    expect(price.reply!.result.initialValue).toMatchObject({ fromPlace: "Gazipaşa-Alanya Havalimanı (GZP)", toPlace: "Olympos", "price-sedan": "-5" });

    const same = await post({ intent: "fare-add", fromPlace: "Belek", toPlace: "Belek, Antalya", "price-sedan": "100" });
    expect(same.reply!.result.error?.toPlace).toEqual([ROUTE_FARES.samePlace]);

    const unknownPlace = await post({ intent: "fare-add", fromPlace: "Atlantis", toPlace: "Belek", "price-sedan": "100" });
    expect(unknownPlace.reply!.result.error?.fromPlace).toEqual([ROUTE_FARES.placeNotFound]);

    const forgedZone = await post({ intent: "fare-add", fromPlace: "Belek", toZone: "no-such-zone", "price-sedan": "100" });
    expect(forgedZone.reply!.result.error?.toZone).toEqual([ROUTE_FARES.unknownZone]);

    const forgedFare = await post({ intent: "fare-save", id: "no-such-fare", fromPlace: "Belek", toPlace: "Side", "price-sedan": "100" });
    expect(forgedFare).toMatchObject({ status: 404, reply: { formId: "fare-no-such-fare" } });
    expect(forgedFare.reply!.result.error?.[""]).toEqual([ROUTE_FARES.notFound]);
    expect((await post({ intent: "zone-save", id: "no-such-zone", place: "Belek", radius: "5" })).status).toBe(404);
    expect((await post({ intent: "zone-delete", id: "'; drop table pricing_zones; --" })).status).toBe(404);
    expect((await post({ intent: "fare-delete" })).status).toBe(404);
    expect((await post({ intent: "something-else" })).status).toBe(400);
    expect(await readRouteFares(db.kysely)).toHaveLength(0);
  });
});

/**
 * Reference road distances from the airports to the resort centres, typed here from the operators'
 * published transfer distances (not read from the road table), ±15 %. Kundu: the brief's figure
 * was ≈20 km, but the road from AYT to Kundu is about 15 km (Kundu lies 3–4 km east of Lara, which
 * is 12 km from the terminals; ~20 is the driving time in minutes), so 15 is used here.
 */
const REFERENCE_KM: Record<string, number> = {
  "AYT|Lara": 12,
  "AYT|Belek": 36,
  "AYT|Side": 64,
  "AYT|Kemer": 57,
  "AYT|Alanya": 123,
  "AYT|Kaş": 196,
  "AYT|Manavgat": 70,
  "AYT|Kundu": 15,
  "AYT|Antalya city": 13,
  "GZP|Alanya": 40,
};

describe.each(engines)("the seeded route fares on %s", (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
  });
  afterAll(() => db.destroy());

  it("seeds every zone and fare once", async () => {
    await seedPricing(db.kysely);
    expect(await readZones(db.kysely)).toHaveLength(SEED_ZONES.length);
    expect(await readRouteFares(db.kysely)).toHaveLength(SEED_FARES.length);
  });

  it("routes each seeded fare on the road table, at the reference distance and a sane Sedan ₺/km", async () => {
    const { fares, zones } = await readPricing(db.kysely);
    const byName = new Map([...zones.values()].map((z) => [z.name, z]));
    expect(Object.keys(REFERENCE_KM).sort()).toEqual(SEED_FARES.map((f) => `${f.from}|${f.zone}`).sort());
    for (const seeded of SEED_FARES) {
      const zone = byName.get(seeded.zone)!;
      const airport = SEED_AIRPORTS[seeded.from];
      const fare = fares.find((f) => f.from.kind === "place" && f.from.placeId === airport.placeId && f.to.kind === "zone" && f.to.zoneId === zone.id)!;
      expect(fare, seeded.zone).toBeDefined();
      const route = await places.route({ lat: airport.lat, lng: airport.lng, id: airport.placeId }, { lat: zone.lat, lng: zone.lng });
      const roadKm = route.distanceMeters / 1000;
      // from the road table, not the straight-line estimate: each zone centre is a place of the table
      expect(route.estimate, `${seeded.from} → ${seeded.zone}`).toBe(false);
      const reference = REFERENCE_KM[`${seeded.from}|${seeded.zone}`]!;
      expect(Math.abs(roadKm - reference) / reference, `${seeded.from} → ${seeded.zone}: ${roadKm} km vs ${reference}`).toBeLessThanOrEqual(0.15);
      const perKm = fare.prices.Sedan! / 100 / roadKm;
      expect(perKm, `${seeded.from} → ${seeded.zone}: ₺${perKm.toFixed(0)}/km`).toBeGreaterThanOrEqual(10);
      expect(perKm).toBeLessThanOrEqual(150);
      // and a trip from the airport to the zone's centre matches that fare, the other way too
      expect(matchFare(fares, zones, airport, zone)?.fare.id).toBe(fare.id);
      expect(matchFare(fares, zones, zone, airport)).toMatchObject({ fare: { id: fare.id }, reversed: true });
    }
  });
});
