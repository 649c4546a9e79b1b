/**
 * Shared plumbing of the booking API routes: per-address rate limits answered with 429 and
 * Retry-After, JSON bodies read with a size cap, zod errors turned into translated field errors.
 */
import type { TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { getPlaceServices } from "~/places/service.server";
import { apiError } from "~/server/api";
import { getApp } from "~/server/context";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import type { BookingDeps } from "./bookings.server";

export const RATE_LIMITS = {
  // Generous enough for a hotel lobby behind one address, tight enough against scripted floods.
  bookings: { limit: 30, windowMs: 10 * 60_000 },
  places: { limit: 120, windowMs: 60_000 },
  routes: { limit: 60, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export const MAX_JSON_BYTES = 32 * 1024;

/** null when allowed, else the 429 response. */
export async function rateLimited(context: Readonly<RouterContextProvider>, name: keyof typeof RATE_LIMITS) {
  const { db, clientIp } = getApp(context);
  const result = await hitRateLimit(db.kysely, `${name}:${clientIp}`, RATE_LIMITS[name]);
  if (result.allowed) return null;
  return apiError(
    429,
    { code: "rate_limited", message: bookingT(context)("errors.rateLimited") },
    { "Retry-After": String(result.retryAfter) },
  );
}

export function bookingT(context: Readonly<RouterContextProvider>): TFunction {
  return getInstance(context).getFixedT(getLanguage(context), "booking");
}

export function placeServices(context: Readonly<RouterContextProvider>) {
  const { env, log } = getApp(context);
  return getPlaceServices(env, log);
}

/** The parsed JSON body, or the 400/413 response to send instead. */
export async function readJson(request: Request, t: TFunction): Promise<{ body: unknown } | { response: ReturnType<typeof apiError> }> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_JSON_BYTES) return { response: apiError(413, { code: "payload_too_large", message: t("errors.payloadTooLarge") }) };
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) return { response: apiError(413, { code: "payload_too_large", message: t("errors.payloadTooLarge") }) };
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
    return { body };
  } catch {
    return { response: apiError(400, { code: "bad_request", message: t("errors.badJson") }) };
  }
}

/** zod issues → `{ field: [translated message] }`, field names mapped for the API. */
export function fieldErrors(issues: z.core.$ZodIssue[], t: TFunction, rename: (field: string) => string = (f) => f) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = rename(String(issue.path[0] ?? "_"));
    const message = t(issue.message.startsWith("errors.") ? issue.message : "errors.invalid");
    const list = (fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}

export function translateFields(fields: Record<string, string[]>, t: TFunction, rename: (field: string) => string = (f) => f) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [rename(k), v.map((m) => t(m))]));
}

export function validationFailed(t: TFunction, fields: Record<string, string[]>) {
  return apiError(400, { code: "validation_failed", message: t("errors.checkFields"), fields });
}

export function bookingDeps(context: Readonly<RouterContextProvider>): BookingDeps {
  const { db, env, log, mailer } = getApp(context);
  const i18n = getInstance(context);
  return { db: db.kysely, places: placeServices(context), mailer, env, log, translator: (lng) => i18n.getFixedT(lng, "booking") };
}
