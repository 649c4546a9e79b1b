/**
 * The OpenAPI 3.1 description of every /api endpoint (DESIGN.md §4). The schemas are not written
 * by hand: they are the zod schemas the routes validate with (search, booking payload, car form,
 * booking edit, settings, login, routes) and the response schemas of app/server/http/api-schemas.ts,
 * turned into JSON Schema by `z.toJSONSchema` (OpenAPI 3.1 uses JSON Schema 2020-12, zod's default
 * target). Only the path entries are written here: method, summary, which schema, which statuses.
 * tests/integration/admin-cars-openapi.test.ts checks that every API route of app/routes.ts has one
 * and that every $ref resolves.
 */
import { z } from "zod";
import { bookingPayloadSchema } from "~/routes/api/booking-payload.server";
import { officeEntrySchema } from "~/booking/rules/office-entry";
import { MAX_OFFER_NOTE, quoteRequestSchema } from "~/booking/rules/quote-request";
import { quoteRequestPaths } from "./openapi-quote-requests";
import { paymentPaths } from "./openapi-payments";
import { partnerPaths } from "./openapi-partners";
import { driverPaths } from "./openapi-drivers";
import { partnerWebhookPaths } from "./openapi-partner-webhooks";
import { PARTNER_WEBHOOK_COMPONENTS } from "~/server/http/partner-webhook-schemas";
import { PartnerApiKeyCreate, PartnerApiKeyCreated, PartnerApiKeySchema, PartnerBookingShare, PartnerNetRatesSchema, PartnerNetRatesWrite, PartnerSchema, PartnerWrite } from "~/server/http/partner-schemas";
import { BookingMoneySchema, PaymentInputSchema } from "~/server/http/payment-schemas";
import { bookingEditSchema } from "~/booking/rules/admin-edit";
import { searchSchema } from "~/booking/rules/search";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import { PAYMENT_STATUSES } from "~/booking/rules/payments";
import { loginSchema } from "~/auth/schemas";
import { SESSION_COOKIE } from "~/auth/session-cookie.server";
import { carFormSchema } from "~/fleet/car-form";
import {
  ApiBookingSchema,
  ApiUser,
  BookingCreated,
  CustomerSchema,
  BookingEventSchema,
  BookingWithEvents,
  ChosenExtraSchema,
  CarSaved,
  CarSchema,
  ConflictingBookingSchema,
  Deleted,
  DriverSchema,
  DriverWrite,
  ErrorEnvelope,
  OfferedExtraSchema,
  Pagination,
  PlaceSuggestionSchema,
  PresentedLeg,
  PresentedPrice,
  PriceLineSchema,
  QuoteOptions,
  QuotesResult,
  QuoteRequestSchema,
  StatusChange,
  UploadForm,
  UploadSchema,
} from "~/server/http/api-schemas";
import { settingsSchema } from "~/settings/settings";
import { routesRequestSchema } from "./routes";
import { DashboardSchema, NotificationSchema, NotificationsRead } from "~/server/http/office-schemas";
import { BookingWithLegs, LegAssignmentRequest, LegAssignmentSchema } from "~/server/http/assign-schemas";

