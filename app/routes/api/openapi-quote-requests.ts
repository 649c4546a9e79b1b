/**
 * The OpenAPI path entries of the quote requests (issue 29), apart from openapi.document.ts so
 * that file stays readable; it passes its own helpers in.
 */
type Json = Record<string, unknown>;

export interface PathHelpers {
  ref: (name: "QuoteRequestInput" | "QuoteRequest" | "BookingRequest" | "OfficeBookingFields" | "OfferFields" | "Pagination") => Json;
  list: (items: Json) => Json;
  json: (schema: Json) => Json;
  ok: (data: Json, description?: string, extra?: Record<string, Json>) => Json;
  error: (description: string) => Json;
  query: (name: string, schema: Json, description: string) => Json;
  pathId: Json;
  ADMIN: Json[];
  E400: Json;
  E401: Json;
  E403: Json;
  E404: Json;
  E413: Json;
  E429: Json;
}

export function quoteRequestPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E400, E401, E403, E404, E413, E429 }: PathHelpers) {
  return {
    "/api/quote-requests": {
      get: {
        tags: ["quote requests"],
        summary: "Quote requests (staff), one status at a time",
        description: "Open ones oldest first (they wait longest); the others newest first. `counts` gives every status's count.",
        security: ADMIN,
        parameters: [query("status", { type: "string", enum: ["open", "offered", "accepted", "closed"] }, "Default open"), query("page", { type: "integer", minimum: 1 }, "Page (25 a page)")],
        responses: {
          200: ok(list(ref("QuoteRequest")), "Requests", { counts: { type: "object", additionalProperties: { type: "integer" } }, pagination: ref("Pagination") }),
          401: E401,
          403: E403,
        },
      },
      post: {
        tags: ["quote requests"],
        summary: "Ask the office for a quote (public): a trip the site could not price",
        description:
          "The search's fields (as POST /api/quotes takes them, up to 99 passengers, the special luggage by kind: `prams`, `wheelchairs`, `golfBags`, `skis`, `bicycles`, each 0 to 6) with the contact (`fullName`, `email`, `phone`), `message` and `reasons` (what the site could not do: place, passengers, tooSoon, noCar, hours, other). No lead time applies; a past date is refused. Problems are `quote:errors.*`. The guest is mailed an acknowledgement in `language` (default: the request's); the office is notified and answers with an offer by e-mail. Rate-limited (10 an hour per address).",
        requestBody: json(ref("QuoteRequestInput")),
        responses: { 201: ok({ type: "object", properties: { id: { type: "string" }, reference: { type: "string" }, status: { const: "open" }, language: { type: "string" }, created_at: { type: "string", format: "date-time" } } }, "Received"), 400: E400, 413: E413, 429: E429 },
      },
    },
    "/api/quote-requests/{id}/offer": {
      parameters: [pathId],
      post: {
        tags: ["quote requests"],
        summary: "Send the guest an offer (staff)",
        description:
          "The body of a staff POST /api/bookings (the channel aside: an accepted offer is the site's), checked and priced as that booking would be, with `note` and `language`. `price_override` with `override_reason` sets the offered price; a car taken at those times needs `override_reason` (else 409 `car_unavailable` with `error.conflicts`). The guest is mailed the offer with a private link (valid 3 days or until the pickup); accepting it there makes the booking, confirmed when `confirm` was sent. A new offer replaces the previous one and its link. 409 `conflict` when the request was accepted or closed.",
        security: ADMIN,
        requestBody: json({ allOf: [ref("BookingRequest"), ref("OfficeBookingFields"), ref("OfferFields")] }),
        responses: { 200: ok({ allOf: [ref("QuoteRequest"), { type: "object", properties: { warnings: { type: "array", items: { type: "string" } } } }] }, "Offered"), 400: E400, 401: E401, 403: E403, 404: E404, 409: error("`car_unavailable` (send `override_reason`) or `conflict` (accepted or closed)") },
      },
    },
  };
}
