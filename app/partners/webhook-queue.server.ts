/**
 * Partners' webhooks (issue 33): a booking event becomes deliveries. `queuePartnerWebhooks` is
 * called by app/notify for every event of the booking outbox; for a partner's booking it writes one
 * delivery row per webhook of that partner that is on and hears the event, with the exact body to
 * send, once (the row's unique key is the webhook and the event's stable key: an event handled twice
 * queues nothing twice). The webhook outbox (webhook-outbox.server.ts) sends them.
 *
 * The body: `{ id, type, created_at, data: { booking, … } }`. `id` is the event's own (the same for
 * every webhook and every retry or replay), the booking is in the words of `POST /api/bookings`'s
 * answer (money in lira, as there), never with the guest's private link.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { carForLeg, driverOnLeg, type OutboxEvent } from "~/booking/index.server";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { netPrice } from "~/booking/rules/partner-price";
import { presentBookingProducts } from "~/routes/api/present.server";
import type { BookingRow, Database } from "~/server/db/schema";
import { kurusToLira } from "~/utils/money";
import { storedEvents, webhookEventsOf, type WebhookEvent, type WebhookOccurrence } from "./webhook-events";

const listeners = new Set<() => void>();

/** The webhook outbox listens here: a delivery was queued in this process. */
export function onWebhookQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeWebhooks(): void {
  for (const listener of listeners) listener();
}

/** The event's id in the body: derived from its stable key, the same for every webhook, retry and replay. */
export const webhookEventId = (key: string): string => `evt_${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;

/** A booking as a webhook tells it: the fields of `POST /api/bookings`'s answer a partner's system reads. */
export function bookingWebhookJson(b: BookingRow) {
  const products = presentBookingProducts(b);
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    channel: b.channel,
    trip_type: products.trip_type,
    hours: products.hours,
    pickup_location: b.pickup_location,
    dropoff_location: b.dropoff_location,
    pickup_date: b.pickup_date,
    pickup_address: b.pickup_address ?? null,
    dropoff_address: b.dropoff_address ?? null,
    return_pickup_location: b.return_pickup_location,
    return_dropoff_location: b.return_dropoff_location,
    return_date: b.return_date,
    return_pickup_address: b.return_pickup_address ?? null,
    return_dropoff_address: b.return_dropoff_address ?? null,
    passengers: b.passengers,
    luggage: b.luggage,
    luggage_items: storedLuggageItems(b.luggage_items),
    flight_number: b.flight_number,
    full_name: b.full_name,
    car_id: b.car_id,
    car_name: b.car_name,
    total_price: kurusToLira(b.total_price),
    extras: products.extras,
    currency: products.currency,
    currency_total: products.currency_total,
    partner: b.partner_id ? { id: b.partner_id, commission: kurusToLira(b.partner_commission), net_price: kurusToLira(netPrice(b.total_price, b.partner_commission)) } : null,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}

/** What an event adds beside the booking: the changes, the status move, the leg and its driver, the step. */
async function eventData(db: Kysely<Database>, booking: BookingRow, event: OutboxEvent): Promise<Record<string, unknown>> {
  switch (event.kind) {
    case "changed":
      return { changes: event.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })) };
    case "status_changed":
      return { status_change: { from: event.from, to: event.to } };
    case "assigned": {
      const unit = event.unit ?? 1;
      const driver = await driverOnLeg(db, booking.id, event.leg, unit);
      const car = await carForLeg(db, booking, event.leg, unit);
      return {
        leg: {
          leg: event.leg,
          unit,
          driver: driver ? { name: driver.name, phone: driver.phone } : null,
          car: car ? { make: car.make, model: car.model, colour: car.colour, plate_number: car.plate_number } : null,
        },
      };
    }
    case "leg_step":
      return { leg: { leg: event.leg, unit: event.unit ?? 1, step: event.step } };
    default:
      return {};
  }
}

/** The body of one webhook event, as sent (the same text for every webhook that hears it). */
export function webhookBody(occurrence: WebhookOccurrence, createdAt: string, data: Record<string, unknown>): string {
  return JSON.stringify({ id: webhookEventId(occurrence.key), type: occurrence.type, created_at: createdAt, data });
}

/**
 * Queues the partner's deliveries for one booking event; returns how many rows were written. A
 * booking without a partner, or an event no webhook hears, writes nothing.
 */
export async function queuePartnerWebhooks(db: Kysely<Database>, booking: BookingRow, event: OutboxEvent, now = new Date()): Promise<number> {
  if (!booking.partner_id) return 0;
  const occurrences = webhookEventsOf(booking.id, event);
  if (occurrences.length === 0) return 0;
  const hooks = await db
    .selectFrom("partner_webhooks")
    .select(["id", "events"])
    .where("partner_id", "=", booking.partner_id)
    .where("active", "=", 1)
    .where("deleted_at", "is", null)
    .execute();
  const hears = hooks.map((h) => ({ id: h.id, events: new Set<WebhookEvent>(storedEvents(h.events)) }));
  const wanted = occurrences.filter((o) => hears.some((h) => h.events.has(o.type)));
  if (wanted.length === 0) return 0;
  const at = now.toISOString();
  const data = { booking: bookingWebhookJson(booking), ...(await eventData(db, booking, event)) };
  let written = 0;
  for (const occurrence of wanted) {
    const payload = webhookBody(occurrence, at, data);
    for (const hook of hears.filter((h) => h.events.has(occurrence.type))) {
      const result = await db
        .insertInto("partner_webhook_deliveries")
        .values({
          id: randomUUID(),
          webhook_id: hook.id,
          partner_id: booking.partner_id,
          booking_id: booking.id,
          event_id: occurrence.key,
          event: occurrence.type,
          payload,
          next_attempt_at: at,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(["webhook_id", "event_id"]).doNothing())
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  if (written > 0) wakeWebhooks();
  return written;
}
