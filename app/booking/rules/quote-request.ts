/**
 * A quote request (issue 29): the trip the site could not price (a place it does not know, more
 * passengers than any car takes, a pickup inside the lead time, no car free), sent to the office
 * with the guest's contact. One schema for the public form (/quote-request) and
 * POST /api/quote-requests, with the search's field names (as /api/quotes takes them) and the
 * contact's. Messages are keys of the `quote` namespace. Pure and browser-safe.
 */
import { z } from "zod";
import { LANGUAGES } from "~/i18n/config";
import { contactRules } from "./contact";
import { isDateText, isTimeText, toBusinessDateTime, toInstant } from "./datetime";
import { tripDateProblems } from "./trip-dates";
import { MAX_PLACE_TEXT, TRIP_TYPES } from "./search-params";
import { LUGGAGE_KINDS, MAX_LUGGAGE_ITEM, normaliseLuggageItems, type LuggageItems, type LuggageKind } from "./capacity";

/** Why the site could not price it, as the results page knew: the office reads it first. */
export const QUOTE_REASONS = ["place", "passengers", "tooSoon", "noCar", "hours", "other"] as const;
export type QuoteReason = (typeof QUOTE_REASONS)[number];

/** A group larger than any car still asks: the office may send two cars or a coach. */
export const MAX_GROUP = 99;
export const MAX_GROUP_LUGGAGE = 150;
export const MAX_QUOTE_MESSAGE = 2000;

/** How long an offer stands, unless the pickup comes first. */
export const OFFER_VALID_DAYS = 3;

const code = (key: string) => `quote:errors.${key}`;
const place = () => z.string({ error: code("required") }).trim().max(MAX_PLACE_TEXT, code("tooLong"));
/** A whole number as JSON sends it or a form types it ("2"). */
const count = (max: number, key: string) =>
  z.preprocess((v) => (typeof v === "string" && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v === "" ? undefined : v), z.number({ error: code(key) }).int(code(key)).min(0, code(key)).max(max, code(key)));

export const quoteRequestSchema = z
  .object({
    tripType: z.enum(TRIP_TYPES, { error: code("tripType") }).default("oneWay"),
    pickup: place().min(2, code("required")),
    dropoff: place().optional(),
    date: z.string({ error: code("required") }).trim().refine(isDateText, code("date")),
    time: z.string({ error: code("required") }).trim().refine(isTimeText, code("time")),
    returnDate: z.string().trim().optional(),
    returnTime: z.string().trim().optional(),
    hours: count(24, "hours").optional(),
    passengers: count(MAX_GROUP, "passengers").refine((n) => n >= 1, code("passengers")),
    luggage: count(MAX_GROUP_LUGGAGE, "luggage").optional(),
    // the special luggage by kind (issue 32), named as the search names it; the office sees it with the request
    ...(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, count(MAX_LUGGAGE_ITEM, "luggageItem").optional()])) as Record<LuggageKind, z.ZodOptional<ReturnType<typeof count>>>),
    ...contactRules({ required: code("required"), tooLong: code("tooLong"), fullName: code("fullName"), email: code("email"), phone: code("phone") }),
    language: z.enum(LANGUAGES, { error: code("language") }).optional(),
    message: z.string({ error: code("tooLong") }).trim().max(MAX_QUOTE_MESSAGE, code("tooLong")).optional().default(""),
    /** what the results page could not do; unknown codes are dropped, not refused */
    reasons: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.unknown()))
      .transform((list) => [...new Set(list.filter((r): r is QuoteReason => (QUOTE_REASONS as readonly unknown[]).includes(r)))]),
  })
  .superRefine((q, ctx) => {
    if (q.tripType === "hourly" && (q.hours === undefined || q.hours < 1)) ctx.addIssue({ code: "custom", path: ["hours"], message: code("hours") });
    if (q.tripType !== "hourly" && !q.dropoff) ctx.addIssue({ code: "custom", path: ["dropoff"], message: code("required") });
    const pickupAt = toInstant(toBusinessDateTime(q.date, q.time));
    let returnAt: string | null = null;
    if (q.tripType === "roundTrip") {
      if (!q.returnDate || !isDateText(q.returnDate)) ctx.addIssue({ code: "custom", path: ["returnDate"], message: code(q.returnDate ? "date" : "required") });
      else if (!q.returnTime || !isTimeText(q.returnTime)) ctx.addIssue({ code: "custom", path: ["returnTime"], message: code(q.returnTime ? "time" : "required") });
      else returnAt = toInstant(toBusinessDateTime(q.returnDate, q.returnTime));
    }
    // No lead time here: a pickup sooner than the site books is one of the reasons to ask.
    const why = tripDateProblems({ pickupAt, returnAt, roundTrip: returnAt !== null });
    if (why.pickup) ctx.addIssue({ code: "custom", path: ["date"], message: code(why.pickup === "past" ? "datePast" : "dateTooFar") });
    if (why.return) ctx.addIssue({ code: "custom", path: ["returnDate"], message: code(why.return === "returnBeforePickup" ? "returnBeforePickup" : "dateTooFar") });
  });

export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;

/** The special luggage a request asks for (the kinds brought), or null when none. */
export const requestedLuggageItems = (q: Partial<Record<LuggageKind, number>>): LuggageItems | null =>
  normaliseLuggageItems(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, q[kind]])));

/** The request's pickup and return as UTC instants (the schema has checked they can be read). */
export function requestInstants(q: Pick<QuoteRequestInput, "tripType" | "date" | "time" | "returnDate" | "returnTime">): { pickupAt: string; returnAt: string | null } {
  const pickupAt = toInstant(toBusinessDateTime(q.date, q.time)) ?? "";
  const returnAt = q.tripType === "roundTrip" && q.returnDate && q.returnTime ? toInstant(toBusinessDateTime(q.returnDate, q.returnTime)) : null;
  return { pickupAt, returnAt };
}

/** Until when an offer made now stands: OFFER_VALID_DAYS, or the pickup if that is sooner. */
export function offerExpiry(pickupAt: string, now: Date = new Date()): string {
  const limit = now.getTime() + OFFER_VALID_DAYS * 86_400_000;
  // the pickup may come with any offset ("…T13:00:00+03:00"): compared, and stored, as UTC
  const pickup = Date.parse(pickupAt);
  return new Date(Number.isFinite(pickup) ? Math.min(pickup, limit) : limit).toISOString();
}

/** `TQ-7K3Q9X`: a request's reference, as a booking's but its own prefix. */
export const QUOTE_REFERENCE_PATTERN = /^TQ-[2-9A-HJ-NP-Z]{6}$/;

/** The office's words to the guest with an offer, at most. */
export const MAX_OFFER_NOTE = 1000;
