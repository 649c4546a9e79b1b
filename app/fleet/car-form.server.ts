/**
 * The car form's post: multipart (photos may come with it when JavaScript is off), size-capped,
 * then either a list change without saving (Conform's insert/remove/reorder intents on the
 * features and images lists, posted by the buttons when JavaScript is off) or a save. Errors come
 * back with everything typed and uploaded, in the admin language (the rules answer codes).
 */
import { parse } from "@conform-to/react";
import type { Kysely } from "kysely";
import type { AuditContext } from "~/audit/audit.server";
import type { AdminLanguage } from "~/admin/i18n.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import type { Logger } from "~/server/logger.server";
import { isOwnImageUrl, type Storage } from "~/server/storage.server";
import {
  checkImageFiles,
  imageFilesFrom,
  logStorageFailure,
  readLimitedFormData,
  resolveImages,
  storeUploads,
  UPLOADS,
} from "~/uploads/uploads.server";
import { parseImages, type Car, type StaffCar, type StoredImage } from "./car";
import { CAR_FORM, maintenanceFieldValue } from "./car-form";
import { saveCar } from "./cars-api.server";
import type { CarFormState } from "./car-form-view";
import type { ConflictingBooking } from "./maintenance.server";

const TEXT_FIELDS = [
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
  "maintenance_from",
  "maintenance_to",
  "plate_number",
  "colour",
];

export function stateFromCar(car?: StaffCar): CarFormState {
  if (!car) {
    return { values: { category: "Sedan", status: "active", seats: "4", luggage: "3" }, features: [""], images: [], fields: {} };
  }
  const n = (x: number | null) => (x === null ? "" : String(x));
  return {
    values: {
      name: car.name,
      make: car.make,
      model: car.model,
      category: car.category,
      year: n(car.year),
      fuel_type: car.fuel_type ?? "",
      seats: String(car.seats),
      luggage: String(car.luggage),
      price_per_km: n(car.price_per_km),
      price_per_day: n(car.price_per_day),
      price_per_hour: n(car.price_per_hour),
      status: car.status,
      description: car.description,
      maintenance_from: maintenanceFieldValue(car.maintenance_from),
      maintenance_to: maintenanceFieldValue(car.maintenance_to),
      plate_number: car.plate_number ?? "",
      colour: car.colour ?? "",
    },
    features: car.features.length ? car.features : [""],
    images: car.gallery,
    fields: {},
  };
}

/** A posted name's values as a list: none, one, or repeated. */
const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A save names the bookings its maintenance window collides with (empty or null: none to move). */
type Saved = { saved: Car; conflicting: ConflictingBooking[] | null };
export type CarFormOutcome = Saved | { state: CarFormState; status: number };

/** The form's state before it is said: problems as codes. */
type CarFormDraft = Omit<CarFormState, "fields" | "message"> & { fields: FieldProblems; message?: Problem };
type DraftOutcome = Saved | { state: CarFormDraft; status: number };

export async function handleCarForm(
  db: Kysely<Database>,
  storage: Storage,
  request: Request,
  { id, lng = "tr", log, audit }: { id?: string; lng?: AdminLanguage; log?: Logger; /** who saves it, for the audit log */ audit?: AuditContext } = {},
): Promise<CarFormOutcome> {
  const outcome = await readCarForm(db, storage, request, id, log, audit);
  if ("saved" in outcome) return outcome;
  const { message, fields, ...rest } = outcome.state;
  return { ...outcome, state: { ...rest, fields: translateFields(lng, fields), ...(message ? { message: translate(lng, message) } : {}) } };
}

