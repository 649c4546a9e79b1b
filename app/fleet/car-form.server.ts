/**
 * The car form's post: multipart (photos may come with it when JavaScript is off), size-capped,
 * then either a form change without saving (`intent` add-feature, remove-feature:i, image-up:i,
 * image-down:i, image-remove:i) or a save. Errors come back with everything typed and uploaded,
 * in the admin language.
 */
import type { Kysely } from "kysely";
import { adminMessage, adminMessages, type AdminLanguage } from "~/admin/i18n.server";
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
  UPLOAD_MESSAGES,
} from "~/uploads/uploads.server";
import { parseImages, type Car, type StoredImage } from "./car";
import { CAR_FORM_MESSAGES } from "./car-form";
import { saveCar } from "./cars-api.server";
import type { CarFormState } from "./car-form-view";

const TEXT_FIELDS = ["name", "make", "model", "category", "year", "fuel_type", "seats", "luggage", "price_per_km", "price_per_day", "status", "description"];

export function stateFromCar(car?: Car): CarFormState {
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
      status: car.status,
      description: car.description,
    },
    features: car.features.length ? car.features : [""],
    images: car.gallery,
    fields: {},
  };
}

export type CarFormOutcome = { saved: Car } | { state: CarFormState; status: number };

export async function handleCarForm(
  db: Kysely<Database>,
  storage: Storage,
  request: Request,
  { id, lng = "tr", log }: { id?: string; lng?: AdminLanguage; log?: Logger } = {},
): Promise<CarFormOutcome> {
  const outcome = await readCarForm(db, storage, request, id, log);
  if ("saved" in outcome) return outcome;
  // The validation and upload rules speak Turkish (shared with the JSON API).
  const { message, fields } = outcome.state;
  return { ...outcome, state: { ...outcome.state, fields: adminMessages(lng, fields), ...(message ? { message: adminMessage(lng, message) } : {}) } };
}

async function readCarForm(db: Kysely<Database>, storage: Storage, request: Request, id?: string, log?: Logger): Promise<CarFormOutcome> {
  const form = await readLimitedFormData(request);
  if (form === "too_large" || form === "bad_request") {
    const state = stateFromCar();
    state.message = form === "too_large" ? UPLOAD_MESSAGES.tooLarge : CAR_FORM_MESSAGES.saveFailed;
    return { state, status: form === "too_large" ? 413 : 400 };
  }
  const values: Record<string, string> = {};
  for (const key of TEXT_FIELDS) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  let features = form.getAll("features").filter((f): f is string => typeof f === "string");
  let images: StoredImage[] = await resolveImages(db, parseImages(form.getAll("images").filter((u): u is string => typeof u === "string")));
  const fields: Record<string, string[]> = {};
  // A URL our storage did not produce is refused with a message and never shown back as an image.
  if (images.some((i) => !isOwnImageUrl(i.url, storage))) {
    fields.images = [UPLOAD_MESSAGES.foreign];
    images = images.filter((i) => isOwnImageUrl(i.url, storage));
  }

  const files = imageFilesFrom(form);
  if (files.length > 0) {
    const check = await checkImageFiles(files, images.length);
    if (!check.ok) fields.images = [check.message];
    else {
      const stored = await storeUploads(db, storage, check.buffers);
      if (stored.ok) images = [...images, ...stored.images.map((i) => ({ url: i.url, ...(i.card ? { card: i.card } : {}), width: i.width, height: i.height }))];
      else if (stored.reason === "storage") {
        // Our side failed, not the user's files: say so above the form, keep everything typed.
        if (log) logStorageFailure(log, stored.error);
        const state = { values, features: features.length ? features : [""], images, fields, message: UPLOAD_MESSAGES.storage };
        return { state, status: 503 };
      } else fields.images = [stored.message];
    }
  }

  const intent = String(form.get("intent") ?? "save");
  const [verb, indexText] = intent.split(":");
  const index = Number(indexText);
  if (verb !== "save") {
    if (verb === "add-feature") features = [...features, ""];
    if (verb === "remove-feature" && features.length > 1) features = features.filter((_, i) => i !== index);
    if ((verb === "image-up" || verb === "image-down") && Number.isInteger(index)) {
      const to = verb === "image-up" ? index - 1 : index + 1;
      if (index >= 0 && index < images.length && to >= 0 && to < images.length) {
        const next = [...images];
        const [item] = next.splice(index, 1);
        next.splice(to, 0, item!);
        images = next;
      }
    }
    if (verb === "image-remove") images = images.filter((_, i) => i !== index);
    return { state: { values, features: features.length ? features : [""], images, fields }, status: 200 };
  }
  if (fields.images) return { state: { values, features, images, fields, message: CAR_FORM_MESSAGES.saveFailed }, status: 400 };

  const saved = await saveCar(db, storage, { ...values, features, images }, id);
  if (saved.ok) return { saved: saved.car };
  if ("fields" in saved) {
    return { state: { values, features: features.length ? features : [""], images, fields: saved.fields, message: CAR_FORM_MESSAGES.saveFailed }, status: 400 };
  }
  return { state: { values, features, images, fields: {}, message: "Araç bilgileri yüklenirken bir hata oluştu." }, status: 404 };
}
