import { z } from "zod";
import type { Route } from "./+types/routes";
import { presentLeg } from "~/routes/api/present.server";
import { planTrip } from "~/booking/index.server";
import { getLanguage } from "~/i18n/i18next.server";
import { zodProblems } from "~/i18n/problem";
import { apiOk, methodNotAllowed } from "~/server/api";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { placeServices } from "~/server/http/places.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { bookingFieldProblems } from "~/i18n/problem";
import { validationProblem } from "~/server/http/validation.server";

const point = z.object({
  text: z.string().trim().max(200, "errors.tooLong").optional().default(""),
  placeId: z.string().trim().max(300, "errors.tooLong").optional(),
  lat: z.number({ error: "errors.coordinates" }).finite().optional(),
  lng: z.number({ error: "errors.coordinates" }).finite().optional(),
});
export const routesRequestSchema = z.object({
  legs: z.array(z.object({ from: point, to: point }), { error: "errors.legs" }).min(1, "errors.legs").max(2, "errors.legs"),
});

/**
 * POST /api/routes — `{ legs: [{ from, to }] }` (one leg, or two for a round trip), each end a
 * place id, coordinates or text → distance (km), duration (s), display texts and the polyline.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await rateLimited(context, "routes");
  if (limited) return limited;
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  const parsed = routesRequestSchema.safeParse(read.body);
  if (!parsed.success) return validationProblem(zodProblems(parsed.error.issues, { namespace: "booking", fallback: "booking:errors.invalid" }));
  const lng = getLanguage(context);
  const services = placeServices(context);
  const legs = [];
  for (const [i, leg] of parsed.data.legs.entries()) {
    const planned = await planTrip(services, { tripType: "oneWay", pickup: leg.from, dropoff: leg.to }, lng);
    if (!planned.ok) {
      return validationProblem(bookingFieldProblems(planned.fields, (f) => `legs.${i}.${f === "pickup" ? "from" : "to"}`));
    }
    legs.push(presentLeg(planned.trip.outbound, lng));
  }
  return apiOk({ legs });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
