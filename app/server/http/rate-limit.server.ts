/**
 * Per-address limits of the anonymous API (and the booking confirmation on the results page),
 * counted in the database so every instance sees the same numbers; the API answers 429 with
 * Retry-After.
 */
import type { RouterContextProvider } from "react-router";
import { problem } from "~/i18n/problem";
import { apiProblem } from "../api";
import { getApp } from "../context";
import { hitRateLimit, type RateLimitRule } from "../rate-limit.server";

export const RATE_LIMITS = {
  // Generous enough for a hotel lobby behind one address, tight enough against scripted floods.
  bookings: { limit: 30, windowMs: 10 * 60_000 },
  places: { limit: 120, windowMs: 60_000 },
  routes: { limit: 60, windowMs: 60_000 },
  extras: { limit: 120, windowMs: 60_000 },
  // a request to the office is written by a person: a few an hour from one address
  quoteRequests: { limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export const RATE_LIMITED = problem("booking:errors.rateLimited");

/** A limit as this instance applies it: the bookings' count per address is configurable (BOOKING_RATE_LIMIT). */
export function rateLimitRule(context: Readonly<RouterContextProvider>, name: keyof typeof RATE_LIMITS): RateLimitRule {
  return name === "bookings" ? { ...RATE_LIMITS.bookings, limit: getApp(context).env.BOOKING_RATE_LIMIT ?? RATE_LIMITS.bookings.limit } : RATE_LIMITS[name];
}

/** null when allowed, else the 429 response. */
export async function rateLimited(context: Readonly<RouterContextProvider>, name: keyof typeof RATE_LIMITS) {
  const { db, clientIp } = getApp(context);
  const result = await hitRateLimit(db.kysely, `${name}:${clientIp}`, rateLimitRule(context, name));
  if (result.allowed) return null;
  return apiProblem(429, "rate_limited", RATE_LIMITED, undefined, { "Retry-After": String(result.retryAfter) });
}
