import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import { listBookings } from "~/booking/admin-bookings.server";
import { getDashboard, getDashboardStats, getPopularCars, getRecentBookings } from "~/admin/stats.server";
import { createCar } from "~/fleet/cars.server";
import { migrateToLatest, openDatabase, type Db } from "~/server/db/connection.server";
import { SEED_FLEET } from "../db/seed/fleet";
import { carInputFrom } from "../db/seed/factories";
import { bookingRow } from "./booking-rows";

const engine = process.env.E ?? "sqlite";
async function open(): Promise<{ db: Db; fresh: boolean }> {
  if (engine === "sqlite") {
    const fresh = !existsSync("/tmp/h17/bench.db");
    return { db: openDatabase("file:/tmp/h17/bench.db"), fresh };
  }
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  const r = await c.query("select 1 from information_schema.schemata where schema_name='h17scratch'");
  if (!r.rowCount) await c.query("create schema h17scratch");
  await c.end();
  return { db: openDatabase(process.env.TEST_DATABASE_URL, { schema: "h17scratch", poolSize: 4 }), fresh: !r.rowCount };
}
const { db, fresh } = await open();
await migrateToLatest(db);
if (fresh) {
  const cars = [];
  for (const [i, car] of SEED_FLEET.entries()) cars.push(await createCar(db.kysely, carInputFrom(car, { sort_order: i })));
  for (let from = 0; from < 100_000; from += 500) {
    const rows = [];
    for (let i = from; i < from + 500; i++) rows.push(bookingRow(i, { id: cars[i % cars.length]!.id, name: cars[i % cars.length]!.name }));
    await db.kysely.insertInto("bookings").values(rows).execute();
  }
  await sql`analyze`.execute(db.kysely);
  console.log("seeded");
}
async function t(name: string, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) { const s = performance.now(); await fn(); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} p50 ${times[7]!.toFixed(1)}  p95 ${times[14]!.toFixed(1)}`);
}
const k = db.kysely;
await t("dashboard", () => getDashboard(k));
await t("stats", () => getDashboardStats(k));
await t("recent", () => getRecentBookings(k));
await t("popular", () => getPopularCars(k));
for (const q of ["İSTANBUL", "kemer", "gunther.4711@example.com", "no such person", "0532 100 42 42", "VT-2", "ay", "Şahin Müller"]) await t(`search ${q}`, () => listBookings(k, { q }, 1));
await t("search sahin confirmed p3", () => listBookings(k, { q: "sahin", status: "confirmed" }, 3));
await db.close();