/** Every schema the document names, by its component name. */
const COMPONENTS = {
  Error: ErrorEnvelope,
  Pagination,
  Deleted,
  User: ApiUser,
  Car: CarSchema,
  CarSaved,
  ConflictingBooking: ConflictingBookingSchema,
  Driver: DriverSchema,
  DriverCreate: DriverWrite,
  DriverUpdate: DriverWrite.partial(),
  // partners (issue 33)
  Partner: PartnerSchema,
  PartnerCreate: PartnerWrite,
  PartnerUpdate: PartnerWrite.partial(),
  PartnerApiKey: PartnerApiKeySchema,
  PartnerApiKeyCreated,
  PartnerApiKeyCreate,
  PartnerBookingShare,
  ...PARTNER_WEBHOOK_COMPONENTS,
  PartnerNetRates: PartnerNetRatesSchema,
  PartnerNetRatesWrite,
  // POST needs name, make and model (the API's own check, missingRequired); PUT keeps what is not sent.
  CarCreate: carFormSchema.partial().required({ name: true, make: true, model: true }),
  CarUpdate: carFormSchema.partial(),
  Search: searchSchema,
  QuoteOptions,
  Quotes: QuotesResult,
  Price: PresentedPrice,
  PriceLine: PriceLineSchema,
  ChosenExtra: ChosenExtraSchema,
  Extra: OfferedExtraSchema,
  PresentedLeg,
  RoutesRequest: routesRequestSchema,
  PlaceSuggestion: PlaceSuggestionSchema,
  BookingRequest: bookingPayloadSchema,
  Customer: CustomerSchema,
  // A trip the site could not price (issue 29): the same schema as /quote-request.
  QuoteRequestInput: quoteRequestSchema,
  QuoteRequest: QuoteRequestSchema,
  OfferFields: z.object({
    note: z.string().max(MAX_OFFER_NOTE).optional().meta({ description: "The office's words to the guest, in the offer's mail and page" }),
    language: z.enum(["en", "tr", "de", "ru"]).optional().meta({ description: "Write to the guest in this language instead of the one they asked in" }),
  }),
  // What the office adds with a staff session (issue 29): the same schema as /admin/bookings/new.
  OfficeBookingFields: officeEntrySchema,
  BookingCreated,
  // The office's view of a booking with its hours, extras, price lines and currency.
  AdminBooking: ApiBookingSchema,
  BookingEvent: BookingEventSchema,
  BookingWithEvents,
  BookingWithLegs,
  LegAssignment: LegAssignmentSchema,
  LegAssignmentRequest,
  // A booking's money (issue 30)
  BookingMoney: BookingMoneySchema,
  PaymentInput: PaymentInputSchema,
  BookingEdit: bookingEditSchema.extend(StatusChange.partial().shape),
  StatusChange,
  Upload: UploadSchema,
  UploadForm,
  Login: loginSchema.omit({ redirectTo: true }).extend({
    code: z.string().optional().meta({ description: "When two-factor is on: six digits from the app, or one of the recovery codes (each once)" }),
  }),
  Session: z.object({ token: z.string(), expiresAt: z.string().meta({ format: "date-time" }), user: ApiUser }),
  CurrentSession: z.object({ user: ApiUser, expiresAt: z.string().meta({ format: "date-time" }), remember: z.boolean() }),
  Settings: settingsSchema,
  Dashboard: DashboardSchema,
  Notifications: z.object({ items: z.array(NotificationSchema), total: z.number().int(), unread: z.number().int() }),
  Notification: NotificationSchema,
  NotificationsRead,
  NotificationsMarked: z.object({ marked: z.number().int(), unread: z.number().int() }),
} satisfies Record<string, z.ZodType>;

type ComponentName = keyof typeof COMPONENTS;

function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  // Requests are described as clients send them (`io: "input"`: before defaults and transforms);
  // a check zod cannot express in JSON Schema (a refine, a custom image type) is left open.
  const { schemas } = z.toJSONSchema(registry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    // `.int()` is "an integer"; the safe-integer bounds zod adds say nothing to a reader.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  // Each component says its `$schema` and an `$id` that is its own address; in OpenAPI the
  // document's jsonSchemaDialect says the first once and the components map gives the second.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _address, ...schema }]) => [id, schema]));
}

type Json = Record<string, unknown>;

const ref = (name: ComponentName): Json => ({ $ref: `#/components/schemas/${name}` });
const list = (items: Json): Json => ({ type: "array", items });
const json = (schema: Json) => ({ required: true, content: { "application/json": { schema } } });
const ok = (data: Json, description = "OK", extra: Record<string, Json> = {}) => ({
  description,
  content: {
    "application/json": {
      schema: { type: "object", properties: { success: { const: true }, data, ...extra }, required: ["success", "data"] },
    },
  },
});
const error = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
const query = (name: string, schema: Json, description: string) => ({ name, in: "query", required: false, schema, description });
const pathId = { name: "id", in: "path", required: true, schema: { type: "string" } };
const idempotencyKey = { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 100 } };

