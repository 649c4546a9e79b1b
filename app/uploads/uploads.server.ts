/**
 * Uploaded images: checked by content (magic bytes, then a full decode by sharp), never by name or
 * declared type; at most 5 MB each and 10 per request or car; re-encoded to WebP without metadata
 * (app/fleet/images.server.ts) and tracked in table `uploads`, so files that no car uses any more
 * are removed: when an image is taken off a car, when a car goes, and unattached uploads after a day.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Kysely } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { BodyTooLargeError } from "~/server/http/adapter.server";
import type { Storage } from "~/server/storage.server";
import type { StoredImage } from "~/fleet/car";
import { IMAGE_BUCKET, storeImage } from "~/fleet/images.server";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 10;
/** The largest multipart body read: ten full files and room for the form's other fields. */
export const MAX_REQUEST_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;
/** Unattached uploads older than this are removed (a form abandoned half-way). */
export const ORPHAN_AGE_MS = 24 * 3600_000;

export const UPLOAD_MESSAGES = {
  tooMany: "En fazla 10 resim yükleyebilirsiniz.",
  invalid: "Bazı dosyalar geçersiz. Sadece 5MB'dan küçük JPEG, PNG ve WEBP formatları desteklenmektedir.",
  none: "Yüklenecek bir resim seçiniz.",
  failed: "Görseller yüklenirken bir hata oluştu.",
  tooLarge: "İstek çok büyük. En fazla 10 resim, her biri 5MB'dan küçük olmalıdır.",
  badBucket: "Geçersiz depolama alanı.",
} as const;

export type ImageKind = "jpeg" | "png" | "webp";

/** The image type a file's first bytes announce, whatever its name says. */
export function sniffImageType(head: Uint8Array): ImageKind | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return "png";
  if (
    head.length >= 12 &&
    String.fromCharCode(...head.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...head.subarray(8, 12)) === "WEBP"
  ) {
    return "webp";
  }
  return undefined;
}

export const BUCKET_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

export type UploadCheck = { ok: true; buffers: Buffer[] } | { ok: false; status: 400 | 413; message: string };

/** Checks count, size and content of the files of one request, before anything is stored. */
export async function checkImageFiles(files: File[], alreadyAttached = 0): Promise<UploadCheck> {
  if (files.length === 0) return { ok: false, status: 400, message: UPLOAD_MESSAGES.none };
  if (files.length + alreadyAttached > MAX_FILES) return { ok: false, status: 400, message: UPLOAD_MESSAGES.tooMany };
  const buffers: Buffer[] = [];
  for (const file of files) {
    if (file.size === 0 || file.size >= MAX_FILE_BYTES) return { ok: false, status: 400, message: UPLOAD_MESSAGES.invalid };
    const buffer = Buffer.from(await file.arrayBuffer());
    if (!sniffImageType(buffer)) return { ok: false, status: 400, message: UPLOAD_MESSAGES.invalid };
    buffers.push(buffer);
  }
  return { ok: true, buffers };
}

/**
 * Reads a multipart request as it streams in (busboy), never holding the body as a whole: text
 * fields up to 64 KB each, files up to MAX_FILE_BYTES each. A file cut off at that cap arrives at
 * exactly the cap, which checkImageFiles refuses like any oversized image; a body over `limit`
 * (by its declared length, or counted here and by the server's own cap while streaming) is "too_large".
 */
export async function readLimitedFormData(request: Request, limit = MAX_REQUEST_BYTES): Promise<FormData | "too_large" | "bad_request"> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return "too_large";
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) return "bad_request";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES + 1, fields: 200, fieldSize: 64 * 1024, parts: 300 },
    });
  } catch {
    return "bad_request";
  }
  const form = new FormData();
  let seen = 0;
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const done = new Promise<FormData>((resolve, reject) => {
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => form.append(name, new File(chunks as unknown as BlobPart[], info.filename ?? "", { type: info.mimeType })));
    });
    parser.on("close", () => resolve(form));
    parser.on("error", reject);
    body.on("error", reject);
  });
  body.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) body.destroy(new BodyTooLargeError(`upload over ${limit} bytes`));
  });
  body.pipe(parser);
  try {
    return await done;
  } catch (error) {
    body.destroy();
    return error instanceof BodyTooLargeError ? "too_large" : "bad_request";
  }
}

export interface UploadedImage extends StoredImage {
  id: string;
  card_url?: string;
  bytes: number;
}

/** Files from a form field, ignoring text values and the empty file a browser sends for an empty input. */
export function imageFilesFrom(form: FormData, field = "files"): File[] {
  return form.getAll(field).filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && !(v.size === 0 && !v.name));
}

