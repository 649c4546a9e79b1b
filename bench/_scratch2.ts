import { performance } from "node:perf_hooks";
import { checkBookingQuery, listBookings, parseBookingQuery } from "~/booking/admin-bookings.server";
import { openDatabase } from "~/server/db/connection.server";
const db = openDatabase("file:/tmp/h17/bench.db");
const k = db.kysely;
const log: string[] = [];
const k2 = k.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => a.result });
void k2;
async function t(name: string, qs: string) {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) { const s = performance.now(); const q = await checkBookingQuery(k, parseBookingQuery(new URLSearchParams(qs))); await listBookings(k, q, q.page); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(30)} p50 ${times[4]!.toFixed(1)} max ${times[8]!.toFixed(1)}`);
}
await t("default", "");
await t("pending", "status=pending");
await t("tomorrow", "view=tomorrow");
console.log(log.length);
await db.close();
