/**
 * A calendar file (RFC 5545, `.ics`) for a booking (issue 16): one VEVENT per leg, its times in
 * Istanbul's time zone (a VTIMEZONE with the fixed +03:00 offset in force since 2016), texts
 * already translated by the caller. Pure: lines end with CRLF, are folded at 75 octets without
 * splitting a UTF-8 character, and TEXT values are escaped (`\ ; , newline`).
 */
import type { BookingRow } from "~/server/db/schema";
import type { LegName } from "~/booking/rules/availability";
import { readDistanceDetails } from "~/booking/rules/booking-row";
import { BUSINESS_TIME_ZONE, toBusinessParts } from "~/booking/rules/datetime";

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
/**
 * The file's iTIP method (RFC 5546): PUBLISH for a trip set or moved, CANCEL for a cancelled one
 * (a calendar then removes the event of the same UID).
 */
export type CalendarMethod = "PUBLISH" | "CANCEL";

/** The mail attachment's MIME type (RFC 6047: the method travels with it): `text/calendar; charset=utf-8; method=CANCEL`. */
export const calendarAttachmentType = (method: CalendarMethod) => `${CALENDAR_CONTENT_TYPE}; method=${method}`;

export const PRODUCT_ID = "-//VIP Transfer Antalya//Booking calendar//EN";

export interface CalendarEvent {
  /** stable per booking and leg, so a calendar replaces the event when the file is imported again */
  uid: string;
  /** UTC instants */
  start: string;
  end: string;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** STATUS: a pending booking is TENTATIVE, a cancelled one CANCELLED */
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  /** grows with every change of the booking (RFC 5545 SEQUENCE) */
  sequence?: number;
}

/** A leg of a booking as the calendar and the reminder see it: when, from where, to where. */
export interface BookingLeg {
  leg: LegName;
  /** UTC instants */
  start: string;
  end: string;
  /** stored (canonical) place names; `to` is null for an hourly hire */
  from: string;
  to: string | null;
  /** the hotel or address given at the pickup */
  address: string | null;
}

type LegSource = Pick<
  BookingRow,
  | "trip_type"
  | "pickup_date"
  | "pickup_end"
  | "return_date"
  | "return_end"
  | "pickup_location"
  | "dropoff_location"
  | "return_pickup_location"
  | "return_dropoff_location"
  | "pickup_address"
  | "return_pickup_address"
  | "distance_details"
  | "hours"
>;

const plusMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + Math.round(minutes) * 60_000).toISOString();

/**
 * The legs of a booking: the outbound one, and the return of a round trip; an hourly hire is one
 * leg of its hours. A leg ends at its stored end (`pickup_end`, `return_end`), else its pickup plus
 * the route's minutes (or the hire's hours).
 */
export function bookingLegs(booking: LegSource): BookingLeg[] {
  const details = readDistanceDetails(booking);
  const hourly = booking.hours !== null;
  const outboundMinutes = hourly ? booking.hours! * 60 : (details?.outbound.minutes ?? 0);
  const legs: BookingLeg[] = [
    {
      leg: "outbound",
      start: booking.pickup_date,
      end: booking.pickup_end ?? plusMinutes(booking.pickup_date, outboundMinutes),
      from: booking.pickup_location,
      to: hourly ? null : booking.dropoff_location,
      address: booking.pickup_address,
    },
  ];
  if (booking.trip_type === "roundTrip" && booking.return_date && !hourly) {
    legs.push({
      leg: "return",
      start: booking.return_date,
      end: booking.return_end ?? plusMinutes(booking.return_date, details?.return?.minutes ?? details?.outbound.minutes ?? 0),
      from: booking.return_pickup_location ?? booking.dropoff_location,
      to: booking.return_dropoff_location ?? booking.pickup_location,
      address: booking.return_pickup_address,
    });
  }
  return legs;
}

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A character's length in UTF-8 octets (from its code point: TextEncoder per character was the calendar file's cost). */
const utf8Octets = (char: string) => {
  const cp = char.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/**
 * A content line folded (RFC 5545 §3.1): no physical line longer than 75 octets, continuation
 * lines start with one space (which counts), and a multi-byte character is never cut.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** A UTC instant as a DATE-TIME in UTC: `20260701T113000Z`. */
export function utcStamp(instant: string | Date): string {
  return new Date(instant).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** A UTC instant as Istanbul's local DATE-TIME (used with `TZID=Europe/Istanbul`): `20260701T143000`. */
export function istanbulLocal(instant: string): string {
  const { date, time } = toBusinessParts(instant);
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${BUSINESS_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:20160907T000000",
  "TZOFFSETFROM:+0300",
  "TZOFFSETTO:+0300",
  "TZNAME:+03",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The whole file: VCALENDAR, the time zone and the events, CRLF line ends, folded. */
export function buildCalendar(events: readonly CalendarEvent[], options: { stamp: string | Date; prodId?: string; name?: string; method?: CalendarMethod }): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    `PRODID:${options.prodId ?? PRODUCT_ID}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${options.method ?? "PUBLISH"}`,
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...VTIMEZONE,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcStamp(options.stamp)}`,
      `DTSTART;TZID=${BUSINESS_TIME_ZONE}:${istanbulLocal(event.start)}`,
      `DTEND;TZID=${BUSINESS_TIME_ZONE}:${istanbulLocal(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.sequence !== undefined ? [`SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`] : []),
      `STATUS:${event.status}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** Unfolds a file and reads its lines as `{ name, params, value }` (tests, and anything that checks a file). */
export function parseCalendarLines(text: string): Array<{ name: string; params: Record<string, string>; value: string }> {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      const [name, ...params] = line.slice(0, colon).split(";");
      return {
        name: name!,
        params: Object.fromEntries(params.map((p) => p.split("=") as [string, string])),
        value: line.slice(colon + 1),
      };
    });
}

/** A TEXT value back to its text. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}
