import { sql, type Kysely } from "kysely";

/**
 * One active fare per route pair (issue 34). `route_fares.pair_key` holds an active fare's pair
 * (the app's farePairKey: ">a|b" for a one-way fare, the two ends sorted "~a|b" for a two-way one,
 * an end "p:<place id>" or "z:<zone id>"), null for an inactive fare, and a unique index keeps the
 * same pair from being priced twice. A database may already hold duplicates: of each group the
 * fare quotes use today stays active (matchFare: the most prices, then the lowest id) and the
 * others are made inactive, kept for the office to read or delete. Frozen: the key is written out
 * here, not imported.
 */
type Row = {
  id: string;
  from_kind: string;
  from_place_id: string | null;
  from_zone_id: string | null;
  to_kind: string;
  to_place_id: string | null;
  to_zone_id: string | null;
  one_way: number | boolean;
  prices: string;
  active: number | boolean;
};

const endKey = (kind: string, placeId: string | null, zoneId: string | null) =>
  kind === "place" ? `p:${placeId}` : `z:${zoneId}`;

function pairKey(row: Row): string | null {
  if (!row.active) return null;
  const a = endKey(row.from_kind, row.from_place_id, row.from_zone_id);
  const b = endKey(row.to_kind, row.to_place_id, row.to_zone_id);
  return row.one_way ? `>${a}|${b}` : `~${[a, b].sort().join("|")}`;
}

function priceCount(json: string): number {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).length : 0;
  } catch {
    return 0;
  }
}

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("route_fares").addColumn("pair_key", "text").execute();
  const rows = (
    await sql<Row>`select id, from_kind, from_place_id, from_zone_id, to_kind, to_place_id, to_zone_id, one_way, prices, active from route_fares`.execute(
      db,
    )
  ).rows;
  const winners = new Map<string, Row>();
  const losers: string[] = [];
  for (const row of rows) {
    const key = pairKey(row);
    if (!key) continue;
    const best = winners.get(key);
    if (!best) {
      winners.set(key, row);
      continue;
    }
    const [n, m] = [priceCount(row.prices), priceCount(best.prices)];
    const better = n > m || (n === m && row.id < best.id);
    losers.push(better ? best.id : row.id);
    if (better) winners.set(key, row);
  }
  for (const id of losers) await sql`update route_fares set active = 0 where id = ${id}`.execute(db);
  for (const [key, row] of winners)
    await sql`update route_fares set pair_key = ${key} where id = ${row.id}`.execute(db);
  await db.schema.createIndex("route_fares_pair_key_idx").on("route_fares").column("pair_key").unique().execute();
}

/** The index and the key go; fares made inactive stay inactive (which were is not recorded). */
export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("route_fares_pair_key_idx").execute();
  await db.schema.alterTable("route_fares").dropColumn("pair_key").execute();
}
