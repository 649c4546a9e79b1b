import type { Route } from "./+types/bookings";
import { apiFieldName, bookingPayloadSchema, requestFromPayload } from "~/booking/api.server";
import { createBooking, readDistanceDetails } from "~/booking/bookings.server";
import { bookingDeps, bookingT, fieldErrors, rateLimited, readJson, translateFields, validationFailed } from "~/booking/http.server";
import { getLanguage } from "~/i18n/i18next.server";
import { apiError, apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { requestHash } from "~/server/idempotency";
import { kurusToLira } from "~/utils/money";
import { adminBookingsLoader } from "~/booking/admin-bookings-api.server";

/**
 * POST /api/bookings — public: a booking from the spec §3 payload. The route and the price are
 * recomputed on the server (any client price is ignored). `Idempotency-Key` makes a retry safe:
 * the same key and body answer with the same booking; the same key with another body gets 422. Rate-limited per client address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await rateLimited(context, "bookings");
  if (limited) return limited;
  const t = bookingT(context);
  const read = await readJson(request, t);
  if ("response" in read) return read.response;
  const parsed = bookingPayloadSchema.safeParse(read.body);
  if (!parsed.success) return validationFailed(t, fieldErrors(parsed.error.issues, t));

  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) {
    return apiError(400, { code: "bad_request", message: t("errors.idempotencyKey") });
  }
  const { clientIp } = getApp(context);
  const result = await createBooking(bookingDeps(context), requestFromPayload(parsed.data), {
    locale: getLanguage(context),
    idempotencyKey: key,
    requestHash: requestHash(read.body),
    clientIp,
  });
  if (!result.ok && result.idempotencyMismatch) {
    return apiError(422, { code: "idempotency_mismatch", message: t("errors.idempotencyMismatch") });
  }
  if (!result.ok) return validationFailed(t, translateFields(result.fields, t, apiFieldName));
  const b = result.booking;
  return apiOk(
    {
      id: b.id,
      reference: b.reference,
      status: b.status,
      trip_type: b.trip_type,
      pickup_location: b.pickup_location,
      dropoff_location: b.dropoff_location,
      pickup_date: b.pickup_date,
      return_pickup_location: b.return_pickup_location,
      return_dropoff_location: b.return_dropoff_location,
      return_date: b.return_date,
      passengers: b.passengers,
      car_id: b.car_id,
      car_name: b.car_name,
      total_price: kurusToLira(b.total_price),
      total_distance: b.total_distance,
      distance_details: readDistanceDetails(b),
      created_at: b.created_at,
    },
    { status: 201, headers: result.created ? {} : { "Idempotent-Replayed": "true" } },
  );
}

/** GET /api/bookings — the admin list: `?q=&status=&sort=&page=&limit=`, as on /admin/bookings. */
export const loader = (args: Route.LoaderArgs) => adminBookingsLoader(args);
