/**
 * WhatsApp and SMS to the guest (issue 16, DESIGN.md §6b): `queueGuestMessages` writes a
 * booking's message of one kind into the message outbox for every channel that is configured on
 * the server and switched on in Ayarlar, when the kind is switched on and the guest agreed on the
 * booking form and gave a usable phone. Each carries the private booking link. It only queues (the
 * worker sends) and never throws: a message never fails the request that caused it.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { Kysely } from "kysely";
import { LOCALE_TAGS, isLanguage, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, Database, MessageChannel } from "~/server/db/schema";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { e164 } from "~/server/messaging/provider";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import type { LegName } from "~/booking/rules/availability";
import { bookingLinkToken, messagingConsentOf, privateBookingUrl } from "~/booking/index.server";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { KIND_SETTINGS, renderGuestMessage, type GuestMessageKind, type TemplateValues } from "~/notify/guest-message-templates";

/** What a route hands the status change and the assignments from its context. */
export function guestMessageDeps(app: { messenger?: Messenger; env: GuestMessageDeps["env"]; log: GuestMessageDeps["log"] }): Omit<GuestMessageDeps, "db"> {
  return { messenger: app.messenger, env: app.env, log: app.log };
}

export interface GuestMessageDeps {
  db: Kysely<Database>;
  messenger?: Messenger;
  env: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>;
  log: Pick<Logger, "error" | "warn">;
}

/** The channels a message of `kind` goes out on: configured on the server, and switched on in Ayarlar. */
export function channelsFor(kind: GuestMessageKind, n: Settings["notifications"], configured: readonly MessageChannel[]): MessageChannel[] {
  if (!n[KIND_SETTINGS[kind]]) return [];
  return configured.filter((channel) => (channel === "whatsapp" ? n.whatsappNotifications : n.smsNotifications));
}

export interface GuestMessageOptions {
  /** the token just made (a new booking's); otherwise derived again (booking-link.server.ts) */
  token?: string;
  /** what makes this message distinct from others of its kind: the history event id; "created" for the confirmation, the pickup time for a reminder */
  event?: string;
  /** driverAssigned: the leg, its driver and car */
  leg?: LegName;
  driver?: { name: string; phone: string };
  car?: string | null;
}

function pickupTimeText(instant: string, lng: Language): string {
  return dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "medium", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));
}

/** The template values of a booking (the leg's, for a return leg's driver). */
export function templateValues(booking: BookingRow, lng: Language, link: string, options: GuestMessageOptions = {}): TemplateValues {
  const back = options.leg === "return";
  const pickup = back ? (booking.return_date ?? booking.pickup_date) : booking.pickup_date;
  const from = back ? (booking.return_pickup_location ?? booking.dropoff_location) : booking.pickup_location;
  const to = back ? (booking.return_dropoff_location ?? booking.pickup_location) : booking.dropoff_location;
  return {
    name: booking.full_name,
    reference: booking.reference,
    pickupTime: pickupTimeText(pickup, lng),
    route: `${placeNameIn(from, lng)} → ${placeNameIn(to, lng)}`,
    link,
    ...(options.driver ? { driverName: options.driver.name, driverPhone: options.driver.phone, car: options.car ?? "" } : {}),
  };
}

/**
 * Queues the booking's message of `kind` on each channel that should carry it; returns how many
 * were queued (0 for an event already queued). Never throws. The lead's reminder scheduler calls
 * it with "reminder" (the dedupe key then holds the pickup time: one reminder per pickup time).
 */
/**
 * The channels a message of `kind` reaches this guest on: a channel configured and switched on, the
 * kind switched on, the guest's consent and a usable phone. None: the guest hears nothing this way.
 */
export async function guestMessageChannels(deps: Pick<GuestMessageDeps, "db" | "messenger">, booking: BookingRow, kind: GuestMessageKind): Promise<MessageChannel[]> {
  const messenger = deps.messenger;
  if (!messenger || messenger.channels.length === 0 || !booking.messaging_consent_at || !e164(booking.phone)) return [];
  return channelsFor(kind, (await getSettings(deps.db)).notifications, messenger.channels);
}

export async function queueGuestMessages(deps: GuestMessageDeps, booking: BookingRow, kind: GuestMessageKind, options: GuestMessageOptions = {}): Promise<number> {
  const messenger = deps.messenger;
  const to = e164(booking.phone);
  if (!messenger || !to) return 0;
  try {
    const channels = await guestMessageChannels(deps, booking, kind);
    if (channels.length === 0) return 0;
    const token = options.token ?? (deps.env.SESSION_SECRET ? await bookingLinkToken(deps.db, deps.env.SESSION_SECRET, booking) : null);
    if (!token) {
      deps.log.warn({ bookingId: booking.id, kind }, "guest message skipped: no SESSION_SECRET to derive the booking link");
      return 0;
    }
    const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
    const rendered = renderGuestMessage(kind, lng, templateValues(booking, lng, privateBookingUrl(deps.env.PUBLIC_URL, token, lng), options));
    const event = options.event ?? (kind === "confirmation" ? "created" : kind === "reminder" ? (options.leg === "return" ? booking.return_date : booking.pickup_date) ?? "" : "");
    let queued = 0;
    for (const channel of channels) {
      const stored = await messenger.queue(deps.db, {
        channel,
        kind,
        bookingId: booking.id,
        to,
        locale: rendered.languageCode,
        templateName: rendered.templateName,
        params: rendered.params,
        text: rendered.text,
        dedupeKey: `${kind}:${booking.id}:${channel}:${options.leg ? `${options.leg}:` : ""}${event}`,
      });
      if (stored) queued++;
    }
    return queued;
  } catch (error) {
    deps.log.error({ err: error, bookingId: booking.id, kind }, "guest message could not be queued");
    return 0;
  }
}

export interface GuestMessageView {
  id: string;
  channel: MessageChannel;
  kind: string;
  status: string;
  /** the latest of queued, sent, delivered */
  at: string;
  error: string | null;
}

/** The guest's consent and the booking's messages, newest first (the admin booking page). */
export async function guestMessagesOf(db: Kysely<Database>, bookingId: string): Promise<{ consentAt: string | null; messages: GuestMessageView[] }> {
  const [consentAt, rows] = await Promise.all([
    messagingConsentOf(db, bookingId),
    db
      .selectFrom("message_outbox")
      .select(["id", "channel", "kind", "status", "created_at", "sent_at", "delivered_at", "last_error"])
      .where("booking_id", "=", bookingId)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(50)
      .execute(),
  ]);
  return {
    consentAt,
    messages: rows.map((r) => ({ id: r.id, channel: r.channel, kind: r.kind, status: r.status, at: r.delivered_at ?? r.sent_at ?? r.created_at, error: r.status === "failed" ? r.last_error : null })),
  };
}
