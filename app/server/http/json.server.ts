/**
 * The one reader of JSON request bodies for the API. The adapter already refuses a JSON body over
 * JSON_BODY_LIMIT before a route runs; a route may ask for less (the public, anonymous ones do).
 * A body that cannot be used is a Problem (a code), never a thrown error; `jsonBodyError` gives the
 * API's answer to it (400 or 413, Turkish message from the catalogue, the code kept as `reason`).
 */
import { problem, type Problem } from "~/i18n/problem";
import { apiProblem } from "../api";
import { JSON_BODY_LIMIT } from "./request-policy";

/** What the anonymous booking endpoints accept: a booking or a search is a few hundred bytes. */
export const PUBLIC_JSON_LIMIT = 32 * 1024;

export const BAD_JSON = problem("booking:errors.badJson");
export const JSON_TOO_LARGE = problem("booking:errors.payloadTooLarge");

export type JsonBody = { ok: true; body: Record<string, unknown> } | { ok: false; problem: Problem };

/** The request's JSON object body, or the problem with it: too large, unreadable, not JSON, not an object. */
export async function readJsonBody(request: Request, options: { maxBytes?: number } = {}): Promise<JsonBody> {
  const maxBytes = options.maxBytes ?? JSON_BODY_LIMIT;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, problem: JSON_TOO_LARGE };
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false, problem: BAD_JSON };
  }
  if (new TextEncoder().encode(text).length > maxBytes) return { ok: false, problem: JSON_TOO_LARGE };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, problem: BAD_JSON };
    return { ok: true, body: value as Record<string, unknown> };
  } catch {
    return { ok: false, problem: BAD_JSON };
  }
}

/** The API's answer to an unusable body: 413 when it was too large, else 400. */
export function jsonBodyError(p: Problem) {
  return p.code === JSON_TOO_LARGE.code ? apiProblem(413, "payload_too_large", p) : apiProblem(400, "bad_request", p);
}
