/**
 * One fare per pair (issue 34): a second active fare for the same ends (the same direction, or
 * either when one runs both ways) is refused by the one write path with the existing fare named,
 * by /admin/routes with a field error and 409, and by the database (unique `pair_key`,
 * migration 0227); an inactive fare may sit beside it. Migration 0227 keeps, of duplicates a
 * database already holds, the fare quotes use today and makes the others inactive. SQLite and
 * PostgreSQL.
 */
import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { matchFare, type FareEnd } from "~/booking/rules/fares";
import { readRouteFares, readZones } from "~/pricing/pricing.server";
import { createFare, createZone, updateFare, type FareInput } from "~/pricing/tables.server";
import * as layout from "~/routes/admin/layout";
import * as routesPage from "~/routes/admin/routes";
import { liraToKurus } from "~/utils/money";
import { migrations } from "../../db/migrations";
import { SEED_AIRPORTS } from "../../db/seed/pricing";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const SESSION_SECRET = "route-fare-pair-session-secret-0123456789";
const AYT = SEED_AIRPORTS.AYT;

describe.each(engines)("one fare per pair on %s", (engine) => {
  let db: TestDb;
  let belek: FareEnd;
  let belekId = "";
  let kemer: FareEnd;
  let cookie = "";

  beforeAll(async () => {
    db = await testDb(engine);
    belekId = (await createZone(db.kysely, { name: "Belek", lat: 36.8625, lng: 31.0556, radiusKm: 7 })).id;
    belek = { kind: "zone", zoneId: belekId };
    kemer = {
      kind: "zone",
      zoneId: (await createZone(db.kysely, { name: "Kemer", lat: 36.6, lng: 30.56, radiusKm: 6 })).id,
    };
    const admin = await createUser(db.kysely, {
      email: "fares@example.com",
      password: "secret-123",
      role: "admin",
      name: "Ayşe Ofis",
    });
    const { token } = await createSession(db.kysely, admin.id, { remember: false });
    cookie = `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}`;
  });
  afterAll(() => db.destroy());

  const fare = (from: FareEnd, to: FareEnd, oneWay: boolean, sedan: number, active = true): FareInput => ({
    from,
    to,
    oneWay,
    active,
    prices: { Sedan: liraToKurus(sedan) },
  });

  it("refuses a second active fare for the same pair, either way round, and names the first", async () => {
    const first = await createFare(db.kysely, fare(AYT, belek, false, 2000));
    expect(first.ok).toBe(true);
    const firstId = first.ok ? first.fare.id : "";
    expect(await createFare(db.kysely, fare(AYT, belek, false, 2100))).toMatchObject({
      ok: false,
      reason: "duplicate",
      existing: { id: firstId },
    });
    expect(await createFare(db.kysely, fare(belek, AYT, false, 2100))).toMatchObject({
      ok: false,
      existing: { id: firstId },
    });
    expect(await createFare(db.kysely, fare(belek, AYT, true, 2100))).toMatchObject({
      ok: false,
      existing: { id: firstId },
    });
    // an inactive one may wait beside it, but not be switched on
    const spare = await createFare(db.kysely, fare(AYT, belek, false, 2500, false));
    expect(spare.ok).toBe(true);
    expect(await updateFare(db.kysely, spare.ok ? spare.fare.id : "", fare(AYT, belek, false, 2500))).toMatchObject({
      ok: false,
      existing: { id: firstId },
    });
    // the fare itself saves again
    expect(await updateFare(db.kysely, firstId, fare(AYT, belek, false, 2200))).toMatchObject({ ok: true });
  });

  it("takes one-way fares in opposite directions, not a two-way fare beside them", async () => {
    const out = await createFare(db.kysely, fare(AYT, kemer, true, 1500));
    const back = await createFare(db.kysely, fare(kemer, AYT, true, 1400));
    expect([out.ok, back.ok]).toEqual([true, true]);
    // a two-way fare beside them would sit on both: it is refused, one of them named
    const both = await createFare(db.kysely, fare(kemer, AYT, false, 1600));
    expect(both.ok).toBe(false);
    expect([out.ok && out.fare.id, back.ok && back.fare.id]).toContain(!both.ok && both.existing.id);
    expect(await createFare(db.kysely, fare(AYT, kemer, true, 1600))).toMatchObject({ ok: false, existing: { id: out.ok ? out.fare.id : "" } });
  });

  it("is guarded by the database too", async () => {
    const rows = await db.kysely.selectFrom("route_fares").select(["pair_key", "active"]).execute();
    const keys = rows.filter((r) => r.pair_key !== null).map((r) => r.pair_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => !r.active).every((r) => r.pair_key === null)).toBe(true);
    const winner = await db.kysely
      .selectFrom("route_fares")
      .selectAll()
      .where("pair_key", "is not", null)
      .executeTakeFirstOrThrow();
    const copy = { ...winner, id: "copy-of-winner" };
    await expect(db.kysely.insertInto("route_fares").values(copy).execute()).rejects.toThrow();
  });

  it("answers the office's form with 409 and a field error naming the route", async () => {
    const request = new Request("http://localhost/admin/routes", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "fare-add",
        fromPlace: "Antalya Havalimanı (AYT)",
        toZone: belekId,
        active: "on",
        "price-sedan": "3000",
      }).toString(),
    });
    const context = testAppContext(db, {
      env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, ROUTING_PROVIDER: "builtin" },
    });
    const args = { request, context, params: {}, pattern: "/admin/routes" } as never;
    const answer = (await layout.middleware[0]!(args, () => routesPage.action(args) as never)) as unknown as {
      data: { result: { error?: Record<string, string[]> } };
      init?: { status?: number };
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data.result.error?.toZone).toEqual([
      "Bu güzergâh için zaten etkin bir fiyat var: Antalya Havalimanı (AYT) ↔ Belek. Onu düzenleyin ya da önce pasif yapın.",
    ]);
  });
});

