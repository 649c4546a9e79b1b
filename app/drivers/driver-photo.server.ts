/**
 * A driver's photo (issue 31: the guest's page shows who will meet them). Stored as car images are
 * (app/fleet/images.server.ts): decoded by content, re-encoded to WebP without metadata, a full and
 * a card-size file under the "driver-photos" bucket; the column `drivers.photo` holds their URLs as
 * JSON. Photos are not tracked in `uploads` (that table is the cars'): a photo is stored only when
 * the driver is saved with it, and its files go when no driver shows it any more.
 */
import type { Kysely } from "kysely";
import { parseJson } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { isOwnImageUrl, StorageError, type Storage } from "~/server/storage.server";
import type { StoredImage } from "~/fleet/car";
import { storeImage } from "~/fleet/images.server";

export const DRIVER_PHOTO_BUCKET = "driver-photos";

/** The column's value as a stored image; anything else (null, bad JSON) is no photo. */
export function parsePhoto(value: string | null | undefined): StoredImage | null {
  if (!value) return null;
  const photo = parseJson<unknown>(value, null);
  if (typeof photo !== "object" || photo === null || typeof (photo as StoredImage).url !== "string") return null;
  const { url, card, width, height } = photo as StoredImage;
  return { url, ...(typeof card === "string" ? { card } : {}), ...(typeof width === "number" ? { width } : {}), ...(typeof height === "number" ? { height } : {}) };
}

/** The URL the pages show: the card-size variant (640 px wide at most), else the full one. */
export const photoUrl = (photo: StoredImage | null): string | null => (photo ? (photo.card ?? photo.url) : null);

/** The column's value of a photo. */
export const photoColumn = (photo: StoredImage | null): string | null =>
  photo ? JSON.stringify({ url: photo.url, card: photo.card, width: photo.width, height: photo.height }) : null;

export type StoredPhoto = { ok: true; photo: StoredImage } | { ok: false; reason: "invalid" } | { ok: false; reason: "storage"; error: StorageError };

/**
 * Re-encodes and stores a checked image (checkImageFiles). One sharp cannot decode is "invalid";
 * a storage that cannot take it is "storage" (our side), and what was written of it is removed
 * unless a driver already shows the same content-addressed file.
 */
export async function storeDriverPhoto(db: Kysely<Database>, storage: Storage, buffer: Buffer): Promise<StoredPhoto> {
  try {
    const stored = await storeImage(storage, buffer, DRIVER_PHOTO_BUCKET);
    return { ok: true, photo: { url: stored.url, ...(stored.card ? { card: stored.card } : {}), width: stored.width, height: stored.height } };
  } catch (error) {
    if (!(error instanceof StorageError)) return { ok: false, reason: "invalid" };
    for (const key of error.stored) {
      const url = storage.urlFor(key.replace(/-card\.webp$/, ".webp"));
      if (!(await photoInUse(db, url))) await storage.remove(key).catch(() => undefined);
    }
    return { ok: false, reason: "storage", error };
  }
}

/** Whether a driver's photo names this (full-size) URL. Stored URLs hold no LIKE wildcards (hex names). */
async function photoInUse(db: Kysely<Database>, url: string): Promise<boolean> {
  return Boolean(await db.selectFrom("drivers").select("id").where("photo", "like", `%${url}%`).executeTakeFirst());
}

/**
 * Removes a photo's files once no driver shows it (after a change, a removal, a failed save or the
 * driver's deletion). Only files of our storage's shape under the photo bucket are touched.
 */
export async function removePhotoFiles(db: Kysely<Database>, storage: Storage, photo: StoredImage | null): Promise<void> {
  if (!photo || !isOwnImageUrl(photo.url, storage)) return;
  const key = photo.url.slice(storage.urlFor("").length);
  if (!key.startsWith(`${DRIVER_PHOTO_BUCKET}/`)) return;
  if (await photoInUse(db, photo.url)) return;
  await Promise.all([key, key.replace(/\.webp$/, "-card.webp")].map((k) => storage.remove(k).catch(() => undefined)));
}
