import type { Route } from "./+types/bookings";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { bookingPayloadSchema, renameFields, requestFromPayload } from "~/routes/api/booking-payload.server";
import { createBooking, officeActor, readDistanceDetails } from "~/booking/index.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { jsonBodyError, PUBLIC_JSON_LIMIT, readJsonBody } from "~/server/http/json.server";
import { rateLimited } from "~/server/http/rate-limit.server";
import { validationProblem } from "~/server/http/validation.server";
import { presentBookingProducts, presentDistanceDetails } from "~/routes/api/present.server";
import { getLanguage } from "~/i18n/i18next.server";
import { problem, zodProblems } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { requestHash } from "~/server/idempotency";
import { kurusToLira } from "~/utils/money";
import { adminBookingsLoader } from "~/server/http/admin-bookings.server";
import { bookingOutcome } from "~/server/metrics.server";
import { getCurrentSession } from "~/auth/session.server";
import { can } from "~/auth/policy";
import { AUTH } from "~/auth/messages";
import { OFFICE_ENTRY_FIELDS, officeEntryOf, officeEntrySchema } from "~/booking/rules/office-entry";
import { carUnavailableResponse } from "~/admin/conflicts.server";
import { netPrice } from "~/booking/rules/partner-price";
import { isPartnerKey, partnerOfKey } from "~/partners/api-keys.server";
import { bookingPartner, partnerPays } from "~/partners/attribution.server";
import { PARTNERS_API } from "~/partners/partners-api.server";

