/**
 * The results page kept by the page cache (issue 32): a repeated search is answered from memory
 * with a fresh idempotency key each time, and dropped exactly when something its quotes read
 * changes (a booking, a fare, a zone, an extra, a car, the exchange rates), on this instance and,
 * on PostgreSQL, on another one (LISTEN/NOTIFY). A change to a table the page does not read keeps it;
 * a form post is never kept. The site is assembled as server/app.ts assembles it: the page cache's
 * middleware in front of the router, on the change feed of the database handle it uses.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCar, updateCar } from "~/fleet/cars.server";
import { gazetteerPlace } from "~/places/gazetteer.server";
import { createExtra, createFare, createZone, updateExtra } from "~/pricing/tables.server";
import { openDatabase, type Db } from "~/server/db/connection.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { kurus, liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking, createTestDriver } from "../../db/seed/factories";
import { SEED_AIRPORTS, SEED_EXTRAS } from "../../db/seed/pricing";
import { RESULTS_ENV, seedResultsFleet, startResultsSite, type ResultsSite } from "../setup/results-site";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDate, tripDay } from "../setup/trip-date";

const ENV = RESULTS_ENV;
const DAY = tripDay(12);
const SEARCH = `/booking-results?tripType=oneWay&pickup=AYT&dropoff=Belek&date=${DAY}&time=10:00&passengers=2&lng=en`;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/;

type Site = ResultsSite;

const startSite = startResultsSite;

async function get(site: Site, path = SEARCH) {
  const response = await fetch(site.base + path);
  const text = await response.text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(text)?.[1];
  return { status: response.status, cache: response.headers.get("x-cache"), control: response.headers.get("cache-control"), etag: response.headers.get("etag"), text, key };
}

/** The cars the page offers, by id. */
const carsOn = (text: string) => [...text.matchAll(/data-car-id="([^"]+)"/g)].map((m) => m[1]);

