/**
 * The e-mail a customer gets when the office changes their trip (date, time, car, places,
 * addresses or price), in the booking's language (`booking:changeMail.*`): what changed, old → new,
 * with the private link and, when the trip moved in time or place, the updated calendar file
 * (app/notify/guest-mail.server.ts). Sent through the outbox once per change (the history event's
 * id), and only when the notification settings allow it.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { queueGuestMail, type GuestMailDeps, type GuestMailText } from "~/notify/guest-mail.server";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { formatMoney } from "~/utils/money";
import { formatChangeValue, type ChangeFormat, type FieldChange } from "~/booking/rules/booking-changes";
import { formatExtrasChange } from "~/booking/rules/booking-products";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { formatDistanceKm } from "~/booking/rules/format";

export function customerChangeFormat(t: TFunction, lng: Language): ChangeFormat {
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE });
  return {
    instant: (iso) => when.format(new Date(iso)),
    money: (amount) => formatMoney(amount, lng),
    km: (value) => formatDistanceKm(value, lng),
    number: (value) => String(value),
    place: (name) => placeNameIn(name, lng),
    tripType: (value) => t(value === "roundTrip" ? "form.roundTrip" : "form.oneWay"),
    hours: (value) => t("changeMail.hours", { count: value }),
    extras: (value) => formatExtrasChange(value, lng),
    luggageItems: (value) => luggageItemsText(t, storedLuggageItems(value)) || "—",
    empty: "—",
  };
}

/** The mail's words for these changes (only the customer's fields are passed in); the link and the calendar file are added by queueGuestMail. */
export function bookingChangeMailText(
  t: TFunction,
  lng: Language,
  booking: Pick<BookingRow, "reference" | "full_name">,
  changes: readonly FieldChange[],
  site: { siteName: string; contactPhone: string },
): GuestMailText {
  const format = customerChangeFormat(t, lng);
  return {
    subject: t("changeMail.subject", { reference: booking.reference, siteName: site.siteName }),
    title: t("changeMail.title", { reference: booking.reference }),
    paragraphs: [t("changeMail.hello", { name: booking.full_name }), t("changeMail.intro"), t("changeMail.linkNote"), t("changeMail.questions", { phone: site.contactPhone })],
    details: [
      [t("summary.reference"), booking.reference],
      ...changes.map(({ field, from, to }): [string, string] => [
        t(`changeMail.fields.${field}`),
        `${formatChangeValue(field, from, format)} → ${formatChangeValue(field, to, format)}`,
      ]),
    ],
  };
}

/** The changes that move a leg in time or place (the calendar file is sent again). */
const CALENDAR_FIELDS = new Set<string>([
  "pickup_date",
  "return_date",
  "hours",
  "trip_type",
  "pickup_location",
  "dropoff_location",
  "return_pickup_location",
  "return_dropoff_location",
  "pickup_address",
  "return_pickup_address",
]);

/** Whether a change moves the trip in the guest's calendar. */
export const movesCalendar = (changes: readonly FieldChange[]) => changes.some((c) => CALENDAR_FIELDS.has(c.field));

/** Queues the mail when the settings allow it (e-mail notifications and the change notification on); true when queued. */
export async function sendBookingChangeMail(deps: GuestMailDeps, booking: BookingRow, changes: readonly FieldChange[], eventId: string): Promise<boolean> {
  const settings = await getSettings(deps.db);
  const n = settings.notifications;
  if (!(n.emailNotifications && n.bookingChangeNotification) || changes.length === 0) return false;
  // A moved trip: the updated calendar file replaces the one of the confirmation (same UIDs, higher SEQUENCE).
  await queueGuestMail(deps, booking, "changed", { outboxKind: "booking-change", dedupeKey: `booking-change:${eventId}`, calendar: movesCalendar(changes) }, ({ t, lng }) =>
    bookingChangeMailText(t, lng, booking, changes, settings.general),
  );
  return true;
}
