/**
 * POST /api/files/upload and /api/files/upload-multiple: multipart `files` (+ `bucket`, default
 * car-images), size-capped before reading, every file checked by content and re-encoded.
 * Answers `{ success: true, data: [{ url, card_url, width, height, id }] }` (spec §7); a storage
 * that cannot take the files answers 503 storage_unavailable with Retry-After, and logs an error.
 */
import type { RouterContextProvider } from "react-router";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { IMAGE_BUCKET } from "~/fleet/images.server";
import {
  BUCKET_PATTERN,
  checkImageFiles,
  imageFilesFrom,
  logStorageFailure,
  readLimitedFormData,
  removeOrphanUploads,
  STORAGE_RETRY_AFTER,
  storeUploads,
  UPLOADS,
} from "./uploads.server";

export async function handleUpload({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApi(request, context, "cars.write");
  const { db, storage, log } = getApp(context);
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return apiProblem(400, "bad_request", problem(UPLOADS.none));
  }
  const form = await readLimitedFormData(request);
  if (form === "too_large") return apiProblem(413, "payload_too_large", problem(UPLOADS.tooLarge));
  if (form === "bad_request") return apiProblem(400, "bad_request", problem(UPLOADS.none));
  const bucketValue = form.get("bucket");
  const bucket = typeof bucketValue === "string" && bucketValue.trim() ? bucketValue.trim() : IMAGE_BUCKET;
  if (!BUCKET_PATTERN.test(bucket)) return apiProblem(400, "validation_failed", problem(UPLOADS.badBucket));
  const check = await checkImageFiles(imageFilesFrom(form));
  if (!check.ok) return apiProblem(check.status, check.status === 413 ? "payload_too_large" : "validation_failed", check.problem);
  const stored = await storeUploads(db.kysely, storage, check.buffers, bucket);
  if (!stored.ok && stored.reason === "storage") {
    logStorageFailure(log, stored.error);
    return apiProblem(503, "storage_unavailable", stored.problem, undefined, { "Retry-After": String(STORAGE_RETRY_AFTER) });
  }
  if (!stored.ok) return apiProblem(400, "validation_failed", stored.problem);
  // Housekeeping while we are here: uploads of forms never saved.
  removeOrphanUploads(db.kysely, storage).catch((error: unknown) => log.warn({ err: error }, "orphan upload cleanup failed"));
  return apiOk(stored.images, { status: 201 });
}
