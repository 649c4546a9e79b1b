import type { Kysely } from "kysely";

/**
 * `bookings.distance_details` stores numbers only: `{ outbound: { km, minutes }, return: { km,
 * minutes } | null }` instead of `{ distance: "38 km", distance_value, duration: "40 dk",
 * duration_value (seconds) }`. Rows old enough to lack the *_value numbers are read from their text
 * (this once, here; the app never parses such text). Rows are read in batches and updated one by
 * one, the same way on SQLite and PostgreSQL. Frozen: no imports from the app.
 */

const BATCH = 500;

interface NewLeg {
  km: number;
  minutes: number;
}

type Row = { id: string; distance_details: string | null; trip_type: string; total_distance: number; total_duration: number };
type Db = Kysely<{ bookings: Row }>;

const round1 = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n * 10) / 10 : 0);
const whole = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);

/** "38 km", "1,234.5 km" → 38, 1234.5 (digits and the dot, as spec §9 reads a map service's text). */
function kmFromText(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const kept = text.replace(/[^0-9.]/g, "");
  if (!/[0-9]/.test(kept)) return null;
  const value = Number.parseFloat(kept);
  return Number.isFinite(value) ? value : null;
}

/** "40 dk", "1 saat 5 dk", "1 h 5 min", "2 Std. 5 Min.", "1 ч 5 мин" → minutes. */
function minutesFromText(text: unknown): number | null {
  if (typeof text !== "string" || !/[0-9]/.test(text)) return null;
  const hours = /(\d+(?:[.,]\d+)?)\s*(?:saat|std|hours?|hrs?|h|ч)/i.exec(text);
  const mins = /(\d+)\s*(?:dk|dakika|min|мин)/i.exec(text);
  if (!hours && !mins) {
    const bare = Number.parseFloat(text.replace(",", "."));
    return Number.isFinite(bare) ? bare : null;
  }
  return (hours ? Number(hours[1]!.replace(",", ".")) * 60 : 0) + (mins ? Number(mins[1]) : 0);
}

function newLeg(old: unknown, fallback: NewLeg): NewLeg {
  if (typeof old !== "object" || old === null) return fallback;
  const leg = old as Record<string, unknown>;
  if (typeof leg.km === "number" && typeof leg.minutes === "number") return { km: round1(leg.km), minutes: whole(leg.minutes) };
  const km = typeof leg.distance_value === "number" ? leg.distance_value : kmFromText(leg.distance);
  const minutes = typeof leg.duration_value === "number" ? leg.duration_value / 60 : minutesFromText(leg.duration);
  return { km: round1(km ?? fallback.km), minutes: whole(minutes ?? fallback.minutes) };
}

export function convertDetails(row: Row): string {
  let old: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.distance_details ?? "");
    if (typeof parsed === "object" && parsed !== null) old = parsed as Record<string, unknown>;
  } catch {
    // unreadable: rebuilt from the totals below
  }
  const round = row.trip_type === "roundTrip";
  const share = round ? 2 : 1;
  const fallback = { km: Number(row.total_distance) / share, minutes: Number(row.total_duration) / 60 / share };
  const outbound = newLeg(old.outbound, fallback);
  const back = round ? newLeg(old.return, { km: Math.max(0, Number(row.total_distance) - outbound.km), minutes: fallback.minutes }) : null;
  return JSON.stringify({ outbound, return: back });
}

function oldDetails(text: string | null): string {
  let parsed: { outbound?: NewLeg | null; return?: NewLeg | null } = {};
  try {
    parsed = JSON.parse(text ?? "") ?? {};
  } catch {
    // leave as is
  }
  const leg = (l: NewLeg | null | undefined) =>
    l && typeof l.km === "number"
      ? { distance: `${Math.round(l.km)} km`, distance_value: l.km, duration: `${l.minutes} dk`, duration_value: l.minutes * 60 }
      : null;
  return JSON.stringify({ outbound: leg(parsed.outbound), return: leg(parsed.return) });
}

async function rewrite(db: Db, convert: (row: Row) => string) {
  let after = "";
  for (;;) {
    const rows: Row[] = await db
      .selectFrom("bookings")
      .select(["id", "distance_details", "trip_type", "total_distance", "total_duration"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const next = convert(row);
      if (next !== row.distance_details) await db.updateTable("bookings").set({ distance_details: next }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>) {
  await rewrite(db as unknown as Db, convertDetails);
}

export async function down(db: Kysely<unknown>) {
  await rewrite(db as unknown as Db, (row) => oldDetails(row.distance_details));
}
