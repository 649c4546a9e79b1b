/**
 * The OpenAPI 3.1 description of every /api endpoint (DESIGN.md §4), public and admin. Kept next
 * to the route that serves it; tests/integration/admin-cars-openapi.test.ts checks that every API
 * route of app/routes.ts is described here.
 */
type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string, extra: Schema = {}): Schema => ({ type: "string", ...(description ? { description } : {}), ...extra });
const num = (description?: string, extra: Schema = {}): Schema => ({ type: "number", ...(description ? { description } : {}), ...extra });
const int = (description?: string, extra: Schema = {}): Schema => ({ type: "integer", ...(description ? { description } : {}), ...extra });
const bool = (description?: string): Schema => ({ type: "boolean", ...(description ? { description } : {}) });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: "object", properties, ...(required.length ? { required } : {}) });
const list = (items: Schema): Schema => ({ type: "array", items });

const ok = (data: Schema, description = "OK", extra: Record<string, Schema> = {}) => ({
  description,
  content: { "application/json": { schema: obj({ success: { const: true }, data, ...extra }, ["success", "data"]) } },
});
const error = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
const json = (schema: Schema, required = true) => ({ required, content: { "application/json": { schema } } });
const query = (name: string, schema: Schema, description: string) => ({ name, in: "query", required: false, schema, description });
const pathId = { name: "id", in: "path", required: true, schema: str() };

const ADMIN = [{ bearerAuth: [] }, { cookieAuth: [] }];
const E401 = error("No or expired session");
const E403 = error("Signed in, but not an administrator");
const E400 = error("Bad input: `error.fields` names each field with its message");
const E404 = error("Not found");
const E429 = error("Rate limited; see Retry-After");
const E503_STORAGE = error(
  "`storage_unavailable`: the storage could not take the files (disk full, S3 down); 'Görseller şu anda kaydedilemedi; lütfen biraz sonra tekrar deneyin.' Nothing is stored; retry after Retry-After seconds.",
);

const pagination = obj({ page: int(), pageSize: int(), total: int(), pageCount: int() });

