/**
 * Car images: decoded by content (sharp), re-encoded to WebP without metadata at a sane maximum
 * size, plus a card-size variant. Names are content hashes, so a stored file never changes.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { StorageError, type Storage } from "~/server/storage.server";
import type { StoredImage } from "./car";

export const FULL_WIDTH = 1600;
export const CARD_WIDTH = 640;
export const IMAGE_BUCKET = "car-images";

export interface ProcessedImage {
  full: Buffer;
  card: Buffer;
  width: number;
  height: number;
}

/** Re-encodes any image sharp can read; metadata (EXIF, GPS) is dropped by default. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const base = sharp(input, { failOn: "error" }).rotate();
  const full = await base
    .clone()
    .resize({ width: FULL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const card = await base.clone().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 74 }).toBuffer();
  return { full: full.data, card, width: full.info.width, height: full.info.height };
}

/**
 * Decodes, re-encodes and stores one image. An image sharp cannot read throws sharp's error; a
 * storage that cannot take the files throws a StorageError naming the variant it did store (the
 * caller removes it unless another upload owns that content-addressed file).
 */
export async function storeImage(storage: Storage, input: Buffer, bucket = IMAGE_BUCKET): Promise<StoredImage & { keys: string[]; bytes: number }> {
  const image = await processImage(input);
  const digest = createHash("sha256").update(image.full).digest("hex").slice(0, 24);
  const fullKey = `${bucket}/${digest}.webp`;
  const cardKey = `${bucket}/${digest}-card.webp`;
  const [full, cardPut] = await Promise.allSettled([
    storage.put(fullKey, image.full, "image/webp"),
    storage.put(cardKey, image.card, "image/webp"),
  ]);
  if (full.status === "rejected" || cardPut.status === "rejected") {
    const stored = [full.status === "fulfilled" ? fullKey : "", cardPut.status === "fulfilled" ? cardKey : ""].filter(Boolean);
    throw new StorageError(storage.name, full.status === "rejected" ? full.reason : (cardPut as PromiseRejectedResult).reason, stored);
  }
  const url = full.value;
  const card = cardPut.value;
  return { url, card, width: image.width, height: image.height, keys: [fullKey, cardKey], bytes: image.full.length };
}
