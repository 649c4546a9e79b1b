/**
 * The e-mail a customer gets when the office changes the status of their booking, in the
 * booking's language (catalogue namespace `booking-status`): the places in that language, the
 * pickup as the guest's locale writes it (Istanbul time), the private link and, when the trip is
 * set again or cancelled, the calendar file (app/notify/guest-mail.server.ts).
 */
import { dateTimeFormat } from "~/utils/intl";
import { LOCALE_TAGS, isLanguage, type Language } from "~/i18n/config";
import { fixedT } from "~/i18n/translate.server";
import { queueGuestMail, type GuestMailDeps, type GuestMailKind, type GuestMailText } from "~/notify/guest-mail.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingStatus } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import en from "../../locales/en/booking-status.json";
import tr from "../../locales/tr/booking-status.json";
import de from "../../locales/de/booking-status.json";
import ru from "../../locales/ru/booking-status.json";
import type { BookingRecord } from "~/booking/index.server";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { bookingRowById } from "~/booking/index.server";

type Texts = typeof en;
const CATALOGUES: Record<Language, Texts> = { en, tr, de, ru };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");

/** The guest message each status is: a booking made pending again is set again, as when it was received. */
const KIND: Record<BookingStatus, GuestMailKind> = { pending: "received", confirmed: "confirmed", completed: "completed", cancelled: "cancelled" };

/** The status mail's words in the booking's language; the link and the calendar file are added by queueGuestMail. */
/**
 * `why` (issue 30): the change came from the payment ("paid": confirmed by it) or its absence
 * ("unpaid": released); the mail says so in the guest's language instead of the office's note.
 */
export function statusMailText(booking: BookingRecord, settings: Settings, note: string, why?: "paid" | "unpaid"): GuestMailText {
  const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
  const t = CATALOGUES[lng];
  const status = t.status[booking.status];
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(booking.pickup_date));
  // The outbound's hotel or address, as the route line reads: "Kempinski Hotel The Dome", or "A → B" when both ends have one.
  const carName = booking.current_car_name ?? booking.car_name;
  const hotels = [booking.pickup_address, booking.dropoff_address].filter(Boolean).join(" → ");
  const details: Array<[string, string]> = [
    [t.reference, booking.reference],
    [t.date, when],
    [t.route, `${placeNameIn(booking.pickup_location, lng)} → ${placeNameIn(booking.dropoff_location, lng)}`],
    ...(hotels ? ([[t.address, hotels]] as Array<[string, string]>) : []),
    ...(carName ? ([[t.car, carName]] as Array<[string, string]>) : []),
  ];
  if (note && !why) details.push([booking.status === "cancelled" ? t.reason : t.note, note]);
  const general = settings.general;
  return {
    subject: fill(t.subject, { reference: booking.reference, status }),
    title: status,
    paragraphs: [fill(t.greeting, { name: booking.full_name }), why ? t.why[why] : t.intro[booking.status], fill(t.questions, { phone: general.contactPhone })],
    details,
  };
}

/** `eventId`: the status change (booking_events row) the mail is about; it is mailed once. */
export async function sendStatusChangeMail(deps: Omit<GuestMailDeps, "translator">, settings: Settings, booking: BookingRecord, note: string, eventId?: string, why?: "paid" | "unpaid") {
  const row = await bookingRowById(deps.db, booking.id);
  if (!row) return;
  await queueGuestMail({ ...deps, translator: (lng) => fixedT(lng, "booking") }, row, KIND[booking.status], { outboxKind: "booking-status", ...(eventId ? { dedupeKey: `booking-status:${eventId}` } : {}) }, () => statusMailText(booking, settings, note, why));
}
