/**
 * The e-mail a customer gets when the office changes the status of their booking, in the
 * booking's language (catalogue namespace `booking-status`).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import { isLanguage, type Language } from "~/i18n/config";
import { renderMail } from "~/mail/layout";
import type { Settings } from "~/settings/settings";
import en from "../../locales/en/booking-status.json";
import tr from "../../locales/tr/booking-status.json";
import de from "../../locales/de/booking-status.json";
import ru from "../../locales/ru/booking-status.json";
import type { AdminBooking } from "./admin-bookings.server";
import { istanbulParts } from "~/utils/csv";

type Texts = typeof en;
const CATALOGUES: Record<Language, Texts> = { en, tr, de, ru };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

export function statusMailContent(booking: AdminBooking, settings: Settings, note: string) {
  const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
  const t = CATALOGUES[lng];
  const status = t.status[booking.status];
  const when = istanbulParts(booking.pickup_date);
  // The outbound's hotel or address, as the route line reads: "Kempinski Hotel The Dome", or "A → B" when both ends have one.
  const hotels = [booking.pickup_address, booking.dropoff_address].filter(Boolean).join(" → ");
  const details: Array<[string, string]> = [
    [t.reference, booking.reference],
    ...(when ? ([[t.date, `${when.date} ${when.time}`]] as Array<[string, string]>) : []),
    [t.route, `${booking.pickup_location} → ${booking.dropoff_location}`],
    ...(hotels ? ([[t.address, hotels]] as Array<[string, string]>) : []),
    ...(booking.car ? ([[t.car, booking.car.name]] as Array<[string, string]>) : []),
  ];
  if (note) details.push([booking.status === "cancelled" ? t.reason : t.note, note]);
  const general = settings.general;
  const mail = renderMail(
    {
      title: status,
      paragraphs: [fill(t.greeting, { name: booking.full_name }), t.intro[booking.status], fill(t.questions, { phone: general.contactPhone })],
      details,
      footer: `${general.siteName} · ${general.contactPhone} · ${general.contactEmail}`,
    },
    settings.appearance.primaryColor,
  );
  return { subject: fill(t.subject, { reference: booking.reference, status }), locale: lng, ...mail };
}

/** `eventId`: the status change (booking_events row) the mail is about; it is mailed once. */
export async function sendStatusChangeMail(db: Kysely<Database>, mailer: Mailer, settings: Settings, booking: AdminBooking, note: string, eventId?: string) {
  const content = statusMailContent(booking, settings, note);
  await mailer.send(db, {
    to: booking.email,
    subject: content.subject,
    text: content.text,
    html: content.html,
    kind: "booking-status",
    locale: content.locale,
    relatedId: booking.id,
    ...(eventId ? { dedupeKey: `booking-status:${eventId}` } : {}),
  });
}
