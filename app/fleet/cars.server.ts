/**
 * Car queries and writes. Filtering, search and paging happen in the database.
 */
import type { Kurus } from "~/utils/money";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { problem, type Problem } from "~/i18n/problem";
import { nowIso, toCount, toJson } from "~/server/db/convert";
import type { CarStatus, Database, NewCarRow } from "~/server/db/schema";
import { foldSearchText, likePattern } from "~/utils/search-text";
import { toCar, type Car, type CarPlate, type StoredImage } from "./car";
import { countCarBookings } from "~/booking/index.server";

export interface CarFilter {
  q?: string;
  category?: string;
  status?: CarStatus;
}

export interface CarPage {
  cars: Car[];
  total: number;
}

function filtered(db: Kysely<Database>, filter: CarFilter) {
  let query = db.selectFrom("cars");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.category) query = query.where("category", "=", filter.category);
  const q = filter.q?.trim();
  if (q) query = query.where((eb) => eb("search_text", "like", likePattern(q)));
  return query;
}

/** Cars in display order (sort order, then newest first), optionally one page of them. */
export async function listCars(
  db: Kysely<Database>,
  filter: CarFilter = {},
  page?: { limit: number; offset: number },
): Promise<CarPage> {
  let rows = filtered(db, filter).selectAll().orderBy("sort_order", "asc").orderBy("created_at", "desc").orderBy("id");
  if (page) rows = rows.limit(page.limit).offset(page.offset);
  const [list, count] = await Promise.all([
    rows.execute(),
    page ? filtered(db, filter).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst() : undefined,
  ]);
  return { cars: list.map(toCar), total: page ? toCount(count?.n as number | string) : list.length };
}

/** Categories present in the data, in the order of the catalogue list. */
export async function listCategories(db: Kysely<Database>, filter: Pick<CarFilter, "status"> = {}): Promise<string[]> {
  let query = db.selectFrom("cars").select("category").distinct();
  if (filter.status) query = query.where("status", "=", filter.status);
  const rows = await query.execute();
  return rows.map((r) => r.category).sort((a, b) => a.localeCompare(b, "tr"));
}

export async function getCar(db: Kysely<Database>, id: string): Promise<Car | undefined> {
  const row = await db.selectFrom("cars").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCar(row) : undefined;
}

export interface CarInput {
  name: string;
  make: string;
  model: string;
  category: string;
  year: number | null;
  fuel_type: string | null;
  seats: number;
  luggage: number;
  price_per_km: Kurus | null;
  price_per_day: Kurus | null;
  /** kuruş per hour of hourly hire; null or absent: not hired by the hour */
  price_per_hour?: Kurus | null;
  status: CarStatus;
  description: string;
  features: string[];
  images: StoredImage[];
  sort_order?: number;
  maintenance_due_at?: string | null;
  /** the maintenance window, UTC instants, either end open */
  maintenance_from?: string | null;
  maintenance_to?: string | null;
  /** the plate and colour (staff only); undefined: an update keeps what the car has */
  plate_number?: string | null;
  colour?: string | null;
}

function carColumns(input: CarInput) {
  return {
    name: input.name,
    make: input.make,
    model: input.model,
    category: input.category,
    year: input.year,
    fuel_type: input.fuel_type,
    seats: input.seats,
    luggage: input.luggage,
    price_per_km: input.price_per_km,
    price_per_day: input.price_per_day,
    price_per_hour: input.price_per_hour ?? null,
    status: input.status,
    description: input.description,
    features: toJson(input.features),
    images: toJson(input.images),
    sort_order: input.sort_order ?? 0,
    maintenance_due_at: input.maintenance_due_at ?? null,
    maintenance_from: input.maintenance_from ?? null,
    maintenance_to: input.maintenance_to ?? null,
    search_text: foldSearchText(input.name, input.make, input.model, input.category),
    ...(input.plate_number === undefined ? {} : { plate_number: input.plate_number }),
    ...(input.colour === undefined ? {} : { colour: input.colour }),
  };
}

export async function createCar(db: Kysely<Database>, input: CarInput, id: string = randomUUID()): Promise<Car> {
  const at = nowIso();
  const row: NewCarRow = { id, ...carColumns(input), created_at: at, updated_at: at };
  await db.insertInto("cars").values(row).execute();
  return (await getCar(db, id))!;
}

export async function countCars(db: Kysely<Database>, filter: CarFilter = {}): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(row?.n as number | string);
}

export async function updateCar(db: Kysely<Database>, id: string, input: CarInput): Promise<Car | undefined> {
  const { sort_order: _keep, ...columns } = carColumns(input);
  const result = await db
    .updateTable("cars")
    .set({ ...columns, ...(input.sort_order === undefined ? {} : { sort_order: input.sort_order }), updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return getCar(db, id);
}

export async function setCarStatus(db: Kysely<Database>, id: string, status: CarStatus): Promise<boolean> {
  const result = await db.updateTable("cars").set({ status, updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}


/** Why a car with bookings cannot be deleted (and what the admin list and the API say). */
export const CAR_IN_USE: Problem = problem("admin:cars.messages.inUse");
export const CAR_NOT_FOUND: Problem = problem("admin:cars.messages.notFound");

/**
 * Deletes a car unless bookings reference it (the foreign key is RESTRICT: the office sets such a
 * car inactive instead). Returns the deleted car, so the caller can clean up its images.
 */
export async function deleteCar(
  db: Kysely<Database>,
  id: string,
): Promise<{ ok: true; car: Car } | { ok: false; reason: "not_found" | "in_use" }> {
  const car = await getCar(db, id);
  if (!car) return { ok: false, reason: "not_found" };
  if ((await countCarBookings(db, id)) > 0) return { ok: false, reason: "in_use" };
  try {
    await db.deleteFrom("cars").where("id", "=", id).execute();
  } catch (error) {
    // A booking made between the check and the delete: the foreign key refuses.
    if ((await countCarBookings(db, id)) > 0) return { ok: false, reason: "in_use" };
    throw error;
  }
  return { ok: true, car };
}

/** The staff-only identity of cars (plate and colour) by id: never part of `Car`, which the public site shows. */
export async function carPlates(db: Kysely<Database>, ids: string[]): Promise<Record<string, CarPlate>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom("cars").select(["id", "plate_number", "colour"]).where("id", "in", ids).execute();
  return Object.fromEntries(rows.map((r) => [r.id, { plate_number: r.plate_number ?? null, colour: r.colour ?? null }]));
}

/** Cars with their plate and colour, for the office's pages and the staff API. */
export async function withPlates<C extends Car>(db: Kysely<Database>, cars: C[]): Promise<Array<C & CarPlate>> {
  const plates = await carPlates(db, cars.map((c) => c.id));
  return cars.map((c) => ({ ...c, ...(plates[c.id] ?? { plate_number: null, colour: null }) }));
}

