/**
 * The admin car API's workflows, shared by /api/cars and the admin pages: validation with the car
 * form's schema, images resolved to their stored variants, uploads attached and cleaned up.
 */
import type { Kysely } from "kysely";
import type { CarStatus, Database } from "~/server/db/schema";
import { rememberCreateId, replayedCreateId } from "~/server/idempotent-create.server";
import type { Storage } from "~/server/storage.server";
import { foreignImagesProblem, removeUploads, resolveImages, syncCarUploads, uploadsOfCar } from "~/uploads/uploads.server";
import type { Car, StaffCar } from "./car";
import { changedFields, recordAudit, type AuditContext } from "~/audit/audit.server";
import type { FieldProblems } from "~/i18n/problem";
import { parseCarForm } from "./car-form";
import { maintenanceConflicts, type ConflictingBooking } from "./maintenance.server";
import { createCar, deleteCar, getCar, listCars, setCarStatus, updateCar, withPlates, type CarFilter } from "./cars.server";
import { bookingCountsByCar } from "~/booking/index.server";

export const CARS_PAGE_SIZE = 8;

/** A car as the office sees it: with its plate and colour and how many bookings it has. */
export type AdminCar = StaffCar & { bookings_count: number };

export async function withBookingCounts(db: Kysely<Database>, cars: Car[]): Promise<AdminCar[]> {
  const [counts, staff] = await Promise.all([bookingCountsByCar(db, cars.map((c) => c.id)), withPlates(db, cars)]);
  return staff.map((c) => ({ ...c, bookings_count: counts[c.id] ?? 0 }));
}

/** The spec's API rule: name, make and model are required ("Missing required fields: …"). */
export function missingRequired(body: Record<string, unknown>): Array<"name" | "make" | "model"> {
  return (["name", "make", "model"] as const).filter((k) => typeof body[k] !== "string" || !(body[k] as string).trim());
}

/**
 * A saved car; `conflicting_bookings` when it has a maintenance window (the status or dates): the
 * pending and confirmed legs the office must move (empty when none), null without a window.
 */
export type SaveCarResult =
  | { ok: true; car: StaffCar; conflicting_bookings: ConflictingBooking[] | null }
  | { ok: false; fields: FieldProblems }
  | { ok: false; notFound: true };

/**
 * Creates or updates a car. Its images must come from our storage (uploads, or what the car
 * already shows); `imagesSent: false` (a PUT that leaves images out) keeps the car's list as it is.
 */
export async function saveCar(
  db: Kysely<Database>,
  storage: Storage,
  body: unknown,
  id?: string,
  { imagesSent = true, audit }: { imagesSent?: boolean; /** who saves it: the change is logged */ audit?: AuditContext } = {},
): Promise<SaveCarResult> {
  const parsed = parseCarForm(body);
  if (!parsed.ok) return { ok: false, fields: parsed.fields };
  if (imagesSent) {
    const foreign = await foreignImagesProblem(db, storage, (body as { images?: unknown }).images, id);
    if (foreign) return { ok: false, fields: { images: [foreign] } };
  }
  const input = { ...parsed.value, images: await resolveImages(db, parsed.value.images) };
  let car: Car | undefined;
  if (id) {
    const found = audit ? await getCar(db, id) : undefined;
    const before = found ? (await withPlates(db, [found]))[0] : undefined;
    car = await updateCar(db, id, input);
    if (!car) return { ok: false, notFound: true };
    if (audit && before) {
      const [after] = await withPlates(db, [car]);
      const changed = changedFields(before, after!, AUDITED_CAR_FIELDS);
      if (Object.keys(changed).length > 0) await recordAudit(db, { ...audit, action: "car.update", entity: "car", entityId: car.id, summary: car.name, details: { changed } });
    }
  } else {
    car = await createCar(db, input);
    if (audit) await recordAudit(db, { ...audit, action: "car.create", entity: "car", entityId: car.id, summary: car.name, details: { after: pickCar((await withPlates(db, [car]))[0]!) } });
  }
  await syncCarUploads(db, storage, car.id, input.images);
  const [staff] = await withPlates(db, [car]);
  return { ok: true, car: staff!, conflicting_bookings: await maintenanceConflicts(db, car) };
}