async function readCarForm(db: Kysely<Database>, storage: Storage, request: Request, id?: string, log?: Logger, audit?: AuditContext): Promise<DraftOutcome> {
  const form = await readLimitedFormData(request);
  if (form === "too_large" || form === "bad_request") {
    const { message: _none, ...empty } = stateFromCar();
    const state: CarFormDraft = { ...empty, fields: {} };
    state.message = problem(form === "too_large" ? UPLOADS.tooLarge : CAR_FORM.saveFailed);
    return { state, status: form === "too_large" ? 413 : 400 };
  }
  // Conform's parse applies a list intent (`__intent__`) to what was posted; a malformed one is refused.
  // Row numbers stay small (40 features, 10 images at most): `features[999999999]` would make a huge sparse list.
  let submission: ReturnType<typeof parse<Record<string, unknown>, Record<string, unknown>>>;
  try {
    if ([...form.keys()].some((name) => /\[\d{3,}\]/.test(name))) throw new Error("list index out of range");
    submission = parse<Record<string, unknown>, Record<string, unknown>>(form, { resolve: (payload) => ({ value: payload }) });
  } catch {
    const { message: _none, ...empty } = stateFromCar();
    return { state: { ...empty, fields: {}, message: problem(CAR_FORM.saveFailed) }, status: 400 };
  }
  const payload = submission.payload;
  const values: Record<string, string> = {};
  for (const key of TEXT_FIELDS) {
    const value = listOf(payload[key])[0];
    values[key] = typeof value === "string" ? value : "";
  }
  // An inserted row has no value yet: an empty feature.
  const features = listOf(payload.features).map((f) => (typeof f === "string" ? f : ""));
  let images: StoredImage[] = await resolveImages(db, parseImages(listOf(payload.images).filter((u): u is string => typeof u === "string")));
  const fields: FieldProblems = {};
  // A URL our storage did not produce is refused with a message and never shown back as an image.
  if (images.some((i) => !isOwnImageUrl(i.url, storage))) {
    fields.images = [problem(UPLOADS.foreign)];
    images = images.filter((i) => isOwnImageUrl(i.url, storage));
  }

  const files = imageFilesFrom(form);
  if (files.length > 0) {
    const check = await checkImageFiles(files, images.length);
    if (!check.ok) fields.images = [check.problem];
    else {
      const stored = await storeUploads(db, storage, check.buffers);
      if (stored.ok) images = [...images, ...stored.images.map((i) => ({ url: i.url, ...(i.card ? { card: i.card } : {}), width: i.width, height: i.height }))];
      else if (stored.reason === "storage") {
        // Our side failed, not the user's files: say so above the form, keep everything typed.
        if (log) logStorageFailure(log, stored.error);
        const state = { values, features: features.length ? features : [""], images, fields, message: problem(UPLOADS.storage) };
        return { state, status: 503 };
      } else fields.images = [stored.problem];
    }
  }

  // Only a plain save resolves to "success"; a list intent returns the form changed, unsaved.
  if (submission.status !== "success") {
    return { state: { values, features: features.length ? features : [""], images, fields }, status: 200 };
  }
  if (fields.images) return { state: { values, features, images, fields, message: problem(CAR_FORM.saveFailed) }, status: 400 };

  const saved = await saveCar(db, storage, { ...values, features, images }, id, { audit });
  if (saved.ok) return { saved: saved.car, conflicting: saved.conflicting_bookings };
  if ("fields" in saved) {
    return { state: { values, features: features.length ? features : [""], images, fields: saved.fields, message: problem(CAR_FORM.saveFailed) }, status: 400 };
  }
  return { state: { values, features, images, fields: {}, message: problem("admin:cars.messages.loadOneFailed") }, status: 404 };
}

/** What a dispatcher may change on a car (policy.ts `cars.status`); everything else needs `cars.write`. */
export const CAR_STATUS_FIELDS = ["status", "maintenance_from", "maintenance_to"] as const;

/**
 * A post to the car form by someone who may change only the status and maintenance window: the
 * car's stored form with those fields taken from the post, as the same form would post it (so the
 * one save path, `handleCarForm`, runs). "forbidden" when the post tries to change anything else
 * (a field sent with another value than the stored one, a photo, a list change).
 */
export async function statusOnlyCarPost(request: Request, car: StaffCar): Promise<Request | "forbidden"> {
  const posted = await request.formData();
  const stored = stateFromCar(car);
  const allowed = new Set<string>(CAR_STATUS_FIELDS);
  for (const [key, value] of posted) {
    if (allowed.has(key)) continue;
    if (typeof value !== "string" || stored.values[key] === undefined || stored.values[key] !== value) return "forbidden";
  }
  // multipart, as the car form posts (readLimitedFormData reads only that)
  const body = new FormData();
  for (const [key, value] of Object.entries(stored.values)) {
    const sent = allowed.has(key) ? posted.get(key) : null;
    body.set(key, typeof sent === "string" ? sent : value);
  }
  stored.features.forEach((feature, i) => body.set(`features[${i}]`, feature));
  stored.images.forEach((image, i) => body.set(`images[${i}]`, image.url));
  return new Request(request.url, { method: "POST", body });
}
