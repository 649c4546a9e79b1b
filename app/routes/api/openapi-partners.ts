/**
 * The OpenAPI path entries of the partners (issue 33), apart from openapi.document.ts so that file
 * stays readable; it passes its own helpers in.
 */
import type { PathHelpers } from "./openapi-quote-requests";

type Json = Record<string, unknown>;

/** The document's helpers this part uses, with its own components. */
export type PartnerPathHelpers = Pick<PathHelpers, "list" | "json" | "ok" | "error" | "query" | "pathId" | "ADMIN" | "E401" | "E403" | "E404"> & {
  ref: (name: "Partner" | "PartnerCreate" | "PartnerUpdate" | "PartnerApiKey" | "PartnerApiKeyCreated" | "PartnerApiKeyCreate" | "PartnerNetRates" | "PartnerNetRatesWrite") => Json;
  E422: Json;
  idempotencyKey: Json;
};

export function partnerPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E401, E403, E404, E422, idempotencyKey }: PartnerPathHelpers) {
  const fields400 = error(
    "`validation_failed`, by field (codes in `error.fieldCodes`): `name` (`admin:partners.messages.nameRequired`, `nameTooLong`), `code` (`codeInvalid`; `codeTaken`: another partner's), `kind` (`kindInvalid`), `commission_percent` (`commissionInvalid`: not 0–50 with two decimals), `rate_rule` (`rateRuleInvalid`: not commission or net), `credit_terms` (`creditTermsInvalid`), `email` (`emailInvalid`), `phone` (`phoneInvalid`), `language` (`languageInvalid`), `contact_name`, `notes` (too long), `active` (`activeInvalid`: not a boolean), any field of the wrong type (`fieldType`); or `bad_request` (not a JSON object)",
  );
  return {
    "/api/partners": {
      get: {
        tags: ["partners"],
        summary: "The partners by name (admin, dispatcher)",
        security: ADMIN,
        parameters: [
          query("active", { type: "string", enum: ["true", "false"] }, "true: only active partners"),
          query("kind", { type: "string", enum: ["hotel", "agency", "tour_operator", "reseller"] }, "Only this kind"),
          query("q", { type: "string", maxLength: 100 }, "Search in name, code, contact and e-mail (Turkish letters folded), or 4+ digits of a phone"),
        ],
        responses: { 200: ok(list(ref("Partner"))), 401: E401, 403: E403 },
      },
      post: {
        tags: ["partners"],
        summary: "Add a partner (admin); recorded in the audit log",
        description: "A repeated `Idempotency-Key` with the same body answers with the partner created the first time.",
        security: ADMIN,
        parameters: [idempotencyKey],
        requestBody: json(ref("PartnerCreate")),
        responses: { 201: ok(ref("Partner"), "Created"), 400: fields400, 401: E401, 403: E403, 422: E422 },
      },
    },
    "/api/partners/{id}/api-keys": {
      parameters: [pathId],
      get: {
        tags: ["partners"],
        summary: "The partner's API keys, newest first, revoked ones marked; never the keys themselves (admin)",
        security: ADMIN,
        responses: { 200: ok(list(ref("PartnerApiKey"))), 401: E401, 403: E403, 404: E404 },
      },
      post: {
        tags: ["partners"],
        summary: "A new API key for the partner (admin); the key is in `data.key` this once",
        description:
          "The partner's system books with it: `POST /api/bookings` with `Authorization: Bearer <key>` makes the booking the partner's (channel `partner`), priced as the site prices it, and answers `partner` with the commission its rate earns and the net it owes. A revoked key, an unknown one or an inactive partner's is a 401 (`admin:partners.messages.keyRefused`). Audited.",
        security: ADMIN,
        requestBody: json(ref("PartnerApiKeyCreate")),
        responses: { 201: ok(ref("PartnerApiKeyCreated"), "Created"), 400: error("`validation_failed`: `name` (`admin:partners.messages.keyNameInvalid`)"), 401: E401, 403: E403, 404: E404 },
      },
    },
    "/api/partners/{id}/api-keys/{key}": {
      parameters: [pathId, { name: "key", in: "path", required: true, schema: { type: "string" }, description: "The key's id (not the key)" }],
      delete: {
        tags: ["partners"],
        summary: "Revoke a key at once (admin); its record stays, marked revoked; audited",
        security: ADMIN,
        responses: { 200: ok(ref("PartnerApiKey")), 401: E401, 403: E403, 404: error("`not_found`: no such key of this partner (`admin:partners.messages.keyNotFound`)") },
      },
    },
    "/api/partners/{id}/net-rates": {
      parameters: [pathId],
      get: {
        tags: ["partners"],
        summary: "The partner's rule and its own net fares and rates, lira (admin, dispatcher)",
        security: ADMIN,
        responses: { 200: ok(ref("PartnerNetRates")), 401: E401, 403: E403, 404: E404 },
      },
      put: {
        tags: ["partners"],
        summary: "Replace the partner's own net fares and rates whole (admin); audited",
        description:
          "Used when the partner's `rate_rule` is `net`: its price for a trip is the site's price function with its fare on the route the leg falls in (per public route fare and car category), else its `per_km` rate for the car's category, else the public price; `per_hour` for hourly hire; night surcharge, return discount, minimum fare and extras as for the public. It earns the public price less that (never below 0). Bookings keep what they earned when made.",
        security: ADMIN,
        requestBody: json(ref("PartnerNetRatesWrite")),
        responses: {
          200: ok(ref("PartnerNetRates")),
          400: error(
            "`validation_failed`, by field (`fares[i].net_fare`, `categories[i].per_km`, `categories[i].per_hour`, `categories[i].category`): `admin:partners.netRates.errors.amountNegative`, `amountInvalid` (not a number of lira with two decimals), `amountTooLarge`, `unknownRoute` (no such route fare), `unknownCategory`, `duplicate`; `fares`/`categories` `bodyInvalid` (not a list of objects); or `bad_request` (not a JSON object)",
          ),
          401: E401,
          403: E403,
          404: E404,
        },
      },
    },
    "/api/partners/{id}": {
      parameters: [pathId],
      get: { tags: ["partners"], summary: "One partner (admin, dispatcher)", security: ADMIN, responses: { 200: ok(ref("Partner")), 401: E401, 403: E403, 404: E404 } },
      patch: {
        tags: ["partners"],
        summary: "Change a partner (admin); fields not sent keep their value, null clears an optional one. A partner is never deleted: `active: false`",
        security: ADMIN,
        requestBody: json(ref("PartnerUpdate")),
        responses: { 200: ok(ref("Partner")), 400: fields400, 401: E401, 403: E403, 404: E404 },
      },
    },
  };
}
