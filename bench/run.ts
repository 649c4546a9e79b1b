/**
 * `npm run bench`: the back office with 100 000 bookings and the notice each leaves for the office.
 * Seeds a throwaway SQLite database (and a throwaway PostgreSQL schema when BENCH_DATABASE_URL is
 * set), then times what an office worker does: list a page, jump deep, search, filter, count and
 * export the CSV, and the work list's server time (p50/p95 of the loader's queries: the query
 * check, the car list, the page and its count, as far as the page counts) for the default upcoming
 * list and date-filtered views. Prints figures only; speed is judged by reading them, never
 * asserted. BENCH_BOOKINGS changes the number of rows; PostgreSQL runs too when BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) is set.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import { notificationRow } from "~/admin/notifications.server";
import { getDashboard } from "~/admin/stats.server";
import { adminSearch } from "~/admin/search.server";
import { checkBookingQuery, countBookings, LIST_COUNT_AHEAD, parseBookingQuery, type BookingFilter } from "~/booking/index.server";
import { listAdminBookings } from "~/routes/admin/booking-view.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createCar, listCars } from "~/fleet/cars.server";
import { migrateToLatest, openDatabase, type Db } from "~/server/db/connection.server";
import { SEED_FLEET } from "../db/seed/fleet";
import { carInputFrom } from "../db/seed/factories";
import { benchAdminHttp } from "./admin-http";
import { bookingRow } from "./booking-rows";
import { benchPlanning } from "./planning";
import { benchReports } from "./reports";

const TOTAL = Number(process.env.BENCH_BOOKINGS ?? 100_000);
/** BENCH_ONLY=planning: seed, then only issue 34's figures (board, suggestions, customers, reports) with their baseline */
const ONLY_PLANNING = process.env.BENCH_ONLY === "planning";
const BATCH = 500;

async function seed(db: Db) {
  const cars = [];
  for (const [i, car] of SEED_FLEET.entries()) cars.push(await createCar(db.kysely, carInputFrom(car, { sort_order: i })));
  const started = performance.now();
  // Every booking leaves a notice for the office (createBooking's "Yeni rezervasyon alındı"); the
  // office has read those older than a month.
  const readBefore = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (let from = 0; from < TOTAL; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(TOTAL, from + BATCH); i++) {
      const car = cars[i % cars.length]!;
      rows.push(bookingRow(i, { id: car.id, name: car.name }));
    }
    await db.kysely.insertInto("bookings").values(rows).execute();
    const notices = rows.map((row) => ({
      ...notificationRow(
        {
          kind: "booking",
          message: { title: "notifications.bookingTitle", body: "notifications.bookingBody", values: { reference: row.reference, name: row.full_name } },
          link: `/admin/bookings/${row.id}`,
          relatedId: row.id,
        },
        row.created_at,
      ),
      read_at: row.created_at < readBefore ? row.created_at : null,
    }));
    await db.kysely.insertInto("notifications").values(notices).execute();
  }
  // Fresh statistics, as a live database has them (PostgreSQL's autovacuum, SQLite's optimize).
  await sql`analyze`.execute(db.kysely);
  return performance.now() - started;
}

async function time<T>(runs: number, fn: () => Promise<T>): Promise<{ median: number; p95: number; max: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!, max: times[times.length - 1]!, result };
}

async function exportAll(db: Db, filter: BookingFilter) {
  const reader = bookingsCsvStream(db.kysely, filter).getReader();
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    chunks++;
  }
  return { bytes, chunks };
}

const ms = (n: number) => `${n.toFixed(1).padStart(8)} ms`;

