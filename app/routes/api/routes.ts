import { z } from "zod";
import type { Route } from "./+types/routes";
import { bookingT, fieldErrors, placeServices, rateLimited, readJson, translateFields, validationFailed } from "~/booking/http.server";
import { presentLeg } from "~/booking/present";
import { planTrip } from "~/booking/trip.server";
import { getLanguage } from "~/i18n/i18next.server";
import { apiOk, methodNotAllowed } from "~/server/api";

const point = z.object({
  text: z.string().trim().max(200, "errors.tooLong").optional().default(""),
  placeId: z.string().trim().max(300, "errors.tooLong").optional(),
  lat: z.number({ error: "errors.coordinates" }).finite().optional(),
  lng: z.number({ error: "errors.coordinates" }).finite().optional(),
});
const schema = z.object({
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
  const t = bookingT(context);
  const read = await readJson(request, t);
  if ("response" in read) return read.response;
  const parsed = schema.safeParse(read.body);
  if (!parsed.success) return validationFailed(t, fieldErrors(parsed.error.issues, t));
  const lng = getLanguage(context);
  const services = placeServices(context);
  const legs = [];
  for (const [i, leg] of parsed.data.legs.entries()) {
    const planned = await planTrip(services, { tripType: "oneWay", pickup: leg.from, dropoff: leg.to }, lng);
    if (!planned.ok) {
      return validationFailed(t, translateFields(planned.fields, t, (f) => `legs.${i}.${f === "pickup" ? "from" : "to"}`));
    }
    legs.push(presentLeg(planned.trip.outbound, lng));
  }
  return apiOk({ legs });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
