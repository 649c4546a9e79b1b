/**
 * The API's partner-webhook shapes (issue 33), for the OpenAPI document: a webhook and a delivery
 * as /api/partners/{id}/webhooks answers them (app/partners/webhooks-api.server.ts) and a webhook as
 * a client writes it; `PARTNER_WEBHOOK_COMPONENTS` is what the document lists.
 */
import { z } from "zod";
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL, WEBHOOK_EVENTS } from "~/partners/webhook-events";
import type { deliveryJson, webhookJson } from "~/partners/webhooks-api.server";
import { WEBHOOK_DELIVERY_STATUSES } from "~/server/db/schema";
import { describes, instant } from "./api-schemas";

const event = z.enum(WEBHOOK_EVENTS);
const status = z
  .enum(WEBHOOK_DELIVERY_STATUSES)
  .meta({ description: "pending: waiting for its (next) attempt; delivered: answered with a 2xx; failed: refused 8 times, or its webhook was switched off or deleted" });

const PartnerWebhookSchema = describes<ReturnType<typeof webhookJson>>()(
  z.object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(event),
    active: z.boolean().meta({ description: "false: switched off, it hears nothing" }),
    created_by: z.string(),
    created_at: instant,
    updated_at: instant,
    disabled_at: instant.nullable(),
    last_delivery: z
      .object({ id: z.string(), event: z.string(), status, status_code: z.number().int().nullable(), created_at: instant })
      .nullable()
      .meta({ description: "Its newest delivery; null before the first" }),
  }),
);

const PartnerWebhookDeliverySchema = describes<ReturnType<typeof deliveryJson>>()(
  z.object({
    id: z.string().meta({ description: "The delivery's id, sent as X-Webhook-Id" }),
    webhook_id: z.string(),
    booking_id: z.string().nullable(),
    event: z.string(),
    status,
    attempts: z.number().int(),
    next_attempt_at: instant.nullable().meta({ description: "When it is tried next (pending only)" }),
    last_status_code: z.number().int().nullable().meta({ description: "The last answer's HTTP status; null when none came (timeout, refused address, connection error)" }),
    last_error: z.string().nullable(),
    last_duration_ms: z.number().int().nullable(),
    delivered_at: instant.nullable(),
    created_at: instant,
    replay_of: z.string().nullable().meta({ description: "The delivery this one sends again" }),
  }),
);

const PartnerWebhookWrite = z.object({
  url: z
    .string()
    .max(MAX_WEBHOOK_URL)
    .meta({ description: "http(s) URL (https in production); its host must be and resolve to public addresses only, checked when saved and at every delivery" }),
  events: z.array(event).min(1).meta({ description: "The booking events it hears" }),
  description: z.string().max(MAX_WEBHOOK_DESCRIPTION).nullable().optional(),
  active: z.boolean().optional().meta({ description: "Default true" }),
});

export const PARTNER_WEBHOOK_COMPONENTS = {
  PartnerWebhook: PartnerWebhookSchema,
  PartnerWebhookCreated: PartnerWebhookSchema.extend({
    secret: z.string().meta({ description: "The signing secret, `whsec_` and 32 characters: every delivery's X-Webhook-Signature is made with it. The office shows it again to admins." }),
  }),
  PartnerWebhookCreate: PartnerWebhookWrite,
  PartnerWebhookUpdate: PartnerWebhookWrite.partial(),
  PartnerWebhookDelivery: PartnerWebhookDeliverySchema,
};

export type PartnerWebhookComponent = keyof typeof PARTNER_WEBHOOK_COMPONENTS;