const ADMIN = [{ bearerAuth: [] }, { cookieAuth: [] }];
const E400 = error("`bad_request` (not a JSON object) or `validation_failed`: `error.fields` (Turkish) and `error.fieldCodes` (catalogue keys) by field");
const E401 = error("No or expired session");
const E403 = error("Signed in, but not an administrator");
const E404 = error("Not found");
const E413 = error("`payload_too_large`");
const E422 = error("`idempotency_mismatch`: the Idempotency-Key was used with a different body");
const E429 = error("`rate_limited`; see Retry-After");
const E503 = error("`storage_unavailable`: the storage could not take the files; nothing is stored; retry after Retry-After seconds");
const upload = (summary: string) => ({
  tags: ["files"],
  summary,
  description: "Checked by content, at most 10; re-encoded to WebP without metadata, with a card-size variant.",
  security: ADMIN,
  requestBody: { required: true, content: { "multipart/form-data": { schema: ref("UploadForm") } } },
  responses: { 201: ok(list(ref("Upload")), "Stored"), 400: E400, 401: E401, 403: E403, 413: E413, 503: E503 },
});
const carUpdate = (summary: string) => ({
  tags: ["cars"],
  summary,
  description:
    "`maintenance_from` / `maintenance_to` set the maintenance window (either end may be null; the end must come after the start, else 400 with `error.fields.maintenance_to`). The answer lists `conflicting_bookings` when the car has a window.",
  security: ADMIN,
  requestBody: json(ref("CarUpdate")),
  responses: { 200: ok(ref("CarSaved")), 400: E400, 401: E401, 403: E403, 404: E404 },
});
const BOOKING_STATUS = { type: "string", enum: ["pending", "confirmed", "completed", "cancelled"] };

