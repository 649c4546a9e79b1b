/**
 * A search (the /booking-results URL, or the same fields as JSON to /api/quotes) checked in one
 * round: the zod schema and the places together. When the schema refuses something (a date in
 * the past, say), the place texts that were given are still looked up, so a visitor sees the date
 * AND the unknown place at once instead of one after the other. Problems are codes of the
 * `booking` namespace, by field.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { addProblem, problem, type FieldProblems, type Problem } from "~/i18n/problem";
import type { PlaceServices } from "~/places/service.server";
import type { PlaceSuggestion } from "~/places/types";
import { bookingFieldProblems } from "~/i18n/problem";
import { leadTimeProblem, type LeadTime } from "./booking-rules.server";
import { toBusinessDateTime, toInstant } from "./rules/datetime";
import type { HireBounds } from "./rules/hire";
import { searchSchema, type Search } from "./rules/search";
import { tripRequestFromSearch } from "./search-trip";
import { locateFields, planTrip, type LocationField, type Trip } from "./trip.server";

export type SearchCheck =
  | { ok: true; search: Search; trip: Trip }
  | { ok: false; fields: FieldProblems; candidates?: Partial<Record<LocationField, PlaceSuggestion[]>>; tooSoon?: LeadTime };

/**
 * `lead` is the minimum lead time from settings: a pickup sooner than that is refused
 * (`booking:errors.tooSoon`, with `tooSoon` set so the page can offer the phone and WhatsApp),
 * together with any place problem.
 */
/** The office's bounds on an hourly hire (settings → pricing). */
export type { HireBounds };

/** Hours outside the office's bounds, as the visitor reads it. */
export const hoursProblem = (hours: number, bounds: HireBounds): Problem | null =>
  hours < bounds.minHours || hours > bounds.maxHours ? problem("booking:errors.hoursRange", { min: bounds.minHours, max: bounds.maxHours }) : null;

export async function checkSearch(places: PlaceServices, params: URLSearchParams, language: string, lead: LeadTime, hire: HireBounds = { minHours: 2, maxHours: 12 }): Promise<SearchCheck> {
  const submission = parseWithZod(params, { schema: searchSchema });
  if (submission.status === "success") {
    const search = submission.value;
    const tooSoon = leadTimeProblem(toInstant(toBusinessDateTime(search.date, search.time)), lead);
    const badHours = search.tripType === "hourly" ? hoursProblem(search.hours, hire) : null;
    const planned = await planTrip(places, tripRequestFromSearch(search), language);
    if (!tooSoon && !badHours) return planned.ok ? { ok: true, search, trip: planned.trip } : planned;
    const fields: FieldProblems = { ...(tooSoon ? { date: [tooSoon] } : {}), ...(badHours ? { hours: [badHours] } : {}) };
    if (!planned.ok) for (const [field, list] of Object.entries(planned.fields)) for (const p of list) addProblem(fields, field, p);
    return { ok: false, fields, ...(tooSoon ? { tooSoon: lead } : {}), ...(!planned.ok && planned.candidates ? { candidates: planned.candidates } : {}) };
  }
  const fields = bookingFieldProblems(submission.error ?? {});
  const locations: LocationField[] = params.get("tripType") === "hourly" ? ["pickup"] : ["pickup", "dropoff"];
  if (params.get("tripType") === "roundTrip") locations.push("returnPickup", "returnDropoff");
  // Only the places typed and otherwise in order: an empty or too long text has said its problem.
  const typed = locations.filter((field) => (params.get(field) ?? "").trim() !== "" && !fields[field]);
  const located = await locateFields(
    places,
    typed.map((field) => [field, { text: params.get(field) ?? "", placeId: params.get(`${field}Place`) || undefined }]),
    language,
  );
  for (const [field, list] of Object.entries(located.fields)) for (const p of list) addProblem(fields, field, p);
  return { ok: false, fields, ...(Object.keys(located.candidates).length ? { candidates: located.candidates } : {}) };
}
