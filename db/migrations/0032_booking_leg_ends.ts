import type { Kysely } from "kysely";

/**
 * When each leg ends (pickup + route duration, UTC instants): `pickup_end` for the outbound leg,
 * `return_end` for the return (null on one-way trips). Availability and the dispatch board compare
 * these as text, the same on SQLite and PostgreSQL. Existing rows are filled in batches from their
 * stored leg minutes (`distance_details`), or from the total duration when those are unreadable.
 * Frozen: no imports from the app.
 */
const BATCH = 500;

type Row = {
  id: string;
  trip_type: string;
  pickup_date: string;
  return_date: string | null;
  distance_details: string | null;
  total_duration: number | null;
  pickup_end: string | null;
  return_end: string | null;
};
type Db = Kysely<{ bookings: Row }>;

function legMinutes(row: Row): { outbound: number; back: number | null } {
  const roundTrip = row.trip_type === "roundTrip" && row.return_date !== null;
  try {
    const details = JSON.parse(row.distance_details ?? "") as { outbound?: { minutes?: unknown }; return?: { minutes?: unknown } | null };
    const out = details?.outbound?.minutes;
    if (typeof out === "number" && Number.isFinite(out) && out >= 0) {
      const back = details.return?.minutes;
      return { outbound: out, back: roundTrip ? (typeof back === "number" && Number.isFinite(back) && back >= 0 ? back : out) : null };
    }
  } catch {
    // older or damaged rows: use the total below
  }
  const total = Math.max(0, Number(row.total_duration) || 0) / 60;
  return roundTrip ? { outbound: total / 2, back: total / 2 } : { outbound: total, back: null };
}

const plus = (instant: string, minutes: number): string | null => {
  const start = Date.parse(instant);
  return Number.isFinite(start) ? new Date(start + Math.round(minutes) * 60_000).toISOString() : null;
};

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("pickup_end", "text").execute();
  await db.schema.alterTable("bookings").addColumn("return_end", "text").execute();
  const typed = db as unknown as Db;
  let after = "";
  for (;;) {
    const rows = await typed
      .selectFrom("bookings")
      .select(["id", "trip_type", "pickup_date", "return_date", "distance_details", "total_duration", "pickup_end", "return_end"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const minutes = legMinutes(row);
      const pickupEnd = plus(row.pickup_date, minutes.outbound);
      const returnEnd = row.return_date && minutes.back !== null ? plus(row.return_date, minutes.back) : null;
      await typed.updateTable("bookings").set({ pickup_end: pickupEnd, return_end: returnEnd }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("return_end").execute();
  await db.schema.alterTable("bookings").dropColumn("pickup_end").execute();
}