/** A car as the form and the API take it back (lira, lists), for merging a partial PUT. */
export function carAsBody(car: Car): Record<string, unknown> {
  return {
    name: car.name,
    make: car.make,
    model: car.model,
    category: car.category,
    year: car.year,
    fuel_type: car.fuel_type,
    seats: car.seats,
    luggage: car.luggage,
    price_per_km: car.price_per_km,
    price_per_day: car.price_per_day,
    price_per_hour: car.price_per_hour,
    status: car.status,
    description: car.description,
    features: car.features,
    images: car.gallery,
    maintenance_from: car.maintenance_from,
    maintenance_to: car.maintenance_to,
  };
}

/** A car as the API answers a save: with the bookings its maintenance collides with, when it has a window. */
export function savedCarBody(saved: { car: Car; conflicting_bookings: ConflictingBooking[] | null }): Car & { conflicting_bookings?: ConflictingBooking[] } {
  return saved.conflicting_bookings ? { ...saved.car, conflicting_bookings: saved.conflicting_bookings } : saved.car;
}

export async function removeCar(db: Kysely<Database>, storage: Storage, id: string, audit?: AuditContext) {
  const uploads = await uploadsOfCar(db, id);
  const result = await deleteCar(db, id);
  if (result.ok) await removeUploads(db, storage, uploads);
  if (result.ok && audit) await recordAudit(db, { ...audit, action: "car.delete", entity: "car", entityId: id, summary: result.car.name, details: { before: pickCar({ plate_number: null, colour: null, ...result.car }) } });
  return result;
}

/** Sets a car's status (the list's "Pasif yap"); logged when `audit` says who. */
export async function changeCarStatus(db: Kysely<Database>, id: string, status: CarStatus, audit?: AuditContext): Promise<boolean> {
  const before = audit ? await getCar(db, id) : undefined;
  const done = await setCarStatus(db, id, status);
  if (done && audit && before && before.status !== status) {
    await recordAudit(db, { ...audit, action: "car.status", entity: "car", entityId: id, summary: before.name, details: { changed: { status: [before.status, status] } } });
  }
  return done;
}

/** What the audit log keeps of a car: what the office edits (images as their addresses). */
const AUDITED_CAR_FIELDS = [
  "name",
  "make",
  "model",
  "category",
  "year",
  "fuel_type",
  "seats",
  "luggage",
  "price_per_km",
  "price_per_day",
  "price_per_hour",
  "status",
  "description",
  "features",
  "images",
  "maintenance_from",
  "maintenance_to",
  "plate_number",
  "colour",
] as const satisfies ReadonlyArray<keyof StaffCar>;

const pickCar = (car: StaffCar) => Object.fromEntries(AUDITED_CAR_FIELDS.map((field) => [field, car[field]]));

export async function getCarWithCount(db: Kysely<Database>, id: string): Promise<AdminCar | undefined> {
  const car = await getCar(db, id);
  return car ? (await withBookingCounts(db, [car]))[0] : undefined;
}

export async function listAdminCars(db: Kysely<Database>, filter: CarFilter, page: number, pageSize = CARS_PAGE_SIZE) {
  const probe = await listCars(db, filter, { limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize });
  const pageCount = Math.max(1, Math.ceil(probe.total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const result = current === page ? probe : await listCars(db, filter, { limit: pageSize, offset: (current - 1) * pageSize });
  return { cars: await withBookingCounts(db, result.cars), total: result.total, page: current, pageSize, pageCount };
}

/**
 * A POST /api/cars answered before under the same Idempotency-Key (DESIGN.md §4): the car when
 * the body was the same, "mismatch" when the key came with another body, undefined when new.
 */
export async function replayedCreate(db: Kysely<Database>, key: string, hash: string): Promise<StaffCar | "mismatch" | undefined> {
  const id = await replayedCreateId(db, "cars", key, hash);
  if (id === "mismatch") return id;
  const car = id ? await getCar(db, id) : undefined;
  return car && (await withPlates(db, [car]))[0];
}

export const rememberCreate = (db: Kysely<Database>, key: string, hash: string, car: Car) => rememberCreateId(db, "cars", key, hash, car.id);