async function bench(label: string, db: Db) {
  console.log(`\n== ${label}: seeding ${TOTAL.toLocaleString("en")} bookings…`);
  const seeded = await seed(db);
  console.log(`seeded in ${(seeded / 1000).toFixed(1)} s`);
  if (ONLY_PLANNING) return benchPlanning(db, TOTAL);
  const lastPage = Math.ceil(TOTAL / 10);
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["list, page 1 (newest first)", () => listAdminBookings(db.kysely, {}, 1)],
    ["list, page 1 (oldest first)", () => listAdminBookings(db.kysely, { sort: "asc" }, 1)],
    [`list, last page (${lastPage})`, () => listAdminBookings(db.kysely, {}, lastPage)],
    ["filter status=pending, page 1", () => listAdminBookings(db.kysely, { status: "pending" }, 1)],
    ["search 'İSTANBUL' (common), page 1", () => listAdminBookings(db.kysely, { q: "İSTANBUL" }, 1)],
    ["search e-mail of one customer", () => listAdminBookings(db.kysely, { q: "gunther.4711@example.com" }, 1)],
    ["search 'no such person'", () => listAdminBookings(db.kysely, { q: "no such person" }, 1)],
    ["search + status, page 3", () => listAdminBookings(db.kysely, { q: "sahin", status: "confirmed" }, 3)],
    ["count all", () => countBookings(db.kysely)],
    ["count status=cancelled", () => countBookings(db.kysely, { status: "cancelled" })],
  ];
  for (const [name, fn] of cases) {
    const { median, max } = await time(7, fn);
    console.log(`${name.padEnd(40)} median ${ms(median)}   max ${ms(max)}`);
  }
  // The work list as /admin/bookings serves it: what its loader asks the database, per request.
  const someCar = (await listCars(db.kysely)).cars[0]!.id;
  const tomorrow = toBusinessParts(new Date(Date.now() + 86_400_000)).date;
  const monthAhead = toBusinessParts(new Date(Date.now() + 30 * 86_400_000)).date;
  // (counted as the page counts: up to LIST_COUNT_AHEAD, "1,000+" beyond)
  const workList = async (qs: string) => {
    const query = await checkBookingQuery(db.kysely, parseBookingQuery(new URLSearchParams(qs)));
    const [page] = await Promise.all([listAdminBookings(db.kysely, query, query.page, undefined, { countAhead: LIST_COUNT_AHEAD }), listCars(db.kysely)]);
    return `${page.total.toLocaleString("en")}${page.more ? "+" : ""}`;
  };
  // The dashboard as /admin/dashboard and /api/stats/dashboard read it (counts kept by triggers, month windows index-only).
  await getDashboard(db.kysely);
  {
    const { median, p95, result } = await time(40, () => getDashboard(db.kysely));
    console.log(`${"dashboard (stats, recent, popular cars)".padEnd(40)} p50 ${ms(median)}   p95 ${ms(p95)}   ${result.stats.totalBookings.toLocaleString("en")} bookings`);
  }
  const sample = await db.kysely.selectFrom("bookings").select(["reference", "email"]).orderBy("pickup_date").offset(Math.floor(TOTAL / 3)).limit(1).executeTakeFirstOrThrow();
  for (const [name, qs] of [
    ["work list, default (upcoming first)", ""],
    ["work list, status=pending", "status=pending"],
    ["work list, one car", `car=${someCar}&view=all`],
    ["search name 'Ayşe Yılmaz' (~830)", `q=${encodeURIComponent("Ayşe Yılmaz")}`],
    ["search name 'YILMAZ' (10k)", "q=YILMAZ"],
    ["search name 'şahin' + status=confirmed", `q=${encodeURIComponent("şahin")}&status=confirmed`],
    ["search 'İSTANBUL' (20k), page 3", `q=${encodeURIComponent("İSTANBUL")}&page=3`],
    [`search e-mail ${sample.email}`, `q=${encodeURIComponent(sample.email)}`],
    [`search reference ${sample.reference}`, `q=${encodeURIComponent(sample.reference)}`],
    ["search 'no such person'", `q=${encodeURIComponent("no such person")}`],
    ["search 2 letters 'ay' (plain scan)", "q=ay"],
    ["work list, view=tomorrow", "view=tomorrow"],
    ["work list, view=today", "view=today"],
    ["work list, view=week", "view=week"],
    ["work list, view=past", "view=past"],
    ["work list, view=past, page 50", "view=past&page=50"],
    [`work list, from/to ${tomorrow}`, `from=${tomorrow}&to=${tomorrow}`],
    ["work list, next 30 days", `from=${tomorrow}&to=${monthAhead}`],
    ["work list, tomorrow + one car", `view=tomorrow&car=${someCar}`],
    ["work list, upcoming + one car", `car=${someCar}`],
    ["work list, tomorrow + status=confirmed", "view=tomorrow&status=confirmed"],
    ["work list, tomorrow + search 'kemer'", "view=tomorrow&q=kemer"],
    ["work list, phone search", `q=${encodeURIComponent("0532 100 42 42")}`],
    ["work list, phone search + next 30 days", `q=${encodeURIComponent("0532 100 42 42")}&from=${tomorrow}&to=${monthAhead}`],
  ] as Array<[string, string]>) {
    await workList(qs); // warm
    const { median, p95, result } = await time(40, () => workList(qs));
    console.log(`${name.padEnd(40)} p50 ${ms(median)}   p95 ${ms(p95)}   ${result} trips`);
  }
  for (const q of ["0532 100 42 42", "Ayşe Yılmaz", sample.reference]) {
    await adminSearch(db.kysely, q);
    const { median, p95, result } = await time(40, () => adminSearch(db.kysely, q));
    console.log(`${`top bar search '${q}'`.padEnd(40)} p50 ${ms(median)}   p95 ${ms(p95)}   ${result.bookings.length} shown`);
  }
  for (const [name, filter] of [
    ["CSV export, tomorrow", parseBookingQuery(new URLSearchParams("view=tomorrow"))],
    ["CSV export, everything", {}],
    ["CSV export, status=completed", { status: "completed" }],
    ["CSV export, search 'kemer'", { q: "kemer" }],
  ] as Array<[string, BookingFilter]>) {
    const { median, result } = await time(3, () => exportAll(db, filter));
    console.log(`${name.padEnd(40)} median ${ms(median)}   ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${result.chunks} chunks`);
  }
  await benchPlanning(db, TOTAL);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "vt-bench-"));
  const sqlite = openDatabase(`file:${join(dir, "bench.db")}`);
  try {
    await migrateToLatest(sqlite);
    await bench("SQLite", sqlite);
    if (!ONLY_PLANNING) await benchAdminHttp(sqlite, `file:${join(dir, "bench.db")}`, dir);
    // last: it gives the bookings drivers and payments, which the figures above were measured without
    await benchReports(sqlite);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("\n(Set BENCH_DATABASE_URL=postgres://… (or TEST_DATABASE_URL) to run the same figures on PostgreSQL.)");
    return;
  }
  const schema = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDatabase(url, { schema, poolSize: 4 });
  const pgDir = mkdtempSync(join(tmpdir(), "vt-bench-"));
  try {
    await migrateToLatest(db);
    await bench(`PostgreSQL (schema ${schema})`, db);
    // the same pages served from the PostgreSQL schema (its name as the connection's search_path)
    const served = new URL(url);
    served.searchParams.set("options", `-c search_path=${schema}`);
    if (!ONLY_PLANNING) await benchAdminHttp(db, served.toString(), pgDir, "PostgreSQL");
    await benchReports(db);
  } finally {
    await db.close();
    rmSync(pgDir, { recursive: true, force: true });
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
