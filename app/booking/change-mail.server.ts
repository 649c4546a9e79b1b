/**
 * The e-mail a customer gets when the office changes their trip (date, time, car, places,
 * addresses or price), in the booking's language (`booking:changeMail.*`): what changed, old → new,
 * and the booking as it now stands. It links nothing new: the private link's token is not stored,
 * so the mail points to the link in the confirmation e-mail. Sent through the outbox once per
 * change (the history event's id), and only when the notification settings allow it.
 */
import { dateTimeFormat } from "~/utils/intl";
import type { TFunction } from "i18next";
import { isLanguage, LOCALE_TAGS, type Language } from "~/i18n/config";
import { renderMail } from "~/mail/layout";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { formatMoney, kurus } from "~/utils/money";
import { formatChangeValue, type ChangeFormat, type FieldChange } from "./rules/booking-changes";
import { formatExtrasChange } from "./rules/booking-products";
import type { BookingDeps } from "./bookings.server";
import { bookingCalendarFile, calendarAttachment } from "./calendar.server";
import { BUSINESS_TIME_ZONE } from "./rules/datetime";
import { formatDistanceKm } from "./rules/format";

export function customerChangeFormat(t: TFunction, lng: Language): ChangeFormat {
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE });
  return {
    instant: (iso) => when.format(new Date(iso)),
    money: (amount) => formatMoney(kurus(amount), lng),
    km: (value) => formatDistanceKm(value, lng),
    number: (value) => String(value),
    place: (name) => placeNameIn(name, lng),
    tripType: (value) => t(value === "roundTrip" ? "form.roundTrip" : "form.oneWay"),
    hours: (value) => t("changeMail.hours", { count: value }),
    extras: (value) => formatExtrasChange(value, lng),
    empty: "—",
  };
}

/** The mail's subject, text and html for these changes (only the customer's fields are passed in). */
export function bookingChangeMailContent(
  t: TFunction,
  lng: Language,
  booking: Pick<BookingRow, "reference" | "full_name">,
  changes: readonly FieldChange[],
  site: { siteName: string; contactPhone: string; contactEmail: string },
  brand: string,
) {
  const format = customerChangeFormat(t, lng);
  const mail = renderMail(
    {
      title: t("changeMail.title", { reference: booking.reference }),
      paragraphs: [t("changeMail.hello", { name: booking.full_name }), t("changeMail.intro"), t("changeMail.linkNote"), t("changeMail.questions", { phone: site.contactPhone })],
      details: [
        [t("summary.reference"), booking.reference],
        ...changes.map(({ field, from, to }): [string, string] => [
          t(`changeMail.fields.${field}`),
          `${formatChangeValue(field, from, format)} → ${formatChangeValue(field, to, format)}`,
        ]),
      ],
      footer: `${site.siteName} · ${site.contactPhone} · ${site.contactEmail}`,
    },
    brand,
  );
  return { subject: t("changeMail.subject", { reference: booking.reference, siteName: site.siteName }), ...mail };
}

/** The changes that move a leg in time (the calendar file is sent again). */
const TIME_FIELDS = new Set<string>(["pickup_date", "return_date", "hours", "trip_type"]);

/** Queues the mail when the settings allow it (e-mail notifications and the change notification on); true when queued. */
export async function sendBookingChangeMail(
  deps: Pick<BookingDeps, "db" | "mailer" | "translator">,
  booking: BookingRow,
  changes: readonly FieldChange[],
  eventId: string,
): Promise<boolean> {
  const settings = await getSettings(deps.db);
  const n = settings.notifications;
  if (!(n.emailNotifications && n.bookingChangeNotification) || changes.length === 0) return false;
  const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
  const content = bookingChangeMailContent(deps.translator(lng), lng, booking, changes, settings.general, settings.appearance.primaryColor);
  // A moved pickup: the updated calendar file replaces the one of the confirmation (same UIDs).
  const timeMoved = changes.some((c) => TIME_FIELDS.has(c.field));
  const attachments = timeMoved ? [calendarAttachment(await bookingCalendarFile(deps, booking))] : undefined;
  await deps.mailer.send(deps.db, {
    to: booking.email,
    subject: content.subject,
    text: content.text,
    html: content.html,
    attachments,
    kind: "booking-change",
    locale: lng,
    relatedId: booking.id,
    dedupeKey: `booking-change:${eventId}`,
  });
  return true;
}