/**
 * Re-encodes and stores checked images and records them (unattached until a car is saved with
 * them). An image that fails to decode is refused as invalid; nothing is stored in that case.
 */
export async function storeUploads(
  db: Kysely<Database>,
  storage: Storage,
  buffers: Buffer[],
  bucket = IMAGE_BUCKET,
): Promise<{ ok: true; images: UploadedImage[] } | { ok: false; message: string }> {
  const stored: Array<Awaited<ReturnType<typeof storeImage>>> = [];
  try {
    for (const buffer of buffers) stored.push(await storeImage(storage, buffer, bucket));
  } catch {
    await Promise.all(stored.flatMap((s) => s.keys.map((k) => storage.remove(k).catch(() => undefined))));
    return { ok: false, message: UPLOAD_MESSAGES.invalid };
  }
  const images: UploadedImage[] = [];
  for (const s of stored) {
    const key = s.keys[0]!;
    const existing = await db.selectFrom("uploads").select(["id"]).where("storage_key", "=", key).executeTakeFirst();
    const id = existing?.id ?? randomUUID();
    if (!existing) {
      await db
        .insertInto("uploads")
        .values({
          id,
          bucket,
          storage_key: key,
          url: s.url,
          card_url: s.card ?? null,
          width: s.width ?? null,
          height: s.height ?? null,
          bytes: s.bytes,
          car_id: null,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column("storage_key").doNothing())
        .execute();
    }
    images.push({ id, url: s.url, card: s.card, card_url: s.card, width: s.width, height: s.height, bytes: s.bytes });
  }
  return { ok: true, images };
}

/** The stored variants of images named by URL (from a form or an API body), in the given order. */
export async function resolveImages(db: Kysely<Database>, images: StoredImage[]): Promise<StoredImage[]> {
  const urls = images.map((i) => i.url);
  if (urls.length === 0) return [];
  const rows = await db.selectFrom("uploads").select(["url", "card_url", "width", "height"]).where("url", "in", urls).execute();
  const byUrl = new Map(rows.map((r) => [r.url, r]));
  return images.map((image) => {
    const row = byUrl.get(image.url);
    if (!row) return image;
    return { url: row.url, ...(row.card_url ? { card: row.card_url } : {}), ...(row.width ? { width: row.width } : {}), ...(row.height ? { height: row.height } : {}) };
  });
}

const cardKeyOf = (key: string) => key.replace(/\.webp$/, "-card.webp");

async function removeUploadRows(db: Kysely<Database>, storage: Storage, rows: Array<{ id: string; storage_key: string; url: string }>) {
  for (const row of rows) {
    // A content-addressed file may be shared: keep it while any car still shows it.
    // Stored URLs hold no LIKE wildcards (content hashes under a checked bucket name).
    const users = await db.selectFrom("cars").select("id").where("images", "like", `%${row.url}%`).executeTakeFirst();
    if (users) continue;
    await storage.remove(row.storage_key);
    await storage.remove(cardKeyOf(row.storage_key));
    await db.deleteFrom("uploads").where("id", "=", row.id).execute();
  }
}

/**
 * After a car is saved: its uploads are the images it now shows; the ones it no longer shows are
 * deleted from storage.
 */
export async function syncCarUploads(db: Kysely<Database>, storage: Storage, carId: string, images: StoredImage[]) {
  const urls = images.map((i) => i.url);
  if (urls.length > 0) await db.updateTable("uploads").set({ car_id: carId }).where("url", "in", urls).execute();
  let dropped = db.selectFrom("uploads").select(["id", "storage_key", "url"]).where("car_id", "=", carId);
  if (urls.length > 0) dropped = dropped.where("url", "not in", urls);
  await removeUploadRows(db, storage, await dropped.execute());
}

/** Before a car is deleted: the uploads it used, to remove once it is gone. */
export async function uploadsOfCar(db: Kysely<Database>, carId: string) {
  return db.selectFrom("uploads").select(["id", "storage_key", "url"]).where("car_id", "=", carId).execute();
}

export async function removeUploads(db: Kysely<Database>, storage: Storage, rows: Array<{ id: string; storage_key: string; url: string }>) {
  await removeUploadRows(db, storage, rows);
}

/** Unattached uploads older than a day: a form that was never saved. */
export async function removeOrphanUploads(db: Kysely<Database>, storage: Storage, now = Date.now()) {
  const cutoff = new Date(now - ORPHAN_AGE_MS).toISOString();
  const rows = await db
    .selectFrom("uploads")
    .select(["id", "storage_key", "url"])
    .where("car_id", "is", null)
    .where("created_at", "<", cutoff)
    .limit(200)
    .execute();
  await removeUploadRows(db, storage, rows);
  return rows.length;
}
