/**
 * The /api/partners/{id}/webhooks workflows' words (issue 33): a webhook, a delivery and a body
 * read into a webhook's fields, in the API's snake case; the same write path as the office's page
 * (webhooks.server.ts).
 */
import type { AppContext } from "~/server/context";
import { outgoingPolicy } from "~/server/http/outgoing-url.server";
import type { AuditActor } from "~/audit/audit.server";
import type { PartnerWebhook, WebhookDelivery, WebhookWriteContext } from "./webhooks.server";
import type { WebhookInput } from "./webhook-events";

/** A webhook as the API answers it (its secret only in `POST`'s answer, as `secret`). */
export const webhookJson = (w: PartnerWebhook) => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: w.events,
  active: w.active,
  created_by: w.createdBy,
  created_at: w.createdAt,
  updated_at: w.updatedAt,
  disabled_at: w.disabledAt,
  last_delivery: w.lastDelivery ? { id: w.lastDelivery.id, event: w.lastDelivery.event, status: w.lastDelivery.status, status_code: w.lastDelivery.lastStatusCode, created_at: w.lastDelivery.createdAt } : null,
});

/** A delivery as the API lists it (its body is not repeated: replay sends it again). */
export const deliveryJson = (d: WebhookDelivery) => ({
  id: d.id,
  webhook_id: d.webhookId,
  booking_id: d.bookingId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  last_duration_ms: d.lastDurationMs,
  delivered_at: d.deliveredAt,
  created_at: d.createdAt,
  replay_of: d.replayOf,
});

/** The body's known fields (others ignored); their types are checked by parseWebhook. */
export function webhookInputFromJson(body: Record<string, unknown>): WebhookInput {
  const input: WebhookInput = {};
  for (const key of ["url", "events", "description", "active"] as const) if (key in body) input[key] = body[key];
  return input;
}

/** Who writes and by which address policy, from the request's context. */
export const webhookWriteContext = (app: Pick<AppContext, "env">, actor: AuditActor | null): WebhookWriteContext => ({ actor, policy: outgoingPolicy(app.env) });
