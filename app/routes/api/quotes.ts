import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/quotes";
import { bookingT, fieldErrors, placeServices, rateLimited, readJson, translateFields, validationFailed } from "~/booking/http.server";
import { presentLeg, presentPrice } from "~/booking/present";
import { quotesForTrip } from "~/booking/quotes.server";
import { SEARCH_KEYS, searchSchema } from "~/booking/search";
import { planTrip } from "~/booking/trip.server";
import { getLanguage } from "~/i18n/i18next.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";

/**
 * POST /api/quotes — a search (the fields of the /booking-results URL, as JSON) → the trip and the
 * cars that fit it, each with its price computed here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await rateLimited(context, "routes");
  if (limited) return limited;
  const t = bookingT(context);
  const read = await readJson(request, t);
  if ("response" in read) return read.response;
  // The same validation as the URL: the JSON fields become a query string.
  const body = read.body as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = body[key];
    if (typeof value === "string" || typeof value === "number") params.set(key, String(value).slice(0, 400));
  }
  const submission = parseWithZod(params, { schema: searchSchema });
  if (submission.status !== "success") {
    const issues = Object.entries(submission.error ?? {}).flatMap(([path, messages]) => (messages ?? []).map((message) => ({ path: [path], message })));
    return validationFailed(t, fieldErrors(issues as never, t));
  }
  const search = submission.value;
  const lng = getLanguage(context);
  const planned = await planTrip(
    placeServices(context),
    {
      tripType: search.tripType,
      pickup: { text: search.pickup, placeId: search.pickupPlace },
      dropoff: { text: search.dropoff, placeId: search.dropoffPlace },
      ...(search.tripType === "roundTrip"
        ? { returnPickup: { text: search.returnPickup, placeId: search.returnPickupPlace }, returnDropoff: { text: search.returnDropoff, placeId: search.returnDropoffPlace } }
        : {}),
    },
    lng,
  );
  if (!planned.ok) return validationFailed(t, translateFields(planned.fields, t));
  const { db } = getApp(context);
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
