/**
 * The OpenAPI path entries of the partners' webhooks (issue 33), apart from openapi.document.ts and
 * openapi-partners.ts so those files stay readable; the document passes its own helpers in. The
 * signature and how to check it are written here once, for every reader of the document.
 */
import type { PathHelpers } from "./openapi-quote-requests";
import type { PartnerWebhookComponent } from "~/server/http/partner-webhook-schemas";

type Json = Record<string, unknown>;

export type PartnerWebhookPathHelpers = Pick<PathHelpers, "list" | "json" | "ok" | "error" | "query" | "pathId" | "ADMIN" | "E401" | "E403"> & {
  ref: (name: PartnerWebhookComponent | "Pagination") => Json;
};

/** What a partner reads to receive our webhooks: the events, the body, the headers, the signature, the retries. */
export const WEBHOOK_SIGNATURE_DOC = `Every booking event of the partner's bookings (\`booking.created\`, \`booking.confirmed\`, \`booking.changed\`, \`booking.driver_assigned\`, \`booking.step\`, \`booking.cancelled\`, \`booking.completed\`, \`booking.no_show\`) is POSTed to each of its webhooks that hears it, as JSON: \`{ "id": "evt_…", "type": "booking.created", "created_at": "…", "data": { "booking": { … }, … } }\` (\`id\` is the event's: the same in every retry and replay; \`data.booking\` in the words of \`POST /api/bookings\`'s answer; \`data.changes\`, \`data.status_change\` or \`data.leg\` when the event has them).

Headers: \`Content-Type: application/json\`, \`X-Webhook-Id\` (the delivery), \`X-Webhook-Event\`, \`X-Webhook-Timestamp\` (unix seconds) and \`X-Webhook-Signature: v1=<hex>\`, the HMAC-SHA256 of \`<timestamp>.<raw body>\` with the webhook's secret. Check it on the raw body, before parsing, in constant time, and refuse a timestamp older than 5 minutes:

\`\`\`js
const { createHmac, timingSafeEqual } = require("node:crypto");
function verify(secret, headers, rawBody) {
  const timestamp = headers["x-webhook-timestamp"];
  if (!/^\\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from("v1=" + createHmac("sha256", secret).update(timestamp + "." + rawBody).digest("hex"));
  const given = Buffer.from(headers["x-webhook-signature"] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`

Answer with any 2xx within 10 s. Anything else (another status, a redirect: they are not followed, a timeout) is retried after 30 s, 2 min, 10 min, 1 h, 6 h, 12 h and 24 h; after the 8th attempt the delivery is failed (it can still be replayed). A delivery answered with a 2xx is never sent again; use \`id\` to ignore an event seen twice (a replay).`;

export function partnerWebhookPaths({ ref, list, json, ok, error, query, pathId, ADMIN, E401, E403 }: PartnerWebhookPathHelpers) {
  const webhookId = { name: "webhook", in: "path", required: true, schema: { type: "string" }, description: "The webhook's id" };
  const E404 = error("`not_found`: no such partner, or no such webhook of this partner (`admin:partners.webhooks.messages.notFound`)");
  const fields400 = error(
    "`validation_failed`, by field (codes in `error.fieldCodes`, under `admin:partners.webhooks.messages.`): `url` (`urlRequired`, `urlTooLong`, `urlInvalid`, `urlScheme`: not http(s), `urlHttps`: https required, `urlCredentials`, `urlBlocked`: a loopback, private, link-local, CGNAT, multicast or unspecified address, `urlUnresolvable`, `tooMany`: 10 webhooks at most), `events` (`eventsRequired`, `eventInvalid`), `description` (`descriptionTooLong`), `active` (`activeInvalid`), a field of the wrong type (`fieldType`); or `bad_request` (not a JSON object)",
  );
  return {
    "/api/partners/{id}/webhooks": {
      parameters: [pathId],
      get: {
        tags: ["partners"],
        summary: "The partner's webhooks, each with its newest delivery; never their secrets (admin)",
        security: ADMIN,
        responses: { 200: ok(list(ref("PartnerWebhook"))), 401: E401, 403: E403, 404: E404 },
      },
      post: {
        tags: ["partners"],
        summary: "A new webhook for the partner (admin); its signing secret is in `data.secret`; audited",
        description: WEBHOOK_SIGNATURE_DOC,
        security: ADMIN,
        requestBody: json(ref("PartnerWebhookCreate")),
        responses: { 201: ok(ref("PartnerWebhookCreated"), "Created"), 400: fields400, 401: E401, 403: E403, 404: E404 },
      },
    },
    "/api/partners/{id}/webhooks/{webhook}": {
      parameters: [pathId, webhookId],
      patch: {
        tags: ["partners"],
        summary: "Change a webhook's URL, events, description or `active` (admin); what is not sent stays; a new URL is checked again; audited",
        security: ADMIN,
        requestBody: json(ref("PartnerWebhookUpdate")),
        responses: { 200: ok(ref("PartnerWebhook")), 400: fields400, 401: E401, 403: E403, 404: E404 },
      },
      delete: {
        tags: ["partners"],
        summary: "Delete a webhook (admin): it hears nothing more, deliveries still waiting fail, its log stays; audited",
        security: ADMIN,
        responses: { 200: ok(ref("PartnerWebhook")), 401: E401, 403: E403, 404: E404 },
      },
    },
    "/api/partners/{id}/webhooks/{webhook}/deliveries": {
      parameters: [pathId, webhookId],
      get: {
        tags: ["partners"],
        summary: "The webhook's deliveries, newest first, with attempts, last HTTP status, time and error (admin)",
        security: ADMIN,
        parameters: [
          query("status", { type: "string", enum: ["pending", "delivered", "failed"] }, "Only this status"),
          query("page", { type: "integer", minimum: 1 }, "Page"),
          query("limit", { type: "integer", minimum: 1, maximum: 100 }, "Page size (default 25)"),
        ],
        responses: { 200: ok(list(ref("PartnerWebhookDelivery")), "Deliveries", { pagination: ref("Pagination") }), 401: E401, 403: E403, 404: E404 },
      },
    },
    "/api/partners/{id}/webhooks/{webhook}/deliveries/{delivery}/replay": {
      parameters: [pathId, webhookId, { name: "delivery", in: "path", required: true, schema: { type: "string" }, description: "The delivery's id" }],
      post: {
        tags: ["partners"],
        summary: "Send a delivery again (admin): a new delivery with the same body, due now; the original stays as it was; audited",
        security: ADMIN,
        responses: {
          202: ok(ref("PartnerWebhookDelivery"), "Queued"),
          401: E401,
          403: E403,
          404: error("`not_found`: no such delivery of this webhook (`admin:partners.webhooks.messages.deliveryNotFound`)"),
        },
      },
    },
  };
}
