import type { Route } from "./+types/quotes";
import { readLeadTime } from "~/booking/booking-rules.server";
import { presentLeg, presentPrice } from "~/booking/present";
import { quotesForTrip, searchSpans } from "~/booking/quotes.server";
import { SEARCH_KEYS, withReturnDefaults } from "~/booking/search";
import { checkSearch } from "~/booking/search-check.server";
import { getLanguage } from "~/i18n/i18next.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { placeServices } from "~/server/http/places.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { validationProblem } from "~/server/http/validation.server";

/**
 * POST /api/quotes — a search (the fields of the /booking-results URL, as JSON) → the trip and the
 * cars that fit it and are free for every leg at the searched times, each with its price computed here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await rateLimited(context, "routes");
  if (limited) return limited;
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  // The same validation as the URL: the JSON fields become a query string.
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = read.body[key];
    if (typeof value === "string" || typeof value === "number") params.set(key, String(value).slice(0, 400));
  }
  const lng = getLanguage(context);
  const { db } = getApp(context);
  const checked = await checkSearch(placeServices(context), withReturnDefaults(params), lng, await readLeadTime(db.kysely));
  if (!checked.ok) return validationProblem(checked.fields, checked.tooSoon ? checked.fields.date?.[0] : undefined);
  const { search, trip } = checked;
  // Only the cars free for every leg of the search (availability.ts), as on the results page.
  const quotes = (await quotesForTrip(db.kysely, trip, search, searchSpans(trip, search))).filter((q) => q.unavailable === null);
  return apiOk({
    trip: {
      trip_type: trip.tripType,
      outbound: presentLeg(trip.outbound, lng),
      return: trip.return ? presentLeg(trip.return, lng) : null,
      total_distance_km: trip.totalKm,
      total_duration_seconds: trip.totalSeconds,
      estimate: trip.estimate,
    },
    quotes: quotes.map((q) => ({ car: q.car, price: presentPrice(q.price) })),
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
