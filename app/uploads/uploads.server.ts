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
import { adminCodes } from "~/admin/codes";
import { problem, type Problem } from "~/i18n/problem";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { BodyTooLargeError } from "~/server/http/adapter.server";
import type { Logger } from "~/server/logger.server";
import { isOwnImageUrl, StorageError, type Storage } from "~/server/storage.server";
import { parseImages, type StoredImage } from "~/fleet/car";
import { IMAGE_BUCKET, storeImage } from "~/fleet/images.server";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 10;
/** The largest multipart body read: ten full files and room for the form's other fields. */
export const MAX_REQUEST_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;
/** Unattached uploads older than this are removed (a form abandoned half-way). */
export const ORPHAN_AGE_MS = 24 * 3600_000;

/** What the upload rules can say: codes of the admin catalogue's uploads.messages. */
export const UPLOADS = adminCodes("uploads.messages", ["tooMany", "invalid", "none", "failed", "tooLarge", "badBucket", "storage", "foreign"]);

/** Seconds a client is asked to wait after a storage failure (Retry-After). */
export const STORAGE_RETRY_AFTER = 60;

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

export type UploadCheck = { ok: true; buffers: Buffer[] } | { ok: false; status: 400 | 413; problem: Problem };

/** Checks count, size and content of the files of one request, before anything is stored. */
export async function checkImageFiles(files: File[], alreadyAttached = 0): Promise<UploadCheck> {
  if (files.length === 0) return { ok: false, status: 400, problem: problem(UPLOADS.none) };
  if (files.length + alreadyAttached > MAX_FILES) return { ok: false, status: 400, problem: problem(UPLOADS.tooMany) };
  const buffers: Buffer[] = [];
  for (const file of files) {
    if (file.size === 0 || file.size >= MAX_FILE_BYTES) return { ok: false, status: 400, problem: problem(UPLOADS.invalid) };
    const buffer = Buffer.from(await file.arrayBuffer());
    if (!sniffImageType(buffer)) return { ok: false, status: 400, problem: problem(UPLOADS.invalid) };
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
      // browsers send file names as UTF-8 ("ehliyet taraması.pdf"), not busboy's default latin1
      defParamCharset: "utf8",
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

export type StoreUploadsResult =
  | { ok: true; images: UploadedImage[] }
  | { ok: false; reason: "invalid"; problem: Problem }
  | { ok: false; reason: "storage"; problem: Problem; error: StorageError };

/** The one error line of a storage failure, on the request's logger: which storage, what error. */
export function logStorageFailure(log: Logger, error: StorageError) {
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
  log.error({ storage: error.storage, error: cause }, `image storage failed (${error.storage}): ${cause}`);
}

/**
 * Re-encodes and stores checked images and records them (unattached until a car is saved with
 * them). An image that fails to decode is refused as invalid ("invalid"); a storage that cannot
 * take the files is our problem ("storage", with the error for the log). Either way nothing of
 * this request stays stored, except files another upload already owns (same content, same key).
 */
export async function storeUploads(
  db: Kysely<Database>,
  storage: Storage,
  buffers: Buffer[],
  bucket = IMAGE_BUCKET,
): Promise<StoreUploadsResult> {
  const stored: Array<Awaited<ReturnType<typeof storeImage>>> = [];
  try {
    for (const buffer of buffers) stored.push(await storeImage(storage, buffer, bucket));
  } catch (error) {
    const written = [...stored.flatMap((s) => s.keys), ...(error instanceof StorageError ? error.stored : [])];
    await removeUnowned(db, storage, written);
    if (error instanceof StorageError) return { ok: false, reason: "storage", problem: problem(UPLOADS.storage), error };
    return { ok: false, reason: "invalid", problem: problem(UPLOADS.invalid) };
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

/** Removes files written for a failed request, but not those an earlier upload row owns. */
async function removeUnowned(db: Kysely<Database>, storage: Storage, keys: string[]) {
  if (keys.length === 0) return;
  const fullKeys = [...new Set(keys.map((k) => k.replace(/-card\.webp$/, ".webp")))];
  const owned = new Set(
    (await db.selectFrom("uploads").select("storage_key").where("storage_key", "in", fullKeys).execute().catch(() => [])).map((r) => r.storage_key),
  );
  await Promise.all(
    keys.filter((k) => !owned.has(k.replace(/-card\.webp$/, ".webp"))).map((k) => storage.remove(k).catch(() => undefined)),
  );
}

/**
 * The car images a form or an API body names, as sent: a list (or a JSON string of one) of URLs
 * or `{ url, card?, width?, height? }`; null and blank entries mean nothing (spec §3). Anything
 * else is "invalid", never dropped.
 */
function sentImages(value: unknown): Array<{ url: unknown; card?: unknown }> | "invalid" {
  if (value === undefined || value === null || value === "") return [];
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      return "invalid";
    }
  }
  if (!Array.isArray(list)) return "invalid";
  const images: Array<{ url: unknown; card?: unknown }> = [];
  for (const entry of list) {
    if (entry === null || (typeof entry === "string" && !entry.trim())) continue;
    if (typeof entry === "string") images.push({ url: entry.trim() });
    else if (typeof entry === "object" && typeof (entry as StoredImage).url === "string") {
      const { url, card } = entry as { url: string; card?: unknown };
      const image: { url: unknown; card?: unknown } = { url: url.trim() };
      if (card !== undefined && card !== null) image.card = card;
      images.push(image);
    } else return "invalid";
  }
  return images;
}

/**
 * The one rule for car image URLs (API and car form): every URL, and every card variant sent,
 * is one our storage produced (isOwnImageUrl) and names a known upload, or an image the car
 * (`carId`) already shows, such as the seeded fleet's. Returns the refusal, or undefined.
 */
export async function foreignImagesProblem(
  db: Kysely<Database>,
  storage: Storage,
  value: unknown,
  carId?: string,
): Promise<Problem | undefined> {
  const images = sentImages(value);
  if (images === "invalid") return problem(UPLOADS.foreign);
  if (images.some((i) => !isOwnImageUrl(i.url, storage) || (i.card !== undefined && !isOwnImageUrl(i.card, storage)))) {
    return problem(UPLOADS.foreign);
  }
  const urls = [...new Set(images.map((i) => i.url as string))];
  if (urls.length === 0) return undefined;
  const known = new Set((await db.selectFrom("uploads").select("url").where("url", "in", urls).execute()).map((r) => r.url));
  if (carId && urls.some((u) => !known.has(u))) {
    const row = await db.selectFrom("cars").select("images").where("id", "=", carId).executeTakeFirst();
    for (const image of parseImages(row?.images ?? "[]")) known.add(image.url);
  }
  return urls.every((u) => known.has(u)) ? undefined : problem(UPLOADS.foreign);
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