describe.each(engines)("migration 0227 (one active fare per pair) on %s", (engine) => {
  let db: TestDb;
  const ids = {
    few: "fare-b-few-prices",
    many: "fare-c-many-prices",
    tie: "fare-a-tie",
    other: "fare-d-other",
    oneWay: "fare-e-one-way",
    oneWayBack: "fare-f-one-way-back",
    off: "fare-g-off",
  };

  beforeAll(async () => {
    db = await testDb(engine);
    const zone = (await createZone(db.kysely, { name: "Side", lat: 36.7667, lng: 31.3889, radiusKm: 4 })).id;
    const zone2 = (await createZone(db.kysely, { name: "Alanya", lat: 36.5437, lng: 31.9998, radiusKm: 6 })).id;
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrations },
      ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    });
    const down = await migrator.migrateTo("0226_partner_net_rates");
    if (down.error) throw down.error;
    // rows as the code before 0227 wrote them: duplicates were accepted
    const at = new Date().toISOString();
    const old = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const row = (
      id: string,
      toZone: string,
      oneWay: boolean,
      prices: Record<string, number>,
      active = true,
      reversed = false,
    ) => {
      const airport = {
        kind: "place",
        place_id: AYT.placeId,
        label: AYT.label,
        lat: AYT.lat,
        lng: AYT.lng,
        zone_id: null,
      };
      const zoneEnd = { kind: "zone", place_id: null, label: null, lat: null, lng: null, zone_id: toZone };
      const [a, b] = reversed ? [zoneEnd, airport] : [airport, zoneEnd];
      return {
        id,
        from_kind: a.kind,
        from_place_id: a.place_id,
        from_label: a.label,
        from_lat: a.lat,
        from_lng: a.lng,
        from_zone_id: a.zone_id,
        to_kind: b.kind,
        to_place_id: b.place_id,
        to_label: b.label,
        to_lat: b.lat,
        to_lng: b.lng,
        to_zone_id: b.zone_id,
        one_way: oneWay ? 1 : 0,
        prices: JSON.stringify(prices),
        active: active ? 1 : 0,
        sort_order: 0,
        created_at: at,
        updated_at: at,
      };
    };
    await old
      .insertInto("route_fares")
      .values([
        row(ids.tie, zone, false, { Sedan: 100000 }),
        row(ids.few, zone, false, { Sedan: 110000 }, true, true), // the same pair backwards
        row(ids.many, zone, false, { Sedan: 120000, VIP: 300000 }), // most prices: wins today
        row(ids.other, zone2, false, { Sedan: 90000 }),
        row(ids.oneWay, zone2, true, { Sedan: 80000 }),
        row(ids.oneWayBack, zone2, true, { Sedan: 70000 }, true, true),
        row(ids.off, zone, false, { Sedan: 50000, VIP: 1, Minivan: 2 }, false),
      ])
      .execute();
    await db.migrateUp();
  });
  afterAll(() => db.destroy());

  it("keeps the fare quotes used, makes its duplicates inactive, and keys the rest", async () => {
    const rows = await db.kysely.selectFrom("route_fares").select(["id", "active", "pair_key"]).orderBy("id").execute();
    const active = Object.fromEntries(rows.map((r) => [r.id, Boolean(r.active)]));
    expect(active).toEqual({
      [ids.tie]: false,
      [ids.few]: false,
      [ids.many]: true,
      [ids.other]: true,
      [ids.oneWay]: true,
      [ids.oneWayBack]: true,
      [ids.off]: false,
    });
    expect(rows.filter((r) => r.active).every((r) => r.pair_key)).toBe(true);
    // quotes pick the same fare as before the migration
    const fares = await readRouteFares(db.kysely);
    const zones = new Map((await readZones(db.kysely)).map((z) => [z.id, z]));
    const side = [...zones.values()].find((z) => z.name === "Side")!;
    expect(matchFare(fares, zones, AYT, side)?.fare.id).toBe(ids.many);
    // and a new duplicate is refused by the write path
    expect(
      await createFare(db.kysely, {
        from: AYT,
        to: { kind: "zone", zoneId: side.id },
        oneWay: false,
        active: true,
        prices: {},
      }),
    ).toMatchObject({ ok: false, existing: { id: ids.many } });
  });
});
