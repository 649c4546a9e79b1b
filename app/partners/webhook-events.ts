/**
 * Partners' webhooks (issue 33), the pure part: the events a partner may hear, which of them a
 * booking event of the outbox (app/booking/events.server.ts) becomes, each with a stable key (so
 * the same booking event handled twice queues nothing twice), and how a webhook's fields are read
 * from a form or an API body. Problems are codes of `partners.webhooks.messages` (admin catalogue).
 */
import { adminCodes } from "~/admin/codes";
import type { OutboxEvent } from "~/booking/index.server";
import { problem, type FieldProblems } from "~/i18n/problem";

export const WEBHOOK_EVENTS = [
  "booking.created",
  "booking.confirmed",
  "booking.changed",
  "booking.driver_assigned",
  "booking.step",
  "booking.cancelled",
  "booking.completed",
  "booking.no_show",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (v: unknown): v is WebhookEvent => typeof v === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(v);

export const WEBHOOKS = adminCodes("partners.webhooks.messages", [
  "urlRequired",
  "urlTooLong",
  "urlInvalid",
  "urlScheme",
  "urlHttps",
  "urlCredentials",
  "urlBlocked",
  "urlUnresolvable",
  "eventsRequired",
  "eventInvalid",
  "descriptionTooLong",
  "activeInvalid",
  "fieldType",
  "saveFailed",
  "notFound",
  "deliveryNotFound",
  "tooMany",
]);

export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 200;
/** webhooks one partner may have (deleted ones not counted) */
export const MAX_WEBHOOKS_PER_PARTNER = 10;

/** A webhook's stored events (a JSON list), the known ones only. */
export function storedEvents(text: string): WebhookEvent[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? WEBHOOK_EVENTS.filter((e) => list.includes(e)) : [];
  } catch {
    return [];
  }
}

/** One webhook event a booking event becomes; `key` is stable for that booking event and type. */
export interface WebhookOccurrence {
  type: WebhookEvent;
  key: string;
}

/**
 * The webhook events of one booking event: created (and confirmed, when it was confirmed at once),
 * confirmed / cancelled / completed by a status change, changed, a driver put on a leg, a driver's
 * step (and a no-show, and the booking completed by its last leg's step). Payments, flights and
 * declined jobs are the office's business: none.
 */
export function webhookEventsOf(bookingId: string, event: OutboxEvent): WebhookOccurrence[] {
  const at = (type: WebhookEvent, key: string): WebhookOccurrence => ({ type, key: `${type}:${key}` });
  switch (event.kind) {
    case "created":
      return [at("booking.created", bookingId), ...(event.guest === "confirmed" ? [at("booking.confirmed", `created:${bookingId}`)] : [])];
    case "status_changed": {
      const type = ({ confirmed: "booking.confirmed", cancelled: "booking.cancelled", completed: "booking.completed" } as const)[event.to as "confirmed" | "cancelled" | "completed"];
      return type ? [at(type, event.eventId)] : [];
    }
    case "changed":
      return [at("booking.changed", event.eventId)];
    case "assigned":
      return event.driverAssigned ? [at("booking.driver_assigned", event.eventId)] : [];
    case "leg_step": {
      const key = event.stepId ?? `${bookingId}:${event.leg}:${event.unit ?? 1}:${event.step}`;
      return [
        at("booking.step", key),
        ...(event.step === "no_show" ? [at("booking.no_show", key)] : []),
        ...(event.bookingCompleted ? [at("booking.completed", key)] : []),
      ];
    }
    default:
      return [];
  }
}

/** What the office or a partner types for a webhook (form fields or API body). */
export interface WebhookInput {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  active?: unknown;
}

export interface WebhookValues {
  url: string;
  events: WebhookEvent[];
  description: string;
  active: boolean;
}

/**
 * Reads a webhook's fields; `base` holds the values a change keeps (PATCH: fields not sent). The
 * URL's address is checked elsewhere (it needs DNS): here only its length and presence.
 */
export function parseWebhook(input: WebhookInput, base?: WebhookValues): { ok: true; value: WebhookValues } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  let url = base?.url ?? "";
  if (input.url !== undefined || !base) {
    if (input.url !== undefined && input.url !== null && typeof input.url !== "string") fields.url = [problem(WEBHOOKS.fieldType)];
    else {
      url = typeof input.url === "string" ? input.url.trim() : "";
      if (!url) fields.url = [problem(WEBHOOKS.urlRequired)];
      else if (url.length > MAX_WEBHOOK_URL) fields.url = [problem(WEBHOOKS.urlTooLong, { max: MAX_WEBHOOK_URL })];
    }
  }
  let events = base?.events ?? [];
  if (input.events !== undefined || !base) {
    const list = typeof input.events === "string" ? [input.events] : input.events;
    if (!Array.isArray(list) || list.length === 0) fields.events = [problem(WEBHOOKS.eventsRequired)];
    else if (!list.every(isWebhookEvent)) fields.events = [problem(WEBHOOKS.eventInvalid)];
    else events = WEBHOOK_EVENTS.filter((e) => list.includes(e));
  }
  let description = base?.description ?? "";
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== "string") fields.description = [problem(WEBHOOKS.fieldType)];
    else {
      description = (input.description ?? "").trim().replace(/\s+/g, " ");
      if (description.length > MAX_WEBHOOK_DESCRIPTION) fields.description = [problem(WEBHOOKS.descriptionTooLong, { max: MAX_WEBHOOK_DESCRIPTION })];
    }
  }
  let active = base?.active ?? true;
  if (input.active !== undefined) {
    if (typeof input.active !== "boolean") fields.active = [problem(WEBHOOKS.activeInvalid)];
    else active = input.active;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: { url, events, description, active } };
}
