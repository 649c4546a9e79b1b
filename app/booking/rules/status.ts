/**
 * Booking statuses and which changes the office may make (DESIGN.md §3): pending → confirmed →
 * completed, cancelled from pending or confirmed, and the seed's pending ↔ completed toggle.
 * Pure; the transitions are rules/lifecycle.ts's; the workflow that records and mails a change
 * lives in admin-bookings.server.ts.
 */
import { BOOKING_STATUSES, type BookingStatus } from "~/server/db/schema";
import { officeTargetsFrom } from "./lifecycle";

export { BOOKING_STATUSES, type BookingStatus };

/** The history note of a booking the system confirmed as it was made (issue 32, rules/auto-confirm.ts). */
export const AUTO_CONFIRMED_NOTE = "auto-confirmed";

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === "string" && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/**
 * What the office may ever set from a status, whatever the time: the office's column of the state
 * machine (rules/lifecycle.ts), which also decides when (e.g. completed only from the last pickup).
 */
export function canChangeStatus(from: BookingStatus, to: BookingStatus): boolean {
  return officeTargetsFrom(from).includes(to);
}

export function allowedNextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return officeTargetsFrom(from);
}

/** The row action of spec §4: pending ↔ completed; undefined where the toggle does not apply. */
export function toggleTarget(from: BookingStatus): BookingStatus | undefined {
  if (from === "pending") return "completed";
  if (from === "completed") return "pending";
  return undefined;
}
