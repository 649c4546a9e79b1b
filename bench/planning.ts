/**
 * Issue 34's figures at 100,000 bookings (part of `npm run bench`, called by bench/run.ts on its
 * seeded database): the dispatch board of a day and of a peak day, the suggestions for one leg of
 * that peak day, and the customer list (every booking linked to its guest by the production path,
 * `linkUnmatchedBookings`, as start-up links bookings made before guests were kept), each p50/p95
 * with its ratio to the bookings list's first page measured in the same run.
 */
import { performance } from "node:perf_hooks";
import { linkUnmatchedBookings, listCustomers, loadDispatchDay, suggestForLeg } from "~/booking/index.server";
import { boardDay, shiftDate } from "~/booking/rules/dispatch";
import { listAdminBookings } from "~/routes/admin/booking-view.server";
import type { Db } from "~/server/db/connection.server";
import { bookingRow } from "./booking-rows";
import { percentiles, timed, timingLine, type Timing } from "./timing";

/**
 * The dispatch board's server time (its loader's work: cars, buffer, the day's legs and their
 * layout), over days spread through the data, each read twice (cold and warm); then a peak day.
 * Returns the peak day's bookings.
 */
async function benchDispatchBoard(db: Db, total: number, baseline: Timing) {
  const runs: number[] = [];
  let legs = 0;
  for (let i = 0; i < 60; i++) {
    const date = shiftDate("2026-01-02", Math.floor((i * (total * 7)) / 24 / 60));
    for (let again = 0; again < 2; again++) {
      const t = performance.now();
      const board = await loadDispatchDay(db.kysely, boardDay(date)!);
      runs.push(performance.now() - t);
      legs += board.lanes.reduce((n, lane) => n + lane.legs.length, 0);
    }
  }
  timingLine("dispatch board, one day (60 days ×2)", percentiles(runs), baseline, `${(legs / runs.length).toFixed(1)} legs/day`);

  // A peak day as a busy office has it: 400 more bookings on one date, spread over the fleet.
  const busy = "2030-07-15";
  const cars = await db.kysely.selectFrom("cars").select(["id", "name"]).execute();
  const start = Date.parse(`${busy}T00:00:00+03:00`);
  const rows = Array.from({ length: 400 }, (_, i) => {
    const row = bookingRow(total + i, cars[i % cars.length]!);
    const pickup = new Date(start + ((i * 37) % (24 * 60)) * 60_000).toISOString();
    return { ...row, status: "confirmed" as const, pickup_date: pickup, pickup_end: new Date(Date.parse(pickup) + 50 * 60_000).toISOString(), return_date: null, return_end: null, trip_type: "oneWay" as const };
  });
  await db.kysely.insertInto("bookings").values(rows).execute();
  let peakLegs = 0;
  const peak = await timed(async () => {
    const board = await loadDispatchDay(db.kysely, boardDay(busy)!);
    peakLegs = board.lanes.reduce((n, lane) => n + lane.legs.length, 0);
  });
  timingLine(`dispatch board, peak day (${busy})`, peak, baseline, `${peakLegs} legs`);
  return rows.map((r) => r.id);
}

/** "Şoför ata" on a leg of the peak day: the free cars and drivers, best first, and those left out. */
async function benchSuggestions(db: Db, bookingIds: string[], baseline: Timing) {
  let i = 0;
  let offered = 0;
  const t = await timed(async () => {
    const found = await suggestForLeg(db.kysely, bookingIds[i++ % bookingIds.length]!, "outbound");
    offered = (found?.cars.length ?? 0) + (found?.carsLeftOut.length ?? 0);
  });
  timingLine("suggestions for one leg (peak day)", t, baseline, `${offered} cars weighed`);
}

async function benchCustomers(db: Db, baseline: Timing) {
  const started = performance.now();
  // the production path (start-up's), four bookings at once
  const linked = await linkUnmatchedBookings(db.kysely, { workers: 4 });
  const known = await listCustomers(db.kysely, undefined);
  console.log(`customers: ${linked.toLocaleString("en")} bookings linked to ${known.total.toLocaleString("en")} guests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const deep = Math.max(1, Math.floor(known.pageCount / 2));
  for (const [name, q, page] of [
    ["customers, page 1 (last booked first)", undefined, 1],
    [`customers, page ${deep}`, undefined, deep],
    ["customers, search 'Ayşe Yılmaz'", "Ayşe Yılmaz", 1],
    ["customers, search 'YILMAZ', page 3", "YILMAZ", 3],
    ["customers, phone '0532 100 42 42'", "0532 100 42 42", 1],
    ["customers, e-mail 'gunther.4711@…'", "gunther.4711@example.com", 1],
    ["customers, search 'no such person'", "no such person", 1],
  ] as Array<[string, string | undefined, number]>) {
    let found = 0;
    const t = await timed(async () => {
      found = (await listCustomers(db.kysely, q, page)).total;
    });
    timingLine(name, t, baseline, `${found.toLocaleString("en")} guests`);
  }
}

export async function benchPlanning(db: Db, total: number) {
  const baseline = await timed(() => listAdminBookings(db.kysely, {}, 1));
  console.log("");
  timingLine("baseline: bookings list, page 1", baseline, null);
  const peakDay = await benchDispatchBoard(db, total, baseline);
  await benchSuggestions(db, peakDay, baseline);
  await benchCustomers(db, baseline);
}
