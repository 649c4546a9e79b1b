import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/quotes";
import { toBusinessDateTime, toInstant } from "~/booking/datetime";
import { leadTimeProblem, readLeadTime } from "~/booking/booking-rules.server";
import { presentLeg, presentPrice } from "~/booking/present";
import { quotesForTrip } from "~/booking/quotes.server";
import { SEARCH_KEYS, searchSchema } from "~/booking/search";
import { tripRequestFromSearch } from "~/booking/search-trip";
import { planTrip } from "~/booking/trip.server";
import { getLanguage } from "~/i18n/i18next.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { placeServices } from "~/server/http/places.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { bookingFieldProblems, validationProblem } from "~/server/http/validation.server";

/**
 * POST /api/quotes — a search (the fields of the /booking-results URL, as JSON) → the trip and the
 * cars that fit it, each with its price computed here.
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
  const submission = parseWithZod(params, { schema: searchSchema });
  if (submission.status !== "success") return validationProblem(bookingFieldProblems(submission.error ?? {}));
  const search = submission.value;
  const { db } = getApp(context);
  const tooSoon = leadTimeProblem(toInstant(toBusinessDateTime(search.date, search.time)), await readLeadTime(db.kysely));
  if (tooSoon) return validationProblem({ date: [tooSoon] }, tooSoon);
  const lng = getLanguage(context);
  const planned = await planTrip(placeServices(context), tripRequestFromSearch(search), lng);
  if (!planned.ok) return validationProblem(bookingFieldProblems(planned.fields));
  const quotes = await quotesForTrip(db.kysely, planned.trip, search);
  return apiOk({
    trip: {
      trip_type: planned.trip.tripType,
      outbound: presentLeg(planned.trip.outbound, lng),
      return: planned.trip.return ? presentLeg(planned.trip.return, lng) : null,
      total_distance_km: planned.trip.totalKm,
      total_duration_seconds: planned.trip.totalSeconds,
      estimate: planned.trip.estimate,
    },
    quotes: quotes.map((q) => ({ car: q.car, price: presentPrice(q.price) })),
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