describe.each(engines)("the results page kept on %s", (engine) => {
  let db: TestDb;
  let site: Site;
  let sedan: string;
  let van: string;

  beforeAll(async () => {
    db = await testDb(engine);
    ({ sedan, van } = await seedResultsFleet(db, "Kept"));
    site = await startSite(db);
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await db?.destroy();
  });

  /** The search is kept: asked again, it comes from memory. */
  async function kept() {
    const first = await get(site);
    expect(first.status).toBe(200);
    const again = await get(site);
    expect(again.cache).toBe("hit");
    return again;
  }

  it("answers a repeated search from memory with a fresh idempotency key each time, never to a CDN", async () => {
    const first = await get(site);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(carsOn(first.text)).toEqual(expect.arrayContaining([sedan, van]));
    const keys = new Set([first.key]);
    for (let i = 0; i < 3; i++) {
      const again = await get(site);
      expect(again.cache).toBe("hit");
      expect(again.key).toMatch(UUID);
      keys.add(again.key);
      // the same page but for its key, which is in the form and in the page's data alike
      expect(again.text.replaceAll(again.key!, "KEY")).toBe(first.text.replaceAll(first.key!, "KEY"));
      expect(again.text).not.toContain(first.key!);
      expect(again.control).toBe("private, no-store");
      expect(again.etag).toBeNull();
    }
    expect(keys.size).toBe(4);
  });

  it("keeps it through a change to a table it does not read", async () => {
    await kept();
    await createTestDriver(db.kysely);
    expect((await get(site)).cache).toBe("hit");
  });

  it("drops it when a booking takes a car at those times", async () => {
    await kept();
    await createTestBooking({ db: db.kysely }, { carId: van, pickupAt: tripDate(12, "10:00"), passengers: 2 });
    const after = await get(site);
    expect(after.cache).toBe("miss");
    expect(carsOn(after.text)).toEqual([sedan]);
  });

  it("drops it when a car changes", async () => {
    await kept();
    const car = buildCar({ name: "Kept Sedan Renamed", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2500) });
    await updateCar(db.kysely, sedan, car);
    const after = await get(site);
    expect(after.cache).toBe("miss");
    expect(after.text).toContain("Kept Sedan Renamed");
  });

  it("drops it when a zone or a route fare changes, and prices with the fare", async () => {
    await kept();
    const belek = gazetteerPlace("belek-antalya")!;
    const zone = await createZone(db.kysely, { name: "Belek", lat: belek.lat, lng: belek.lng, radiusKm: 7 });
    expect((await get(site)).cache).toBe("miss");
    await kept();
    expect((await createFare(db.kysely, { from: SEED_AIRPORTS.AYT, to: { kind: "zone", zoneId: zone.id }, oneWay: false, active: true, prices: { Sedan: liraToKurus(1234) } })).ok).toBe(true);
    const after = await get(site);
    expect(after.cache).toBe("miss");
    expect(after.text).toContain("1,234");
  });

  it("drops it when an extra changes", async () => {
    const before = await kept();
    expect(before.text).toContain("Child seat");
    const seat = SEED_EXTRAS.find((e) => e.code === "child-seat")!;
    const id = (await db.kysely.selectFrom("extras").select("id").where("code", "=", seat.code).executeTakeFirstOrThrow()).id;
    await updateExtra(db.kysely, id, { ...seat, names: { ...seat.names, en: "Baby seat (9–18 kg)" } });
    const after = await get(site);
    expect(after.cache).toBe("miss");
    expect(after.text).toContain("Baby seat (9–18 kg)");
  });

  it("drops it when the exchange rates change", async () => {
    await kept();
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, currency: { ...settings.currency, rates: { ...settings.currency.rates, EUR: settings.currency.rates.EUR + 1000 } } }, null);
    expect((await get(site)).cache).toBe("miss");
  });

  it("lets searches take half the memory at most: a flood of them does not push the home page out", async () => {
    const small = await startSite(db, { maxBytes: 1024 * 1024, listen: false });
    try {
      await get(small, "/?lng=en");
      expect((await get(small, "/?lng=en")).cache).toBe("hit");
      // more searches than half the memory holds (the pages are about the same size)
      const size = Buffer.byteLength((await get(small, SEARCH)).text);
      const searches = Array.from({ length: Math.ceil((512 * 1024) / size) + 2 }, (_, i) => SEARCH.replace("time=10:00", `time=${String(Math.floor(i / 2) + 6).padStart(2, "0")}:${i % 2 ? "45" : "15"}`));
      for (const search of searches) expect((await get(small, search)).status).toBe(200);
      expect((await get(small, searches.at(-1))).cache).toBe("hit");
      expect((await get(small, "/?lng=en")).cache).toBe("hit");
      expect((await get(small, searches[0])).cache).toBe("miss");
    } finally {
      await small.close();
    }
  });

  it("never keeps a form post's answer", async () => {
    await kept();
    const form = new URLSearchParams({ intent: "quote", carId: sedan, fullName: "", email: "", phone: "" });
    const posted = await fetch(site.base + SEARCH, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded", origin: ENV.PUBLIC_URL } });
    expect(posted.headers.get("x-cache")).toBeNull();
    // the kept page is the search's, not the post's
    expect((await get(site)).cache).toBe("hit");
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("the results page kept by two instances on %s", (engine) => {
  let db: TestDb;
  let other: Db;
  let a: Site;
  let b: Site;
  let car: string;

  beforeAll(async () => {
    db = await testDb(engine);
    other = openDatabase(process.env.TEST_DATABASE_URL!, { schema: db.schema, poolSize: 2 });
    car = (await createCar(db.kysely, buildCar({ name: "Shared Sedan", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2500) }))).id;
    await createExtra(db.kysely, SEED_EXTRAS.find((e) => e.code === "child-seat")!);
    a = await startSite(db);
    b = await startSite(other);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await other?.close();
    await db?.destroy();
  });

  /** Both instances keep the search. */
  async function keptOnBoth() {
    for (const site of [a, b]) {
      await get(site);
      expect((await get(site)).cache).toBe("hit");
    }
  }

  it("drops B's kept page when A's database handle changes a car, an extra, the rates or makes a booking", async () => {
    const changes: Array<[string, () => Promise<unknown>]> = [
      ["car", () => updateCar(db.kysely, car, buildCar({ name: "Shared Sedan II", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2600) }))],
      [
        "extra",
        async () => {
          const seat = SEED_EXTRAS.find((e) => e.code === "child-seat")!;
          const id = (await db.kysely.selectFrom("extras").select("id").where("code", "=", seat.code).executeTakeFirstOrThrow()).id;
          return updateExtra(db.kysely, id, { ...seat, price: kurus(seat.price + 100) });
        },
      ],
      [
        "rates",
        async () => {
          const settings = await getSettings(db.kysely);
          return saveSettings(db.kysely, { ...settings, currency: { ...settings.currency, rates: { ...settings.currency.rates, USD: settings.currency.rates.USD + 1000 } } }, null);
        },
      ],
      ["booking", () => createTestBooking({ db: db.kysely }, { carId: car, pickupAt: tripDate(12, "10:00"), passengers: 2 })],
    ];
    for (const [what, change] of changes) {
      await keptOnBoth();
      await change();
      await vi.waitFor(async () => expect((await get(b)).cache, what).toBe("miss"));
      expect((await get(a)).cache, what).toBe("miss");
    }
    // the booking took the only car: B says so at once
    expect(carsOn((await get(b)).text)).toEqual([]);
  });

  it("keeps B's page through a change to a table the page does not read", async () => {
    await keptOnBoth();
    const heard = other.changes.now();
    await createTestDriver(db.kysely);
    await vi.waitFor(() => expect(other.changes.since(heard, ["drivers"])).toBe(true));
    expect((await get(b)).cache).toBe("hit");
  });
});
