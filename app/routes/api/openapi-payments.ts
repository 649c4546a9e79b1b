/**
 * The OpenAPI path entries of a booking's money (issue 30), apart from openapi.document.ts so that
 * file stays readable; it passes its own helpers in.
 */
import type { PathHelpers } from "./openapi-quote-requests";

type Json = Record<string, unknown>;

/** The document's helpers this part uses (openapi.document.ts passes them in), with its own components. */
export type PaymentPathHelpers = Pick<PathHelpers, "json" | "ok" | "error" | "pathId" | "ADMIN" | "E400" | "E401" | "E403" | "E404"> & {
  ref: (name: "BookingMoney" | "PaymentInput") => Json;
};

export function paymentPaths({ ref, json, ok, error, pathId, ADMIN, E400, E401, E403, E404 }: PaymentPathHelpers) {
  return {
    "/api/bookings/{id}/payments": {
      parameters: [pathId],
      get: {
        tags: ["bookings"],
        summary: "A booking's money: its ledger, payment_status and balance_due (staff)",
        security: ADMIN,
        responses: { 200: ok(ref("BookingMoney")), 401: E401, 403: E403, 404: E404 },
      },
      post: {
        tags: ["bookings"],
        summary: "Record money the office received or gave back (admin)",
        description:
          "Money received (`amount` > 0: kind `adjustment`) or given back (< 0: kind `refund`), with its reason (`admin:payments.errors.*` when a field is wrong: amount, currency, method, reasonRequired). The booking's `payment_status` and `balance_due` follow at once; the audit log names who. `Idempotency-Key` makes a retry add nothing (200 with the same money); the key used for another amount is a 422 `idempotency_mismatch`.",
        security: ADMIN,
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 100 } }],
        requestBody: json(ref("PaymentInput")),
        responses: { 201: ok(ref("BookingMoney"), "Recorded"), 200: ok(ref("BookingMoney"), "Already recorded under this key"), 400: E400, 401: E401, 403: E403, 404: E404, 422: error("`idempotency_mismatch`") },
      },
    },
  };
}
