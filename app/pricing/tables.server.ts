/**
 * The one write path for the office's pricing tables (zones, route fares, extras): the admin
 * screens, the demo seed and the tests' factories all write through these, with input already
 * checked by the screens' schemas.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { fromBool, nowIso, toJson } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import type { Kurus } from "~/utils/money";
import { farePairKey, faresClash, type FareEnd, type RouteFare, type Zone } from "~/booking/rules/fares";
import type { Extra, ExtraNames, ExtraPricing } from "~/booking/rules/extras";
import { toExtra, toRouteFare } from "./pricing.server";

export interface ZoneInput {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

export async function createZone(db: Kysely<Database>, input: ZoneInput): Promise<Zone> {
  const id = randomUUID();
  const at = nowIso();
  await db.insertInto("pricing_zones").values({ id, name: input.name.trim(), lat: input.lat, lng: input.lng, radius_km: input.radiusKm, created_at: at, updated_at: at }).execute();
  return { id, name: input.name.trim(), lat: input.lat, lng: input.lng, radiusKm: input.radiusKm };
}

export async function updateZone(db: Kysely<Database>, id: string, input: ZoneInput): Promise<boolean> {
  const result = await db
    .updateTable("pricing_zones")
    .set({ name: input.name.trim(), lat: input.lat, lng: input.lng, radius_km: input.radiusKm, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Routes that start or end in a zone (a zone in use is not deleted). */
export async function faresUsingZone(db: Kysely<Database>, zoneId: string): Promise<number> {
  const row = await db
    .selectFrom("route_fares")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.or([eb("from_zone_id", "=", zoneId), eb("to_zone_id", "=", zoneId)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteZone(db: Kysely<Database>, id: string): Promise<"deleted" | "in_use" | "not_found"> {
  if ((await faresUsingZone(db, id)) > 0) return "in_use";
  const result = await db.deleteFrom("pricing_zones").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? "deleted" : "not_found";
}

export interface FareInput {
  from: FareEnd;
  to: FareEnd;
  oneWay: boolean;
  /** kuruş per category; categories left out are priced by distance */
  prices: Record<string, Kurus>;
  active: boolean;
  sortOrder?: number;
}

function fareColumns(input: FareInput) {
  const end = (side: "from" | "to", e: FareEnd) => ({
    [`${side}_kind`]: e.kind,
    [`${side}_place_id`]: e.kind === "place" ? e.placeId : null,
    [`${side}_label`]: e.kind === "place" ? e.label : null,
    [`${side}_lat`]: e.kind === "place" ? e.lat : null,
    [`${side}_lng`]: e.kind === "place" ? e.lng : null,
    [`${side}_zone_id`]: e.kind === "zone" ? e.zoneId : null,
  });
  return {
    ...end("from", input.from),
    ...end("to", input.to),
    one_way: fromBool(input.oneWay),
    prices: toJson(input.prices),
    active: fromBool(input.active),
    pair_key: farePairKey(input),
    sort_order: input.sortOrder ?? 0,
  } as {
    from_kind: "place" | "zone";
    to_kind: "place" | "zone";
    one_way: number;
    prices: string;
    active: number;
    pair_key: string | null;
    sort_order: number;
  };
}

/** A fare saved, or refused because another active fare already prices the same ends (named, for the office to edit it instead). */
export type FareSave = { ok: true; fare: RouteFare } | { ok: false; reason: "duplicate"; existing: RouteFare };

const isUniqueViolation = (error: unknown) =>
  /unique|duplicate/i.test(String((error as { message?: unknown })?.message ?? "")) ||
  (error as { code?: unknown })?.code === "23505";

/** The active fare (other than `exceptId`) that `input` would sit beside on the same ends, if any (farePairKey, faresClash). */
async function clashingFare(db: Kysely<Database>, input: FareInput, exceptId?: string): Promise<RouteFare | null> {
  if (!input.active) return null;
  let query = db.selectFrom("route_fares").selectAll().where("active", "=", 1);
  if (exceptId) query = query.where("id", "<>", exceptId);
  const rows = await query.orderBy("id").execute();
  return rows.map(toRouteFare).find((fare) => faresClash(fare, input)) ?? null;
}

/**
 * Adds a fare, refused when an active fare already prices its ends (one active fare per pair: an
 * inactive fare may sit beside it). Two saves racing past the check meet the unique `pair_key`.
 */
export async function createFare(db: Kysely<Database>, input: FareInput): Promise<FareSave> {
  const clash = await clashingFare(db, input);
  if (clash) return { ok: false, reason: "duplicate", existing: clash };
  const id = randomUUID();
  const at = nowIso();
  try {
    await db.insertInto("route_fares").values({ id, ...fareColumns(input), created_at: at, updated_at: at }).execute();
  } catch (error) {
    const existing = isUniqueViolation(error) ? await clashingFare(db, input) : null;
    if (existing) return { ok: false, reason: "duplicate", existing };
    throw error;
  }
  return { ok: true, fare: toRouteFare(await db.selectFrom("route_fares").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) };
}

/** Changes a fare (null: no such fare), refused like createFare when it would sit beside another active fare. */
export async function updateFare(db: Kysely<Database>, id: string, input: FareInput): Promise<FareSave | null> {
  const clash = await clashingFare(db, input, id);
  if (clash) return { ok: false, reason: "duplicate", existing: clash };
  try {
    await db.updateTable("route_fares").set({ ...fareColumns(input), updated_at: nowIso() }).where("id", "=", id).execute();
  } catch (error) {
    const existing = isUniqueViolation(error) ? await clashingFare(db, input, id) : null;
    if (existing) return { ok: false, reason: "duplicate", existing };
    throw error;
  }
  const row = await db.selectFrom("route_fares").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ok: true, fare: toRouteFare(row) } : null;
}

export async function deleteFare(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("route_fares").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ExtraInput {
  code: string;
  names: ExtraNames;
  price: Kurus;
  pricing: ExtraPricing;
  maxQuantity: number;
  needsText: boolean;
  active: boolean;
  sortOrder?: number;
}

function extraColumns(input: ExtraInput) {
  return {
    code: input.code,
    names: toJson(input.names),
    price: input.price,
    pricing: input.pricing,
    max_quantity: input.maxQuantity,
    needs_text: fromBool(input.needsText),
    active: fromBool(input.active),
    sort_order: input.sortOrder ?? 0,
  };
}

export async function createExtra(db: Kysely<Database>, input: ExtraInput): Promise<Extra> {
  const id = randomUUID();
  const at = nowIso();
  await db.insertInto("extras").values({ id, ...extraColumns(input), created_at: at, updated_at: at }).execute();
  return toExtra(await db.selectFrom("extras").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
}

export async function updateExtra(db: Kysely<Database>, id: string, input: ExtraInput): Promise<Extra | null> {
  await db.updateTable("extras").set({ ...extraColumns(input), updated_at: nowIso() }).where("id", "=", id).execute();
  const row = await db.selectFrom("extras").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toExtra(row) : null;
}

export async function deleteExtra(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("extras").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