const carWrite = obj(
  {
    name: str("Required (after trimming): 'Araç adı zorunludur.'"),
    make: str("Required: 'Marka zorunludur.'"),
    model: str("Required: 'Model zorunludur.'"),
    category: str("Default Sedan", { enum: ["Sedan", "SUV", "Hatchback", "Minivan", "Minibüs", "Luxury", "VIP", "Ultra Luxury", "Sports"] }),
    year: nullable(int("1990 to next year")),
    fuel_type: nullable(str()),
    seats: int("1–20, default 4", { minimum: 1, maximum: 20 }),
    luggage: int("0–10, default 3", { minimum: 0, maximum: 10 }),
    price_per_km: nullable(num("Lira per km, ≥ 0", { minimum: 0 })),
    price_per_day: nullable(num("Lira per day, ≥ 0", { minimum: 0 })),
    status: str("Default active", { enum: ["active", "maintenance", "inactive"] }),
    description: str(),
    features: { description: "List of texts (or a JSON string of one); blanks dropped", anyOf: [list(str()), str()] },
    images: {
      description:
        "Up to 10 images (or a JSON string of the list); the first is the main image. Each is a `url` (or `{ url, card }`) exactly as /api/files/upload answered it: our storage's address of an uploaded file (`/uploads/<bucket>/<hash>.webp` on local disk, the S3 public base + the same key on S3), or an image the car already shows. Any other URL (another host, `javascript:`, `data:`, `..`, a query or fragment) is refused with 400 `validation_failed` and `error.fields.images`; nothing is dropped silently.",
      anyOf: [list({ anyOf: [str(), obj({ url: str(), card: str() }, ["url"])] }), str()],
    },
  },
  [],
);

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Lykia VIP Transfer API",
    version: "1.0.0",
    description:
      "JSON API of the site and its back office. Every answer is `{ success: true, data }` or `{ success: false, error: { code, message, fields? } }`. Admin endpoints accept the session cookie or `Authorization: Bearer <token>` from POST /api/auth/login. Money is lira (two decimals), distances kilometres.",
  },
  servers: [{ url: "/" }],
  components: {
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "Token from POST /api/auth/login" },
      cookieAuth: { type: "apiKey", in: "cookie", name: "vt_session" },
    },
    schemas: {
      Error: obj(
        {
          success: { const: false },
          error: obj(
            {
              code: str(undefined, { enum: ["bad_request", "validation_failed", "unauthorized", "forbidden", "not_found", "method_not_allowed", "conflict", "payload_too_large", "rate_limited", "idempotency_mismatch", "unavailable", "storage_unavailable", "internal"] }),
              message: str(),
              fields: { type: "object", additionalProperties: list(str()) },
            },
            ["code", "message"],
          ),
        },
        ["success", "error"],
      ),
      Car: obj(
        {
          id: str(),
          name: str(),
          make: str(),
          model: str(),
          category: str(),
          year: nullable(int()),
          fuel_type: nullable(str()),
          seats: int(),
          luggage: int(),
          price_per_km: nullable(num()),
          price_per_day: nullable(num()),
          status: str(undefined, { enum: ["active", "maintenance", "inactive"] }),
          description: str(),
          features: list(str()),
          image: str("First image, or /images/placeholder.jpg"),
          images: list(str()),
          gallery: list(obj({ url: str(), card: str(), width: int(), height: int() }, ["url"])),
          bookings_count: int("Admin answers only"),
          created_at: str(undefined, { format: "date-time" }),
          updated_at: str(undefined, { format: "date-time" }),
        },
        ["id", "name", "status", "images"],
      ),
      CarWrite: carWrite,
      Leg: obj({ distance: str(), distance_value: num("km"), duration: str(), duration_value: int("seconds") }),
      AdminBooking: obj(
        {
          id: str(),
          reference: str("e.g. VT-7K3Q9X"),
          full_name: str(),
          email: str(),
          phone: str(),
          status: str(undefined, { enum: ["pending", "confirmed", "completed", "cancelled"] }),
          created_at: str(undefined, { format: "date-time" }),
          updated_at: str(undefined, { format: "date-time" }),
          trip_type: str(undefined, { enum: ["oneWay", "roundTrip"] }),
          car_id: nullable(str()),
          car: nullable(obj({ name: str(), images: list(str()) })),
          pickup_date: str(undefined, { format: "date-time" }),
          return_date: nullable(str(undefined, { format: "date-time" })),
          passengers: int(),
          luggage: nullable(int()),
          pickup_location: str(),
          dropoff_location: str(),
          return_pickup_location: nullable(str()),
          return_dropoff_location: nullable(str()),
          flight_number: nullable(str()),
          total_price: num("lira"),
          total_distance: num("km"),
          total_duration: int("seconds"),
          rate_per_km: num("lira"),
          distance_details: obj({ outbound: nullable(ref("Leg")), return: nullable(ref("Leg")) }),
          notes: str(),
          locale: str(),
        },
        ["id", "reference", "status", "full_name", "pickup_date", "total_price"],
      ),
      BookingEvent: obj({ id: str(), from_status: nullable(str()), to_status: str(), by_label: str(), note: str(), created_at: str(undefined, { format: "date-time" }) }),
      BookingEdit: obj({
        full_name: str(),
        email: str(undefined, { format: "email" }),
        phone: str(),
        notes: str(),
        flight_number: str(),
        pickup_date: str("YYYY-MM-DD, Istanbul"),
        pickup_time: str("HH:MM, Istanbul"),
        return_date: str(),
        return_time: str(),
        passengers: int(undefined, { minimum: 1, maximum: 60 }),
        car_id: str("Changing the car reprices the booking"),
        outbound_km: num("Changing a distance reprices the booking"),
        return_km: num(),
        status: str("Also accepted here: a status change, as PUT …/status", { enum: ["pending", "confirmed", "completed", "cancelled"] }),
        note: str("Reason for a cancellation"),
      }),
      Upload: obj({ id: str(), url: str(), card: str(), card_url: str(), width: int(), height: int(), bytes: int() }, ["url"]),
      Settings: obj({
        general: obj({ siteName: str(), siteDescription: str(), contactEmail: str(), contactPhone: str(), secondaryPhone: str(), whatsappNumber: str(), address: str() }),
        appearance: obj({ darkMode: bool(), primaryColor: str("#rrggbb"), language: str(undefined, { enum: ["tr", "en", "de", "ru"] }) }),
        notifications: obj({ emailNotifications: bool(), smsNotifications: bool(), newBookingNotification: bool(), bookingStatusChangeNotification: bool() }),
        security: obj({ twoFactorAuth: bool(), sessionTimeout: int("5–120 minutes", { minimum: 5, maximum: 120 }) }),
      }),
      PresentedLeg: obj({ from: {}, to: {}, distance_km: num(), duration_seconds: int(), distance: str(), duration: str(), polyline: nullable(str()), source: str(), estimate: bool() }),
    },
  },
  paths: {
    "/api/cars": {
      get: {
        tags: ["cars"],
        summary: "The fleet",
        description: "Anonymous callers get the active cars in display order. An admin gets every car, filtered, and with `page` or `limit` one page (8 by default) plus `pagination`.",
        security: [{}, ...ADMIN],
        parameters: [
          query("q", str(), "Admin: search in name, make, model, category (Turkish letters folded)"),
          query("category", str(), "Admin: exact category"),
          query("status", str(undefined, { enum: ["active", "maintenance", "inactive"] }), "Admin: status"),
          query("page", int(undefined, { minimum: 1 }), "Admin: page number"),
          query("limit", int(undefined, { minimum: 1, maximum: 100 }), "Admin: page size (default 8)"),
        ],
        responses: { 200: ok(list(ref("Car")), "Cars", { pagination }) },
      },
      post: {
        tags: ["cars"],
        summary: "Create a car (admin)",
        description: "A repeated `Idempotency-Key` with the same body answers with the car created the first time; with a different body, 422 `idempotency_mismatch`.",
        security: ADMIN,
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: str(undefined, { maxLength: 100 }) }],
        requestBody: json({ ...carWrite, required: ["name", "make", "model"] }),
        responses: { 201: ok(ref("Car"), "Created"), 400: error("'Missing required fields: …' or field errors (`fields.images` for an image URL not from /api/files/upload)"), 401: E401, 403: E403, 422: error("`idempotency_mismatch`: the Idempotency-Key was used with a different body") },
      },
    },
    "/api/cars/{id}": {
      parameters: [pathId],
      get: {
        tags: ["cars"],
        summary: "One car",
        description: "An active car for anyone; any car (with bookings_count) for an admin.",
        security: [{}, ...ADMIN],
        responses: { 200: ok(ref("Car")), 404: E404 },
      },
      put: {
        tags: ["cars"],
        summary: "Update a car (admin); fields not sent keep their value",
        security: ADMIN,
        requestBody: json(ref("CarWrite")),
        responses: { 200: ok(ref("Car")), 400: error("Field errors (`fields.images` for an image URL not from /api/files/upload)"), 401: E401, 403: E403, 404: E404 },
      },
      delete: {
        tags: ["cars"],
        summary: "Delete a car (admin) and its photos",
        security: ADMIN,
        responses: {
          200: ok(obj({ id: str(), deleted: bool() })),
          401: E401,
          403: E403,
          404: E404,
          409: error("'Bu araç rezervasyonlara bağlı olduğu için silinemiyor.' Set the car inactive instead (PUT with status inactive)."),
        },
      },
    },
    "/api/bookings": {
      get: {
        tags: ["bookings"],
        summary: "Bookings (admin), as on /admin/bookings",
        security: ADMIN,
        parameters: [
          query("q", str(), "Search name, e-mail, phone, reference, places (case- and Turkish-letter-insensitive)"),
          query("status", str(undefined, { enum: ["pending", "confirmed", "completed", "cancelled"] }), "Status"),
          query("sort", str(undefined, { enum: ["asc", "desc"] }), "By pickup date; default desc"),
          query("page", int(undefined, { minimum: 1 }), "Page (10 a page)"),
          query("limit", int(undefined, { minimum: 1, maximum: 100 }), "Page size (default 10)"),
        ],
        responses: { 200: ok(list(ref("AdminBooking")), "Bookings", { pagination }), 401: E401, 403: E403 },
      },
      post: {
        tags: ["bookings"],
        summary: "Book a transfer (public)",
        description: "The payload of spec §3. Route and price are computed on the server; a client price is ignored. `Idempotency-Key` makes a retry with the same body return the same booking; the same key with a different body answers 422 `idempotency_mismatch`. Rate-limited.",
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: str(undefined, { maxLength: 100 }) }],
        requestBody: json(
          obj(
            {
              trip_type: str(undefined, { enum: ["oneWay", "roundTrip"] }),
              pickup_location: str(),
              pickup_place_id: str("An id from GET /api/places, a Google place id as `g:<id>` (optionally with its point, `g:<id>@36.8987,30.8005`), or a point `@36.8987,30.8005`"),
              pickup_lat: num(),
              pickup_lng: num(),
              dropoff_location: str(),
              dropoff_place_id: str(),
              dropoff_lat: num(),
              dropoff_lng: num(),
              pickup_date: str("Date-time with offset, e.g. 2026-07-01T14:30:00+03:00"),
              return_pickup_location: nullable(str()),
              return_dropoff_location: nullable(str()),
              return_date: nullable(str()),
              passengers: int(undefined, { minimum: 1, maximum: 12 }),
              luggage: nullable(int()),
              car_id: str(),
              full_name: str(),
              email: str(),
              phone: str(),
              notes: nullable(str()),
              flight_number: nullable(str()),
            },
            ["pickup_date", "car_id", "full_name", "email", "phone"],
          ),
        ),
        responses: { 201: ok(obj({ id: str(), reference: str(), status: str(), total_price: num(), total_distance: num(), distance_details: {} }), "Booked"), 400: E400, 422: error("`idempotency_mismatch`: the Idempotency-Key was used with a different body"), 429: E429 },
      },
    },
    "/api/bookings/{id}": {
      parameters: [pathId],
      get: {
        tags: ["bookings"],
        summary: "One booking with its status history (admin)",
        security: ADMIN,
        responses: { 200: ok({ allOf: [ref("AdminBooking"), obj({ events: list(ref("BookingEvent")) })] }), 401: E401, 403: E403, 404: E404 },
      },
      patch: {
        tags: ["bookings"],
        summary: "Edit a booking and/or change its status (admin)",
        security: ADMIN,
        requestBody: json(ref("BookingEdit")),
        responses: {
          200: ok({ allOf: [ref("AdminBooking"), obj({ events: list(ref("BookingEvent")) })] }),
          400: E400,
          401: E401,
          403: E403,
          404: E404,
          409: error("Status change not allowed"),
        },
      },
      delete: {
        tags: ["bookings"],
        summary: "Delete a booking and its history (admin)",
        security: ADMIN,
        responses: { 200: ok(obj({ id: str(), deleted: bool() })), 401: E401, 403: E403, 404: E404 },
      },
    },
    "/api/bookings/{id}/status": {
      parameters: [pathId],
      put: {
        tags: ["bookings"],
        summary: "Change a booking's status (admin)",
        description: "pending → confirmed → completed; cancelled from pending or confirmed (a `note` with the reason is required); pending ↔ completed. Recorded with who and when; the customer is e-mailed when settings.notifications allow it.",
        security: ADMIN,
        requestBody: json(obj({ status: str(undefined, { enum: ["pending", "confirmed", "completed", "cancelled"] }), note: str() }, ["status"])),
        responses: { 200: ok(ref("AdminBooking")), 400: E400, 401: E401, 403: E403, 404: E404, 409: error("Not allowed from the current status") },
      },
    },
    "/api/files/upload": {
      post: {
        tags: ["files"],
        summary: "Upload images (admin); data[0].url is the first",
        description: "JPEG, PNG or WebP checked by content, each under 5 MB, at most 10; re-encoded to WebP without metadata, with a card-size variant.",
        security: ADMIN,
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: obj({ files: list(str(undefined, { format: "binary" })), bucket: str("Default car-images", { pattern: "^[a-z0-9][a-z0-9-]{1,39}$" }) }, ["files"]),
            },
          },
        },
        responses: {
          201: ok(list(ref("Upload")), "Stored"),
          400: error("'Bazı dosyalar geçersiz. Sadece 5MB'dan küçük JPEG, PNG ve WEBP formatları desteklenmektedir.' or 'En fazla 10 resim yükleyebilirsiniz.'"),
          401: E401,
          403: E403,
          413: error("Request larger than 10 × 5 MB"),
          503: E503_STORAGE,
        },
      },
    },
    "/api/files/upload-multiple": {
      post: {
        tags: ["files"],
        summary: "Upload several images (admin); data lists objects with url",
        security: ADMIN,
        requestBody: {
          required: true,
          content: { "multipart/form-data": { schema: obj({ files: list(str(undefined, { format: "binary" })), bucket: str() }, ["files"]) } },
        },
        responses: { 201: ok(list(ref("Upload")), "Stored"), 400: E400, 401: E401, 403: E403, 413: error("Too large"), 503: E503_STORAGE },
      },
    },
    "/api/auth/login": {
      post: {
        tags: ["auth"],
        summary: "Sign in; returns a bearer token",
        requestBody: json(obj({ email: str(), password: str(), remember: bool(), code: str("When two-factor is on: six digits from the app, or one of the recovery codes (each once)") }, ["email", "password"])),
        responses: {
          200: ok(obj({ token: str(), expiresAt: str(undefined, { format: "date-time" }), user: obj({ id: str(), email: str(), name: str(), role: str() }) })),
          400: E400,
          401: error("Wrong e-mail, password or code"),
          403: E403,
          429: E429,
        },
      },
    },
    "/api/auth/session": {
      get: {
        tags: ["auth"],
        summary: "The signed-in user",
        security: ADMIN,
        responses: { 200: ok(obj({ user: obj({ id: str(), email: str(), name: str(), role: str() }), expiresAt: str(), remember: bool() })), 401: E401 },
      },
    },
    "/api/auth/logout": {
      post: { tags: ["auth"], summary: "End the session", responses: { 200: ok(obj({ signedOut: bool() })) } },
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
    "/api/stats/dashboard": {
      get: {
        tags: ["stats"],
        summary: "Dashboard figures (admin)",
        security: ADMIN,
        responses: {
          200: ok(
            obj({
              totalBookings: int(),
              totalCars: int(),
              activeBookings: int(),
              monthlyRevenue: num("lira"),
              bookingCompletionRate: num("percent"),
              carOccupancyRate: num("percent"),
              cancellationRate: num("percent"),
              changes: { type: "object" },
              recentBookings: list({ type: "object" }),
              popularCars: list({ type: "object" }),
            }),
          ),
          401: E401,
          403: E403,
        },
      },
    },
    "/api/notifications": {
      get: {
        tags: ["notifications"],
        summary: "Back-office notifications (admin)",
        security: ADMIN,
        parameters: [query("unread", str(undefined, { enum: ["1"] }), "Only unread"), query("limit", int(), "Default 20"), query("offset", int(), "Default 0")],
        responses: { 200: ok(obj({ items: list({ type: "object" }), total: int(), unread: int() })), 401: E401, 403: E403 },
      },
      post: {
        tags: ["notifications"],
        summary: "Mark notifications read (admin)",
        security: ADMIN,
        requestBody: json(obj({ ids: list(str()), all: bool() })),
        responses: { 200: ok(obj({ marked: int(), unread: int() })), 400: E400, 401: E401, 403: E403 },
      },
    },
    "/api/places": {
      get: {
        tags: ["booking"],
        summary: "Place suggestions in Turkey (public)",
        parameters: [query("q", str(), "What the visitor typed")],
        responses: { 200: ok(list(obj({ id: str(), label: str(), kind: str(undefined, { enum: ["airport", "city", "town", "area", "address"] }) }))), 429: E429 },
      },
    },
    "/api/routes": {
      post: {
        tags: ["booking"],
        summary: "Distance, duration and path of one or two legs (public)",
        requestBody: json(
          obj({ legs: list(obj({ from: obj({ text: str(), placeId: str(), lat: num(), lng: num() }), to: obj({ text: str(), placeId: str(), lat: num(), lng: num() }) })) }, ["legs"]),
        ),
        responses: { 200: ok(obj({ legs: list(ref("PresentedLeg")) })), 400: E400, 429: E429 },
      },
    },
    "/api/quotes": {
      post: {
        tags: ["booking"],
        summary: "Cars that fit a search, each priced by the server (public)",
        requestBody: json({ type: "object", description: "The fields of the /booking-results URL: tripType, pickup, dropoff, date, time, passengers, return…" }),
        responses: {
          200: ok(
            obj({
              trip: obj({ trip_type: str(), outbound: ref("PresentedLeg"), return: nullable(ref("PresentedLeg")), total_distance_km: num(), total_duration_seconds: int(), estimate: bool() }),
              quotes: list(obj({ car: ref("Car"), price: obj({ total: num(), distance_km: num(), rate_per_km: num(), minimum_applied: bool(), currency: str() }) })),
            }),
          ),
          400: E400,
          429: E429,
        },
      },
    },
    "/api/openapi.json": {
      get: { tags: ["meta"], summary: "This document", responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } } } },
    },
  },
} as const;
