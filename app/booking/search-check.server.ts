/**
 * A search (the /booking-results URL, or the same fields as JSON to /api/quotes) checked in one
 * round: the zod schema and the places together. When the schema refuses something (a date in
 * the past, say), the place texts that were given are still looked up, so a visitor sees the date
 * AND the unknown place at once instead of one after the other. Problems are codes of the
 * `booking` namespace, by field.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { addProblem, type FieldProblems } from "~/i18n/problem";
import type { PlaceServices } from "~/places/service.server";
import type { PlaceSuggestion } from "~/places/types";
import { bookingFieldProblems } from "~/server/http/validation.server";
import { searchSchema, type Search } from "./search";
import { tripRequestFromSearch } from "./search-trip";
import { locateFields, planTrip, type LocationField, type Trip } from "./trip.server";

export type SearchCheck =
  | { ok: true; search: Search; trip: Trip }
  | { ok: false; fields: FieldProblems; candidates?: Partial<Record<LocationField, PlaceSuggestion[]>> };

export async function checkSearch(places: PlaceServices, params: URLSearchParams, language: string): Promise<SearchCheck> {
  const submission = parseWithZod(params, { schema: searchSchema });
  if (submission.status === "success") {
    const search = submission.value;
    const planned = await planTrip(places, tripRequestFromSearch(search), language);
    return planned.ok ? { ok: true, search, trip: planned.trip } : planned;
  }
  const fields = bookingFieldProblems(submission.error ?? {});
  const locations: LocationField[] = ["pickup", "dropoff"];
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