/**
 * POST /api/bookings — public: a booking from the spec §3 payload. With a staff session (admin or
 * dispatcher) it is the office's entry (issue 29): not rate-limited, inside the lead time with a
 * warning, with `channel`, `price_override` + `override_reason`, `notify_guest` and `confirm`
 * (rules/office-entry.ts, the schema /admin/bookings/new uses); those fields without a staff
 * session are refused (403). The route and the price are
 * recomputed on the server (any client price is ignored). `Idempotency-Key` makes a retry safe:
 * the same key and body answer with the same booking; the same key with another body gets 422. Rate-limited per client address.
 * Hourly hire (`trip_type: "hourly"`, `hours`), extras and the currency shown are priced and
 * checked by createBooking like the site's; their problems come back under the API's names
 * (`hours`, `extras`, `extras.<code>`, `extras.<code>.text`, `flight_number`, `currency`).
 * With a partner's key (`Authorization: Bearer vtp_…`, issue 33) the booking is the partner's
 * (channel "partner", `partner_id`), priced as the site prices it, with the commission its rate
 * earns and the net it owes in `partner`; a revoked or unknown key is a 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // Staff (a session that may write bookings) enter the office's bookings: not rate-limited, with
  // the office's fields; anyone else books as a visitor.
  // A partner's system books with its API key (issue 33): the booking is the partner's, its commission kept.
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const partner = isPartnerKey(bearer) ? await partnerOfKey(getApp(context).db.kysely, bearer) : undefined;
  if (isPartnerKey(bearer) && !partner) return apiProblem(401, "unauthorized", problem(PARTNERS_API.keyRefused));
  const session = partner ? null : await getCurrentSession(request, context);
  const staff = session?.verified && can(session.user.role, "bookings.write") ? session : null;
  if (!staff && !partner) {
    const limited = await rateLimited(context, "bookings");
    if (limited) return limited;
  }
  const read = await readJsonBody(request, { maxBytes: PUBLIC_JSON_LIMIT });
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body && typeof read.body === "object" && !Array.isArray(read.body) ? (read.body as Record<string, unknown>) : null;
  const staffFields = body ? OFFICE_ENTRY_FIELDS.filter((field) => body[field] !== undefined) : [];
  if (!staff && staffFields.length > 0) return apiProblem(403, "forbidden", problem(AUTH.forbidden), Object.fromEntries(staffFields.map((f) => [f, [problem("admin:officeBooking.errors.staffOnly")]])));
  const parsed = bookingPayloadSchema.safeParse(read.body);
  const entry = staff ? officeEntrySchema.safeParse(body ?? {}) : null;
  if (!parsed.success || (entry && !entry.success)) {
    const fields = {
      ...(parsed.success ? {} : renameFields(zodProblems(parsed.error.issues, { namespace: "booking", fallback: "booking:errors.invalid" }))),
      ...(entry && !entry.success ? zodProblems(entry.error.issues, { namespace: "admin", fallback: "admin:officeBooking.errors.invalid" }) : {}),
    };
    getApp(context).metrics?.booking(bookingOutcome({ ok: false, fields }));
    return validationProblem(fields);
  }

  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) return apiProblem(400, "bad_request", problem("booking:errors.idempotencyKey"));
  const { clientIp } = getApp(context);
  const result = await createBooking(bookingDeps(context), requestFromPayload(parsed.data), {
    locale: getLanguage(context),
    idempotencyKey: key,
    requestHash: requestHash(read.body),
    clientIp,
    channel: "api",
    ...(partner ? { partner: bookingPartner(partner, partnerPays(partner, parsed.data.paid_by)) } : {}),
    ...(staff && entry?.success ? { office: { entry: officeEntryOf(entry.data), actor: officeActor(staff.user), ip: clientIp } } : {}),
  });
  getApp(context).metrics?.booking(bookingOutcome(result));
  if (!result.ok && result.idempotencyMismatch) return apiProblem(422, "idempotency_mismatch", problem("booking:errors.idempotencyMismatch"));
  // The office may book a taken car anyway with `override_reason`: its answer names the conflicts.
  if (!result.ok && result.unavailable && staff && result.conflicts?.length) return carUnavailableResponse(result.conflicts);
  if (!result.ok && result.unavailable) return apiProblem(409, "car_unavailable", result.unavailable, renameFields(result.fields));
  if (!result.ok) {
    // Too soon is the answer a client must act on (book by phone): it heads the error.
    const tooSoon = result.fields.date?.find((p) => p.code === "booking:errors.tooSoon");
    return validationProblem(renameFields(result.fields), tooSoon);
  }
  const b = result.booking;
  // An hourly hire is "hourly" with its hours; then its extras, price lines and the currency the guest saw.
  const products = presentBookingProducts(b);
  return apiOk(
    {
      id: b.id,
      reference: b.reference,
      status: b.status,
      auto_confirmed_at: b.auto_confirmed_at ?? null,
      channel: b.channel,
      trip_type: products.trip_type,
      pickup_location: b.pickup_location,
      dropoff_location: b.dropoff_location,
      pickup_date: b.pickup_date,
      return_pickup_location: b.return_pickup_location,
      return_dropoff_location: b.return_dropoff_location,
      return_date: b.return_date,
      pickup_address: b.pickup_address,
      dropoff_address: b.dropoff_address,
      return_pickup_address: b.return_pickup_address,
      return_dropoff_address: b.return_dropoff_address,
      passengers: b.passengers,
      luggage: b.luggage,
      luggage_items: storedLuggageItems(b.luggage_items),
      car_id: b.car_id,
      car_name: b.car_name,
      total_price: kurusToLira(b.total_price),
      total_distance: b.total_distance,
      distance_details: presentDistanceDetails(readDistanceDetails(b)),
      created_at: b.created_at,
      hours: products.hours,
      extras: products.extras,
      price_lines: products.price_lines,
      currency: products.currency,
      currency_rate: products.currency_rate,
      currency_total: products.currency_total,
      // the office's booking inside the visitors' lead time, for instance (codes, as the errors')
      warnings: result.warnings.map((w) => w.code),
      // a partner's own booking: what it earns and what it owes for it (lira)
      ...(partner
        ? { partner: { id: partner.id, code: partner.code, commission: kurusToLira(b.partner_commission), net_price: kurusToLira(netPrice(b.total_price, b.partner_commission)), paid_by: b.partner_pays === 1 ? "partner" : "guest" } }
        : {}),
    },
    { status: 201, headers: result.created ? {} : { "Idempotent-Replayed": "true" } },
  );
}

/** GET /api/bookings — the admin list: `?q=&status=&sort=&page=&limit=`, as on /admin/bookings. */
export const loader = (args: Route.LoaderArgs) => adminBookingsLoader(args);
