/**
 * A booking's calendar file (`VT-XXXX.ics`) in the booking's language (`booking:calendar.*`): one
 * event per leg with the route as its title, the pickup place as its location and the reference,
 * route, flight, meeting point and the office's phone in its description. Attached to the
 * confirmation mail (and to the change mail when a time moved) and served at
 * /my-booking/:token/calendar.ics.
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { countHistoryEvents, meetingPoint } from "~/booking/index.server";
import { isLanguage, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, Database } from "~/server/db/schema";
import type { MailAttachment } from "~/server/mail.server";
import { getSettings } from "~/settings/settings.server";
import { bookingLegs, buildCalendar, calendarAttachmentType, type CalendarEvent, type CalendarMethod } from "./calendar";

export interface CalendarFile {
  filename: string;
  content: string;
  method: CalendarMethod;
}

const STATUS: Record<string, CalendarEvent["status"]> = { pending: "TENTATIVE", confirmed: "CONFIRMED", completed: "CONFIRMED", cancelled: "CANCELLED" };

/**
 * The file's SEQUENCE: the booking's history events after its creation. The history only grows
 * (every change, status change and assignment adds one in the same transaction as the write), so
 * each updated file outranks the one sent before it, whichever instance writes it.
 */
export async function calendarSequence(db: Kysely<Database>, bookingId: string): Promise<number> {
  return Math.max(0, (await countHistoryEvents(db, bookingId)) - 1);
}

/** The events of a booking, its texts through `t` (the `booking` namespace in `lng`). */
export function bookingCalendarEvents(booking: BookingRow, t: TFunction, lng: Language, office: { phone: string }, sequence = 0): CalendarEvent[] {
  const name = (stored: string) => placeNameIn(stored, lng);
  return bookingLegs(booking).map((leg) => {
    const route = leg.to ? `${name(leg.from)} → ${name(leg.to)}` : name(leg.from);
    const summary =
      leg.to === null
        ? t("calendar.summaryHourly", { reference: booking.reference, place: name(leg.from), hours: booking.hours })
        : t(leg.leg === "return" ? "calendar.summaryReturn" : "calendar.summary", { reference: booking.reference, route });
    const description = [
      `${t("calendar.reference")}: ${booking.reference}`,
      `${t("calendar.route")}: ${route}`,
      ...(booking.flight_number && leg.leg === "outbound" ? [`${t("calendar.flight")}: ${booking.flight_number}`] : []),
      `${t("calendar.meet")}: ${meetingPoint(t, lng, booking, leg.leg)}`,
      `${t("calendar.office")}: ${office.phone}`,
    ].join("\n");
    return {
      uid: `${booking.id}-${leg.leg}@vip-transfer`,
      start: leg.start,
      end: leg.end,
      summary,
      location: leg.address ? `${leg.address}, ${name(leg.from)}` : name(leg.from),
      description,
      status: STATUS[booking.status] ?? "CONFIRMED",
      sequence,
    };
  });
}

export const calendarFilename = (booking: Pick<BookingRow, "reference">) => `${booking.reference.replace(/[^\w-]/g, "")}.ics`;

/**
 * The booking's `.ics` file in its own language. `method` CANCEL (the cancellation mail): every
 * event CANCELLED, so a calendar that imported the trip removes it.
 */
export async function bookingCalendarFile(
  deps: { db: Kysely<Database>; translator: (lng: Language) => TFunction },
  booking: BookingRow,
  now: Date = new Date(),
  method: CalendarMethod = "PUBLISH",
): Promise<CalendarFile> {
  const [settings, sequence] = await Promise.all([getSettings(deps.db), calendarSequence(deps.db, booking.id)]);
  const lng: Language = isLanguage(booking.locale) ? booking.locale : "en";
  const events = bookingCalendarEvents(booking, deps.translator(lng), lng, { phone: settings.general.contactPhone }, sequence).map((event) =>
    method === "CANCEL" ? { ...event, status: "CANCELLED" as const } : event,
  );
  return { filename: calendarFilename(booking), content: buildCalendar(events, { stamp: now, name: settings.general.siteName, method }), method };
}

/** The file as a mail attachment, its method in the content type (RFC 6047). */
export function calendarAttachment(file: CalendarFile): MailAttachment {
  return { filename: file.filename, contentType: calendarAttachmentType(file.method), content: file.content };
}
