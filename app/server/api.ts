/**
 * The JSON envelope of every /api response (DESIGN.md §4):
 * `{ success: true, data }` or `{ success: false, error: { code, message, fields? } }`.
 */
import { data } from "react-router";

export type ApiErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "rate_limited"
  | "cross_origin"
  | "unsupported_media_type"
  | "idempotency_mismatch"
  | "unavailable"
  | "storage_unavailable"
  | "internal";

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  fields?: Record<string, string[]>;
}

const JSON_HEADERS = { "Cache-Control": "no-store" };

export function apiOk<T>(payload: T, init: { status?: number; headers?: HeadersInit } = {}) {
  return data({ success: true as const, data: payload }, {
    status: init.status ?? 200,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(init.headers)) },
  });
}

export function apiError(status: number, error: ApiError, headers?: HeadersInit) {
  return data({ success: false as const, error }, {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/** The same envelope as a plain Response, for middleware (which must return a Response). */
export function apiErrorResponse(status: number, error: ApiError, headers?: HeadersInit): Response {
  return Response.json({ success: false as const, error }, {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

export const notFound = (message = "Not found") => apiError(404, { code: "not_found", message });

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, { code: "method_not_allowed", message: `Use ${allowed.join(", ")}` }, { Allow: allowed.join(", ") });
}
