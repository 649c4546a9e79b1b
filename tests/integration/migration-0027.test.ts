/**
 * Migration 0027 turns every stored `distance_details` into numbers. The old rows are written the
 * way production wrote them before it (raw SQL is acceptable here only: it reproduces a shape the
 * app no longer writes), on a schema brought back to 0026, then the migration runs.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDistanceDetails } from "~/booking/rules/booking-row";
import { migrations } from "../../db/migrations";
import { engines, testDb, type TestDb } from "../setup/db";

const OLD_ROWS: Array<{ id: string; trip: "oneWay" | "roundTrip"; km: number; seconds: number; details: string }> = [
  // today's shape: texts and numbers
  { id: "b-numbers", trip: "oneWay", km: 38.4, seconds: 2437, details: JSON.stringify({ outbound: { distance: "38 km", distance_value: 38.4, duration: "41 dk", duration_value: 2437 }, return: null }) },
  // a round trip
  {
    id: "b-round",
    trip: "roundTrip",
    km: 61.3,
    seconds: 7200,
    details: JSON.stringify({
      outbound: { distance: "31 km", distance_value: 31.4, duration: "1 saat 5 dk", duration_value: 3900 },
      return: { distance: "30 km", distance_value: 29.9, duration: "55 dk", duration_value: 3300 },
    }),
  },
  // older rows: only the texts
  { id: "b-texts", trip: "oneWay", km: 120, seconds: 5400, details: JSON.stringify({ outbound: { distance: "1,234.5 km", duration: "2 saat 5 dk" }, return: null }) },
  { id: "b-english", trip: "roundTrip", km: 90, seconds: 6000, details: JSON.stringify({ outbound: { distance: "45 km", duration: "50 min" }, return: { distance: "45 km", duration: "1 h" } }) },
  // nothing readable: rebuilt from the totals
  { id: "b-empty", trip: "oneWay", km: 12.3, seconds: 900, details: "" },
];

describe.each(engines)("migration 0027 (distance details as numbers) on %s", (engine) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await testDb(engine);
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    const down = await migrator.migrateTo("0026_idempotency_request_hash");
    if (down.error) throw down.error;
    for (const r of OLD_ROWS) {
      await sql`insert into bookings (id, reference, access_token_hash, trip_type, pickup_location, dropoff_location, pickup_date, passengers, full_name, email, phone, total_distance, total_duration, total_price, rate_per_km, distance_details, created_at, updated_at)
        values (${r.id}, ${`VT-${r.id}`}, ${`hash-${r.id}`}, ${r.trip}, ${"AYT"}, ${"Belek"}, ${"2026-07-01T07:00:00.000Z"}, ${2}, ${"Old Row"}, ${"old@example.com"}, ${"+90 532 000 00 00"}, ${r.km}, ${r.seconds}, ${100_000}, ${2_500}, ${r.details}, ${"2025-01-01T00:00:00.000Z"}, ${"2025-01-01T00:00:00.000Z"})`.execute(db.kysely);
    }
    await db.migrateUp();
  });
  afterAll(() => db.destroy());

  it("converts every old row to { outbound: { km, minutes }, return }", async () => {
    const rows = await db.kysely.selectFrom("bookings").select(["id", "distance_details"]).orderBy("id").execute();
    const stored = Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.distance_details)]));
    expect(stored).toEqual({
      "b-numbers": { outbound: { km: 38.4, minutes: 41 }, return: null },
      "b-round": { outbound: { km: 31.4, minutes: 65 }, return: { km: 29.9, minutes: 55 } },
      "b-texts": { outbound: { km: 1234.5, minutes: 125 }, return: null },
      "b-english": { outbound: { km: 45, minutes: 50 }, return: { km: 45, minutes: 60 } },
      "b-empty": { outbound: { km: 12.3, minutes: 15 }, return: null },
    });
    for (const row of rows) expect(readDistanceDetails(row), row.id).not.toBeNull();
  });

  it("is undone by its down migration into the old field names", async () => {
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations }, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
    expect((await migrator.migrateTo("0026_idempotency_request_hash")).error).toBeUndefined();
    const row = await db.kysely.selectFrom("bookings").select("distance_details").where("id", "=", "b-round").executeTakeFirstOrThrow();
    expect(JSON.parse(row.distance_details)).toEqual({
      outbound: { distance: "31 km", distance_value: 31.4, duration: "65 dk", duration_value: 3900 },
      return: { distance: "30 km", distance_value: 29.9, duration: "55 dk", duration_value: 3300 },
    });
    await db.migrateUp();
  });
});
