/**
 * The JSON envelope of every /api response (DESIGN.md §4):
 * `{ success: true, data }` or `{ success: false, error: { code, message, fields? } }`.
 */
import { data } from "react-router";
import type { FieldProblems, Problem, ProblemCode } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";

export type ApiErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "car_unavailable"
  | "driver_unavailable"
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
  /** the domain's own code behind `code` (a catalogue key) and its values */
  reason?: ProblemCode;
  params?: Problem["params"];
  /** field → messages (Turkish) */
  fields?: Record<string, string[]>;
  /** field → the same problems as catalogue keys, for clients that translate themselves */
  fieldCodes?: Record<string, ProblemCode[]>;
  /** `car_unavailable`: what the car is busy with */
  conflicts?: ApiConflict[];
}

/** A conflict of a car as the API names it (app/booking/conflicts.server.ts). */
export interface ApiConflict {
  kind: "booking" | "maintenance" | "inactive" | "missing";
  reference?: string;
  full_name?: string;
  leg?: "outbound" | "return";
  start?: string;
  end?: string;
  from?: string | null;
  to?: string | null;
}

/**
 * The error envelope of a domain problem: `message` (and each field's messages) in Turkish from
 * the catalogue (DESIGN.md §3 "Errors are codes"), the codes kept beside them.
 */
export function problemError(code: ApiErrorCode, p: Problem, fields?: FieldProblems): ApiError {
  return {
    code,
    message: translate("tr", p),
    reason: p.code,
    ...(p.params ? { params: p.params } : {}),
    ...(fields && Object.keys(fields).length > 0
      ? {
          fields: translateFields("tr", fields),
          fieldCodes: Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((q) => q.code)])),
        }
      : {}),
  };
}

export function apiProblem(status: number, code: ApiErrorCode, p: Problem, fields?: FieldProblems, headers?: HeadersInit) {
  return apiError(status, problemError(code, p, fields), headers);
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