const paths = {
  "/api/auth/login": {
    post: {
      tags: ["auth"],
      summary: "Sign in; returns a bearer token",
      requestBody: json(ref("Login")),
      responses: { 200: ok(ref("Session")), 400: E400, 401: error("Wrong e-mail, password or code"), 403: E403, 429: E429 },
    },
  },
  "/api/auth/session": {
    get: { tags: ["auth"], summary: "The signed-in user", security: ADMIN, responses: { 200: ok(ref("CurrentSession")), 401: E401 } },
  },
  "/api/auth/logout": {
    post: {
      tags: ["auth"],
      summary: "End the session (harmless without one)",
      responses: { 200: ok({ type: "object", properties: { signedOut: { const: true } } }) },
    },
  },
  "/api/settings": {
    get: { tags: ["settings"], summary: "Settings (admin)", security: ADMIN, responses: { 200: ok(ref("Settings")), 401: E401, 403: E403 } },
    put: {
      tags: ["settings"],
      summary: "Replace the settings (admin)",
      security: ADMIN,
      requestBody: json(ref("Settings")),
      responses: { 200: ok(ref("Settings")), 400: E400, 401: E401, 403: E403 },
    },
  },
  "/api/customers": {
    get: {
      tags: ["customers"],
      summary: "The guests the office knows (staff: admins and dispatchers)",
      description: "Matched from every booking by phone in any format or e-mail. `q` searches name, e-mail and phone (\"0532 123 45 67\" finds +90 532 123 45 67); the latest booked first. Erased guests (KVKK) are not listed.",
      security: ADMIN,
      parameters: [query("q", { type: "string" }, "Name, e-mail or phone"), query("page", { type: "integer", minimum: 1 }, "Page"), query("limit", { type: "integer", minimum: 1, maximum: 100 }, "Page size (default 20)")],
      responses: { 200: ok(list(ref("Customer")), "Guests", { pagination: ref("Pagination") }), 401: E401, 403: E403 },
    },
  },
  ...quoteRequestPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E400, E401, E403, E404, E413, E429 }),
  ...paymentPaths({ ref, json, ok, error, pathId, ADMIN, E400, E401, E403, E404 }),
  ...driverPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E401, E403, E404, E422, idempotencyKey }),
  ...partnerPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E401, E403, E404, E422, idempotencyKey }),
  ...partnerWebhookPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E401, E403 }),
  "/api/stats/dashboard": {
    get: { tags: ["stats"], summary: "Dashboard figures (admin)", security: ADMIN, responses: { 200: ok(ref("Dashboard")), 401: E401, 403: E403 } },
  },
  "/api/notifications": {
    get: {
      tags: ["notifications"],
      summary: "Back-office notifications (admin)",
      security: ADMIN,
      parameters: [
        query("unread", { type: "string", enum: ["1"] }, "Only unread"),
        query("limit", { type: "integer", minimum: 1, maximum: 100 }, "Default 20"),
        query("offset", { type: "integer", minimum: 0 }, "Default 0"),
      ],
      responses: { 200: ok(ref("Notifications")), 401: E401, 403: E403 },
    },
    post: {
      tags: ["notifications"],
      summary: "Mark notifications read (admin)",
      security: ADMIN,
      requestBody: json(ref("NotificationsRead")),
      responses: { 200: ok(ref("NotificationsMarked")), 400: E400, 401: E401, 403: E403 },
    },
  },
  "/api/cars": {
    get: {
      tags: ["cars"],
      summary: "The fleet",
      description:
        "Anonymous callers get the active cars in display order. An admin gets every car, filtered, and with `page` or `limit` one page (8 by default) plus `pagination`.",
      security: [{}, ...ADMIN],
      parameters: [
        query("q", { type: "string" }, "Admin: search in name, make, model, category (Turkish letters folded)"),
        query("category", { type: "string" }, "Admin: exact category"),
        query("status", { type: "string", enum: ["active", "maintenance", "inactive"] }, "Admin: status"),
        query("page", { type: "integer", minimum: 1 }, "Admin: page number"),
        query("limit", { type: "integer", minimum: 1, maximum: 100 }, "Admin: page size (default 8)"),
      ],
      responses: { 200: ok(list(ref("Car")), "Cars", { pagination: ref("Pagination") }) },
    },
    post: {
      tags: ["cars"],
      summary: "Create a car (admin)",
      description:
        "Images are addresses answered by /api/files/upload (or images the car already shows); any other URL is refused with `error.fields.images`. A repeated `Idempotency-Key` with the same body answers with the car created the first time.",
      security: ADMIN,
      parameters: [idempotencyKey],
      requestBody: json(ref("CarCreate")),
      responses: { 201: ok(ref("CarSaved"), "Created"), 400: E400, 401: E401, 403: E403, 422: E422 },
    },
  },
  "/api/cars/{id}": {
    parameters: [pathId],
    get: {
      tags: ["cars"],
      summary: "One car: an active car for anyone; any car (with bookings_count) for an admin",
      security: [{}, ...ADMIN],
      responses: { 200: ok(ref("Car")), 404: E404 },
    },
    put: carUpdate("Update a car (admin); fields not sent keep their value"),
    patch: carUpdate("Update a car (admin), the same as PUT: fields not sent keep their value"),
    delete: {
      tags: ["cars"],
      summary: "Delete a car (admin) and its photos",
      security: ADMIN,
      responses: {
        200: ok(ref("Deleted")),
        401: E401,
        403: E403,
        404: E404,
        409: error("`conflict`: the car has bookings; set it inactive instead"),
      },
    },
  },
  "/api/places": {
    get: {
      tags: ["booking"],
      summary: "Place suggestions in Turkey (public)",
      parameters: [
        query("q", { type: "string", maxLength: 200 }, "What the visitor typed, in any script (Kemer, Кемер, Flughafen Antalya, AYT)"),
        query("lng", { type: "string", enum: ["en", "tr", "de", "ru"] }, "Language of the labels; without it the language cookie, then Accept-Language"),
      ],
      responses: { 200: ok(list(ref("PlaceSuggestion"))), 429: E429 },
    },
  },
  "/api/routes": {
    post: {
      tags: ["booking"],
      summary: "Distance, duration and path of one or two legs (public)",
      requestBody: json(ref("RoutesRequest")),
      responses: {
        200: ok({ type: "object", properties: { legs: list(ref("PresentedLeg")) }, required: ["legs"] }),
        400: E400,
        413: E413,
        429: E429,
      },
    },
  },
  "/api/quotes": {
    post: {
      tags: ["booking"],
      summary: "Cars that fit a search and are free at its times, each priced by the server (public)",
      description:
        "The body holds the fields of the /booking-results URL (`tripType` oneWay, roundTrip or hourly; hourly hire takes `hours` within settings `pricing.hourlyMinHours`–`hourlyMaxHours` and no drop-off, and lists only cars with an hourly rate), plus `extras` (`[{ code, quantity, text }]`, codes from GET /api/extras) priced with every car (child seats — `infant-seat`, `child-seat`, `booster-seat` — together no more than `passengers`, else `booking:errors.childSeatsOverPassengers` under `extras.<code>`), special luggage by kind (`prams`, `wheelchairs`, `golfBags`, `skis`, `bicycles`, each 0–6, `booking:errors.luggageItem`) listing only the cars whose `luggage` holds the suitcases plus the kinds' places (pram 1, wheelchair 2, golf bag 2, skis 2, bicycle 3), and `currency` (TRY by default) for `total_in_currency`. Each price has its `lines` (route fare, distance, hours, night surcharge, return discount, minimum fare, extras) adding up to `total` (lira, what is charged) and `fixed_price` when every leg is at a route's fixed fare. The trip states the free waiting time at the pickup and the price of waiting after it. Only cars free for every leg are listed: a car is busy from each booked leg's pickup to its drop-off plus the office's buffer (settings `booking.bufferMinutes`), and during its maintenance window. A pickup sooner than the office's minimum lead time (settings `booking.leadTimeHours`) is refused with 400, `reason` `booking:errors.tooSoon` and `params` hours, phone and whatsapp.",
      requestBody: json({ allOf: [ref("Search"), ref("QuoteOptions")] }),
      responses: {
        200: ok(ref("Quotes")),
        400: error(
          "`validation_failed`, by field (codes in `fieldCodes`): the search's fields (`pickup`, `date`, …; `hours`: `booking:errors.hours` or `booking:errors.hoursRange`), `extras` (`booking:errors.extrasFormat`: not a list of `{ code, quantity, text }`; `booking:errors.extraUnknown`: a code not offered, or twice), `extras.<code>` (`booking:errors.extraQuantity`: not a whole number from 0 to the extra's maximum), `extras.<code>.text` (`booking:errors.extraText`: the text it needs is missing; `booking:errors.extraTextTooLong`), `currency` (`booking:errors.currency`)",
        ),
        413: E413,
        429: E429,
      },
    },
  },
  "/api/extras": {
    get: {
      tags: ["booking"],
      summary: "The extras a booking may add: child seats, a name sign, an extra stop, extra waiting (public)",
      description: "The office's active extras in its order (/admin/extras). Prices are lira; `pricing` says whether per booking or per unit × quantity. Rate-limited.",
      parameters: [query("currency", { type: "string", enum: ["TRY", "EUR", "USD", "GBP", "RUB"] }, "Adds `price_in_currency` at the office's rates")],
      responses: { 200: ok(list(ref("Extra"))), 400: error("`validation_failed`: `fields.currency` (`booking:errors.currency`)"), 429: E429 },
    },
  },
  "/api/bookings": {
    get: {
      tags: ["bookings"],
      summary: "Bookings (admin), as on /admin/bookings",
      security: ADMIN,
      parameters: [
        query(
          "view",
          { type: "string", enum: ["upcoming", "today", "tomorrow", "week", "past", "all"] },
          "Quick view in Istanbul time: upcoming (the default without a search or dates: trips whose outbound or return pickup is from now on, soonest first), today, tomorrow, week (today through Sunday), past (trips before now, newest first), all (the default with a search)",
        ),
        query("from", { type: "string", format: "date" }, "Trip date range start, Istanbul day YYYY-MM-DD, inclusive: a booking matches when either leg's pickup falls in the range; wins over view"),
        query("to", { type: "string", format: "date" }, "Trip date range end, Istanbul day YYYY-MM-DD, inclusive; not before from"),
        query("car", { type: "string" }, "A car id: only bookings of that car (an unknown id is a 400)"),
        query("q", { type: "string" }, "Search name, e-mail, phone (any format), reference, places, hotels or addresses, flight number (case- and Turkish-letter-insensitive)"),
        query("status", BOOKING_STATUS, "Status"),
        query("channel", { type: "string", enum: [...BOOKING_CHANNELS] }, "Where the booking came from"),
        query("payment", { type: "string", enum: [...PAYMENT_STATUSES] }, "Issue 30: the booking's payment_status (unpaid, part_paid, paid, refunded)"),
        query("sort", { type: "string", enum: ["asc", "desc"] }, "By outbound pickup date; default asc, desc for the past and all views"),
        query("page", { type: "integer", minimum: 1 }, "Page"),
        query("limit", { type: "integer", minimum: 1, maximum: 100 }, "Page size (default 10)"),
      ],
      description:
        "The office's work list: the same query as /admin/bookings and its CSV export (/admin/bookings/export). A value that cannot be read (a date such as 2026-13-45, `to` before `from`, an unknown car, view, status, channel, payment state or sort) is a 400 `validation_failed` naming the parameter in `fields` (codes `admin:worklist.errors.*` in `fieldCodes`).",
      responses: { 200: ok(list(ref("AdminBooking")), "Bookings", { pagination: ref("Pagination") }), 400: E400, 401: E401, 403: E403 },
    },
    post: {
      tags: ["bookings"],
      summary: "Book a transfer or an hourly hire (public; with a staff session, the office's entry)",
      description:
        "The payload of spec §3. Route and price are computed on the server; a client price is ignored. `trip_type: \"hourly\"` with `hours` books a chauffeur by the hour from the pickup (no drop-off; the car needs an hourly rate, else `fields.car_id` `booking:errors.notHourly`; hours outside the office's bounds: `fields.hours` `booking:errors.hoursRange`). `extras` (`[{ code, quantity, text }]`, GET /api/extras) are priced and kept with the booking; their problems are named `extras` (`booking:errors.extrasFormat`, `booking:errors.extraUnknown`), `extras.<code>` (`booking:errors.extraQuantity`) and `extras.<code>.text` (`booking:errors.extraText`, `booking:errors.extraTextTooLong`). `currency` (TRY by default; else `fields.currency` `booking:errors.currency`) is recorded with its rate and the total in it (`currency_rate`, `currency_total`); `total_price` is what is charged, in lira. A pickup at an airport needs `flight_number` (`booking:errors.flightRequired`). The answer itemises the price in `price_lines`. `Idempotency-Key` makes a retry with the same body return the same booking. Rate-limited. A pickup sooner than the office's minimum lead time (settings `booking.leadTimeHours`) is refused with 400, `reason` `booking:errors.tooSoon` and `params` hours, phone and whatsapp. A new booking is `confirmed` at once (`auto_confirmed_at` set) when instant confirmation is on (settings `booking.autoConfirm`), its car is free and no rule asks for a person (more passengers than `booking.autoConfirmMaxPassengers`, a payment due online first, the office's own entry); otherwise `pending` (received, awaiting the office's confirmation). A car already booked for an overlapping leg (pickup to drop-off plus the office's buffer) or in maintenance at those times is refused with 409 `car_unavailable` (`reason` `booking:errors.carBusy` or `booking:errors.carInMaintenance`); of two bookings of one car at one time sent at once, exactly one is made. **With a staff session** (admin or dispatcher; bearer token or the office's cookie) it is the office's own entry (issue 29): not rate-limited; a pickup inside the lead time is booked with `warnings: [\"booking:errors.tooSoon\"]` (a past one is still refused); `channel` (phone by default, whatsapp, email, desk), `price_override` (lira) with `override_reason` (kept in the price lines as kind `office`, the history and the audit log), `notify_guest` (default true) and `confirm` (start confirmed; default false) (OfficeBookingFields, problems under `admin:officeBooking.errors.*`). Capacity is checked as for anyone. `notes` longer than 1000 characters are refused whole, never cut: 400 `validation_failed` with `fieldCodes.notes` `booking:errors.notesTooLong`. **With a partner's API key** (`Authorization: Bearer vtp_…`, POST /api/partners/{id}/api-keys; issue 33) the booking is the partner's: channel `partner`, priced as for the site, not rate-limited, and the answer adds `partner` (PartnerBookingShare: its commission at its rate and the net it owes); a revoked or unknown key, or an inactive partner's, is a 401 `unauthorized` (`admin:partners.messages.keyRefused`); the office's fields are refused as for anyone without a staff session.",
      parameters: [idempotencyKey],
      requestBody: json({ allOf: [ref("BookingRequest"), ref("OfficeBookingFields")] }),
      responses: {
        201: ok(ref("BookingCreated"), "Booked"),
        400: E400,
        401: error("`unauthorized`: a partner's key that is revoked or unknown, or its partner inactive"),
        403: error("`forbidden`: the office's fields (channel, price_override, override_reason, notify_guest, confirm) sent without a staff session; `fields` names them (`admin:officeBooking.errors.staffOnly`)"),
        409: error("`car_unavailable`: the car is booked or in maintenance at these times; choose another car or time (staff: `error.conflicts` names them; send `override_reason` to book anyway)"),
        413: E413,
        422: E422,
        429: E429,
      },
    },
  },
  "/api/bookings/{id}": {
    parameters: [pathId],
    get: {
      tags: ["bookings"],
      summary: "One booking with its status history and each leg's driver, car and job link (staff)",
      security: ADMIN,
      responses: { 200: ok(ref("BookingWithLegs")), 401: E401, 403: E403, 404: E404 },
    },
    patch: {
      tags: ["bookings"],
      summary: "Edit a booking and/or change its status (admin); the price follows the car and the kilometres",
      description:
        "A partial body changes only what it names. A changed place (`pickup_location`, …) is resolved as the site resolves it and its leg routed again; the price is recomputed at the booking's agreed `rate_per_km` (lira) unless it or the car changes. `luggage` and `luggage_items` (the whole set of special luggage) are checked against the car with the booking's capacity rule (`booking:errors.tooMuchSpecialLuggage` under `luggage`; a count out of range `booking:errors.luggageItem` under `luggage_items`). Moving the car's legs onto taken times is refused with 409 `car_unavailable` and `error.conflicts`; `override_reason` (1–500 characters) saves it anyway and records the reason. Every change is recorded in the history (`events[].changes`); the customer is mailed in the booking's language when their trip changed (settings `notifications.bookingChangeNotification`).",
      security: ADMIN,
      requestBody: json(ref("BookingEdit")),
      responses: {
        200: ok(ref("BookingWithEvents")),
        400: E400,
        401: E401,
        403: E403,
        404: E404,
        409: error("`car_unavailable`: the car is taken for the new times (`error.conflicts`; send `override_reason` to save anyway), or `conflict`: status change not allowed"),
      },
    },
    delete: {
      tags: ["bookings"],
      summary: "Delete a booking and its history (admin)",
      security: ADMIN,
      responses: { 200: ok(ref("Deleted")), 401: E401, 403: E403, 404: E404 },
    },
  },
  "/api/bookings/{id}/status": {
    parameters: [pathId],
    put: {
      tags: ["bookings"],
      summary: "Change a booking's status (admin)",
      description:
        "The booking's state machine (docs/decisions/006-booking-state-machine.md): pending → confirmed → completed, completed only from the pickup of the trip's last leg; cancelled from pending or confirmed (a `note` with the reason is required; the drivers are released); completed → pending to re-open. Recorded with who and when in the history and the audit log. A refusal is 409 `conflict` with `error.reason` `admin:lifecycle.refused.<code>` (`closed`, `out_of_order`, `too_early`, …) and, for a time limit, `error.params.at`.",
      security: ADMIN,
      requestBody: json(ref("StatusChange")),
      responses: {
        200: ok(ref("AdminBooking")),
        400: E400,
        401: E401,
        403: E403,
        404: E404,
        409: error("`conflict`: refused by the state machine (`error.reason` `admin:lifecycle.refused.<code>`), or `car_unavailable`: re-activating it puts its car on taken times (`error.conflicts`; send `override_reason` to do it anyway)"),
      },
    },
  },
  "/api/bookings/{id}/legs/{leg}": {
    parameters: [pathId, { name: "leg", in: "path", required: true, schema: { type: "string", enum: ["outbound", "return"] }, description: "The leg: outbound, or return of a round trip" }],
    put: {
      tags: ["bookings"],
      summary: "Put a driver and/or a car on a leg (staff with bookings.write)",
      description:
        "`driverId` (null: no driver) and `carId` (the outbound car can be changed, not removed; the return leg may have its own). A driver or car busy at the leg's times (pickup to drop-off plus the office's buffer), inactive or unknown is refused with 409 `driver_unavailable` / `car_unavailable` and `error.conflicts`; a cancelled or completed booking with 409 `conflict`; a leg the booking does not have with 404. A car that does not seat the booking's passengers or carry its luggage is refused with 400 `validation_failed` and the same codes as PATCH /api/bookings/{id} under `error.fieldCodes.carId` (`booking:errors.tooManyPassengers`, `booking:errors.tooMuchLuggage`). A new outbound car is the office's edit of the car: the price is recomputed at the new car's rate, recorded in the history and the customer told of the change as an edit does; the return leg's own car keeps the booking's price. Recorded in the history and the audit log. A new driver gets a new job link (the previous one stops working) and the customer is mailed the driver's and car's details in the booking's language. A party booked in several cars has a leg for each car: send `unit` (2, 3, …) for a further car's driver or car; a further car must seat its share of the party and be free for both legs, and keeps the booking's price.",
      security: ADMIN,
      requestBody: json(ref("LegAssignmentRequest")),
      responses: {
        200: ok(ref("LegAssignment")),
        400: error("`validation_failed`: a bad body, or a car that does not take the booking's passengers or luggage (`error.fieldCodes.carId`)"),
        401: E401,
        403: E403,
        404: E404,
        409: error("`driver_unavailable` or `car_unavailable` (`error.conflicts`), or `conflict`: the booking is cancelled or completed, or the driver is off duty or short of rest or a document has expired (`error.reason` `admin:assign.messages.needsOverride`: send `override_reason`)"),
      },
    },
    delete: {
      tags: ["bookings"],
      summary: "Take the driver off a leg (staff with bookings.write); the job link stops working",
      parameters: [query("unit", { type: "integer", minimum: 1, maximum: 9 }, "Which car of a party in several cars (1, the default: the booking's own car)")],
      security: ADMIN,
      responses: { 200: ok(ref("LegAssignment")), 401: E401, 403: E403, 404: E404, 409: error("`conflict`: the booking is cancelled or completed") },
    },
  },
  "/api/files/upload": { post: upload("Upload images (admin); data[0].url is the first") },
  "/api/files/upload-multiple": { post: upload("Upload several images (admin); data lists objects with url") },
  "/api/webhooks/whatsapp": {
    get: {
      tags: ["webhooks"],
      summary: "WhatsApp Cloud API webhook verification (Meta calls it)",
      parameters: [
        query("hub.mode", { type: "string" }, "subscribe"),
        query("hub.verify_token", { type: "string" }, "Must equal WHATSAPP_VERIFY_TOKEN"),
        query("hub.challenge", { type: "string" }, "Echoed as text/plain when the token matches"),
      ],
      responses: { 200: { description: "The challenge", content: { "text/plain": { schema: { type: "string" } } } }, 403: error("`forbidden` (`admin:guestMessages.errors.verifyRefused`)") },
    },
    post: {
      tags: ["webhooks"],
      summary: "WhatsApp delivery statuses (Meta calls it)",
      description:
        "The Cloud API's webhook body; each `entry[].changes[].value.statuses[]` (`id`, `status` sent | delivered | read | failed) moves the guest message with that provider id forward. Signed: `X-Hub-Signature-256: sha256=` + hex HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET.",
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: {
        200: ok({ type: "object", properties: { updated: { type: "integer" } } }),
        400: error("`bad_request`: not JSON (`admin:guestMessages.errors.badBody`)"),
        401: error("`unauthorized`: missing or wrong signature, or no secret configured (`admin:guestMessages.errors.badSignature`)"),
      },
    },
  },
  "/api/webhooks/sms": {
    post: {
      tags: ["webhooks"],
      summary: "SMS delivery status callback (a Twilio-compatible gateway calls it)",
      description:
        "Form fields `MessageSid`, `MessageStatus` (sent, delivered, read, undelivered, failed; others are ignored), optional `ErrorCode`. Signed: `X-Twilio-Signature` = base64 HMAC-SHA1, keyed with SMS_AUTH_TOKEN, of PUBLIC_URL + path + query followed by each form key and value, keys sorted.",
      requestBody: {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { MessageSid: { type: "string" }, MessageStatus: { type: "string" } } } } },
      },
      responses: {
        200: ok({ type: "object", properties: { updated: { type: "integer" } } }),
        401: error("`unauthorized`: missing or wrong signature (`admin:guestMessages.errors.badSignature`)"),
        415: error("`unsupported_media_type`: not a form"),
      },
    },
  },
  "/api/openapi.json": {
    get: {
      tags: ["meta"],
      summary: "This document",
      responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
};

export const openApiDocument = {
  openapi: "3.1.0",
  jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
  info: {
    title: "Lykia VIP Transfer API",
    version: "1.0.0",
    description:
      "JSON API of the site and its back office. Every answer is `{ success: true, data }` or `{ success: false, error: { code, message, reason?, params?, fields?, fieldCodes? } }`: `code` is the kind of failure, `reason` the catalogue key of the exact problem, `message` and `fields` its Turkish text. Admin endpoints accept the session cookie or `Authorization: Bearer <token>` from POST /api/auth/login. Money is lira (two decimals), distances kilometres.",
  },
  servers: [{ url: "/" }],
  components: {
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "Token from POST /api/auth/login" },
      cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
    },
    schemas: componentSchemas(),
  },
  paths,
};
