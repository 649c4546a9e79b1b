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
    ...providerWebhook("iyzico", "iyzico's merchant notification (HPP format: `iyziEventType`, `iyziPaymentId`, `token`, `paymentConversationId`, `status`), signed in `X-IYZ-SIGNATURE-V3` = hex HMAC-SHA256, keyed with IYZICO_SECRET_KEY, of the secret key followed by those five fields.", { ok, error }),
    ...providerWebhook("stripe", "A Stripe event (`checkout.session.completed`, `.expired`, `.async_payment_failed`), signed in `Stripe-Signature` (`t=…,v1=…`: hex HMAC-SHA256, keyed with STRIPE_WEBHOOK_SECRET, of `{t}.{raw body}`); a timestamp over five minutes old is a replay and refused.", { ok, error }),
  };
}

/** A payment provider's webhook (issue 30): it only names a checkout, whose result is then read from the provider's API. */
function providerWebhook(name: "iyzico" | "stripe", signed: string, { ok, error }: Pick<PaymentPathHelpers, "ok" | "error">) {
  return {
    [`/api/webhooks/${name}`]: {
      post: {
        tags: ["webhooks"],
        summary: `${name === "iyzico" ? "iyzico" : "Stripe"} payment notice (the provider calls it)`,
        description: `${signed} The notice only names the checkout: its result is read again from the provider's API, so a repeated notice adds nothing and a forged one marks nothing paid. Bodies over 64 KB are refused.`,
        requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
        responses: {
          200: ok({ type: "object", properties: { received: { type: "boolean" }, status: { type: "string", enum: ["open", "paid", "failed", "expired"] } } }),
          400: error("`bad_request`: missing or wrong signature, a replay, or not JSON (`admin:payments.webhook.badSignature`)"),
          404: error("`not_found`: this provider is not on at this server (`admin:payments.webhook.off`)"),
          413: error("`payload_too_large`"),
          503: error("`unavailable`: the provider's API did not answer; sent again later (`Retry-After`)"),
        },
      },
    },
  };
}
