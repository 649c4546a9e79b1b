/**
 * The office's corrections of the road table, stored in `road_distances`. Every instance reads
 * them with a short-lived cache (CORRECTIONS_TTL_MS), so a correction reaches new quotes on every
 * instance within seconds; the instance that saves clears its cache at once.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { orderedPair, pairKey, type RoadCorrections } from "./road-table.server";

export const CORRECTIONS_TTL_MS = 5_000;

export interface RoadCorrectionRow {
  placeA: string;
  placeB: string;
  km: number;
  minutes: number;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string;
}

const cache = new WeakMap<Kysely<Database>, { at: number; value: Promise<RoadCorrections> }>();

async function readCorrections(db: Kysely<Database>): Promise<RoadCorrections> {
  const rows = await db.selectFrom("road_distances").select(["place_a", "place_b", "km", "minutes"]).execute();
  return new Map(rows.map((r) => [pairKey(r.place_a, r.place_b), { km: Number(r.km), minutes: Number(r.minutes) }]));
}

/** The corrections as routing uses them: at most CORRECTIONS_TTL_MS old. */
export function cachedCorrections(db: Kysely<Database>, now = Date.now()): Promise<RoadCorrections> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CORRECTIONS_TTL_MS) return hit.value;
  const value = readCorrections(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

export function forgetCorrections(db: Kysely<Database>) {
  cache.delete(db);
}

export async function listCorrections(db: Kysely<Database>): Promise<RoadCorrectionRow[]> {
  const rows = await db
    .selectFrom("road_distances")
    .leftJoin("users", "users.id", "road_distances.updated_by")
    .select([
      "road_distances.place_a",
      "road_distances.place_b",
      "road_distances.km",
      "road_distances.minutes",
      "road_distances.updated_by",
      "road_distances.updated_at",
      "users.name as user_name",
    ])
    .orderBy("road_distances.place_a")
    .orderBy("road_distances.place_b")
    .execute();
  return rows.map((r) => ({
    placeA: r.place_a,
    placeB: r.place_b,
    km: Number(r.km),
    minutes: Number(r.minutes),
    updatedBy: r.updated_by,
    updatedByName: r.user_name ?? null,
    updatedAt: r.updated_at,
  }));
}

export async function saveCorrection(
  db: Kysely<Database>,
  input: { from: string; to: string; km: number; minutes: number; by: string | null },
  now = new Date(),
): Promise<void> {
  const [place_a, place_b] = orderedPair(input.from, input.to);
  const values = { km: input.km, minutes: input.minutes, updated_by: input.by, updated_at: now.toISOString() };
  await db
    .insertInto("road_distances")
    .values({ place_a, place_b, ...values })
    .onConflict((oc) => oc.columns(["place_a", "place_b"]).doUpdateSet(values))
    .execute();
  forgetCorrections(db);
}

export async function deleteCorrection(db: Kysely<Database>, from: string, to: string): Promise<void> {
  const [place_a, place_b] = orderedPair(from, to);
  await db.deleteFrom("road_distances").where("place_a", "=", place_a).where("place_b", "=", place_b).execute();
  forgetCorrections(db);
}
