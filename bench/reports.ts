/**
 * The reports' bench (issue 34, part of `npm run bench`, called by bench/run.ts after its other
 * cases on the same 100,000 bookings): gives the seeded bookings what a real year has beyond the
 * bookings (a driver on most legs under 20 drivers with payout rules, some no-shows, the completed
 * ones paid, a party's second car now and then), then times the reports' server work
 * (`periodReport`: the four grouped queries and the names) for a month, for the last 366 days
 * (the longest period the screen takes) and for every booking at once, p50/p95 over 40 runs, with
 * the bookings list's first page in the same run as the baseline (the ratio of the p95s).
 */
import { CompiledQuery, sql, type KyselyPlugin } from "kysely";
import { periodReport } from "~/admin/reports.server";
import { monthPeriod, reportPeriodFrom, type ReportPeriod } from "~/admin/reports-period";
import { createDriver } from "~/drivers/drivers.server";
import { lastMonth } from "~/partners/statement";
import { listAdminBookings } from "~/routes/admin/booking-view.server";
import type { Db } from "~/server/db/connection.server";
import type { JobStatus } from "~/server/db/schema";
import { timed, timingLine } from "./timing";

const BATCH = 500;

export async function seedRide(db: Db) {
  const drivers: string[] = [];
  const rules = [{ payoutRule: "trip", payoutAmount: "300" }, { payoutRule: "km", payoutAmount: "4,5" }, { payoutRule: "share", payoutShare: "25" }, {}];
  for (let i = 0; i < 20; i++) {
    const saved = await createDriver(db.kysely, { name: `Bench Driver ${i}`, phone: `0532 900 ${String(10 + i).padStart(2, "0")} 00`, ...rules[i % rules.length] }, null);
    if (!saved.ok) throw new Error("bench driver refused");
    drivers.push(saved.driver.id);
  }
  const rows = await db.kysely.selectFrom("bookings").select(["id", "pickup_date", "return_date", "trip_type", "status", "car_id", "total_price"]).where("status", "!=", "cancelled").execute();
  const at = new Date().toISOString();
  const legs = [];
  const further = [];
  for (const [i, b] of rows.entries()) {
    // nine bookings in ten have a driver; one leg in forty is a no-show
    if (i % 10 === 9) continue;
    const driver = drivers[i % drivers.length]!;
    const status: JobStatus = b.status === "completed" ? (i % 40 === 0 ? "no_show" : "completed") : "assigned";
    legs.push({ booking_id: b.id, leg: "outbound" as const, unit: 1, driver_id: driver, pickup_at: b.pickup_date, job_nonce: `n${i}`, job_token_hash: `bench-${b.id}-o`, job_status: status, assigned_at: at, updated_at: at });
    if (b.trip_type === "roundTrip" && b.return_date) {
      legs.push({ booking_id: b.id, leg: "return" as const, unit: 1, driver_id: driver, pickup_at: b.return_date, job_nonce: `r${i}`, job_token_hash: `bench-${b.id}-r`, job_status: status, assigned_at: at, updated_at: at });
    }
    // one booking in fifty is a party with a second car taking 40 % of the price
    if (i % 50 === 7 && b.car_id) further.push({ booking_id: b.id, unit: 2, car_id: b.car_id, car_name: "", passengers: 1, luggage: 0, price: Math.round(b.total_price * 0.4) as never });
  }
  for (let from = 0; from < legs.length; from += BATCH) await db.kysely.insertInto("booking_legs").values(legs.slice(from, from + BATCH)).execute();
  for (let from = 0; from < further.length; from += BATCH) await db.kysely.insertInto("booking_cars").values(further.slice(from, from + BATCH)).execute();
  // the completed ones paid in full, as the ledger leaves them
  await db.kysely.updateTable("bookings").set((eb) => ({ amount_paid: eb.ref("total_price") })).where("status", "=", "completed").execute();
  await sql`analyze`.execute(db.kysely);
  return { legs: legs.length, further: further.length };
}

/** BENCH_EXPLAIN=1: the plan of each of the report's queries on the booking tables, as the engine reads it for `period`. */
async function explain(db: Db, period: ReportPeriod) {
  const compiled: CompiledQuery[] = [];
  const executor = db.kysely.getExecutor();
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      compiled.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await periodReport(db.kysely.withPlugin(capture), period);
  const prefix = db.engine === "sqlite" ? "explain query plan " : "explain ";
  for (const q of compiled.filter((c) => /booking/.test(c.sql))) {
    const plan = await db.kysely.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    console.log(`\n${q.sql.slice(0, 90)}…`);
    for (const row of plan.rows as Array<Record<string, unknown>>) console.log(`  ${String(row.detail ?? row["QUERY PLAN"])}`);
  }
}

export async function benchReports(db: Db) {
  const seeded = await seedRide(db);
  console.log(`\nreports: ${seeded.legs.toLocaleString("en")} legs with 20 drivers, ${seeded.further.toLocaleString("en")} second cars`);
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  const day = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  const year = reportPeriodFrom(new URLSearchParams({ from: day(yearAgo), to: day(today) })).period;
  const all: ReportPeriod = { ...year, kind: "range", from: "2000-01-01", to: "2099-12-31", start: "2000-01-01T00:00:00.000Z", end: "2100-01-01T00:00:00.000Z" };
  if (process.env.BENCH_EXPLAIN) await explain(db, year);
  const baseline = await timed(() => listAdminBookings(db.kysely, {}, 1));
  timingLine("baseline: bookings list, page 1", baseline, null);
  for (const [name, period] of [
    [`report, last month (${lastMonth()})`, monthPeriod(lastMonth())],
    [`report, a year (${year.from}…${year.to})`, year],
    ["report, every booking at once", all],
  ] as Array<[string, ReportPeriod]>) {
    const report = await periodReport(db.kysely, period);
    const t = await timed(() => periodReport(db.kysely, period));
    const counted = report.totals.bookings + report.totals.cancelled.bookings;
    timingLine(name, t, baseline, `${counted.toLocaleString("en")} bookings`);
  }
}
