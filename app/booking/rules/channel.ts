/**
 * Where a booking came from (issue 29, DESIGN.md §9): the site and the API book themselves; the
 * office enters what it takes by phone, WhatsApp, e-mail or at the airport desk; partners book
 * through their own door (a later issue). Pure.
 */
import { BOOKING_CHANNELS, type BookingChannel } from "~/server/db/schema";

export { BOOKING_CHANNELS, type BookingChannel };

/** The channels the office enters a booking through by hand, the likeliest first. */
export const OFFICE_CHANNELS = ["phone", "whatsapp", "email", "desk"] as const satisfies readonly BookingChannel[];
export type OfficeChannel = (typeof OFFICE_CHANNELS)[number];

export function isBookingChannel(value: unknown): value is BookingChannel {
  return typeof value === "string" && (BOOKING_CHANNELS as readonly string[]).includes(value);
}

export function isOfficeChannel(value: unknown): value is OfficeChannel {
  return typeof value === "string" && (OFFICE_CHANNELS as readonly string[]).includes(value);
}
