/**
 * POST /api/files/upload and /api/files/upload-multiple: multipart `files` (+ `bucket`, default
 * car-images), size-capped before reading, every file checked by content and re-encoded.
 * Answers `{ success: true, data: [{ url, card_url, width, height, id }] }` (spec §7); a storage
 * that cannot take the files answers 503 storage_unavailable with Retry-After, and logs an error.
 */
import type { RouterContextProvider } from "react-router";
import { requireAdminApi } from "~/auth/session.server";
import { apiError, apiOk, methodNotAllowed } from "~/server/api";
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
  UPLOAD_MESSAGES,
} from "./uploads.server";

export async function handleUpload({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdminApi(request, context);
  const { db, storage, log } = getApp(context);
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return apiError(400, { code: "bad_request", message: UPLOAD_MESSAGES.none });
  }
  const form = await readLimitedFormData(request);
  if (form === "too_large") return apiError(413, { code: "payload_too_large", message: UPLOAD_MESSAGES.tooLarge });
  if (form === "bad_request") return apiError(400, { code: "bad_request", message: UPLOAD_MESSAGES.none });
  const bucketValue = form.get("bucket");
  const bucket = typeof bucketValue === "string" && bucketValue.trim() ? bucketValue.trim() : IMAGE_BUCKET;
  if (!BUCKET_PATTERN.test(bucket)) return apiError(400, { code: "validation_failed", message: UPLOAD_MESSAGES.badBucket });
  const check = await checkImageFiles(imageFilesFrom(form));
  if (!check.ok) return apiError(check.status, { code: check.status === 413 ? "payload_too_large" : "validation_failed", message: check.message });
  const stored = await storeUploads(db.kysely, storage, check.buffers, bucket);
  if (!stored.ok && stored.reason === "storage") {
    logStorageFailure(log, stored.error);
    return apiError(503, { code: "storage_unavailable", message: stored.message }, { "Retry-After": String(STORAGE_RETRY_AFTER) });
  }
  if (!stored.ok) return apiError(400, { code: "validation_failed", message: stored.message });
  // Housekeeping while we are here: uploads of forms never saved.
  removeOrphanUploads(db.kysely, storage).catch((error: unknown) => log.warn({ err: error }, "orphan upload cleanup failed"));
  return apiOk(stored.images, { status: 201 });
}
