/**
 * Booking statuses and which changes the office may make (DESIGN.md §3): pending → confirmed →
 * completed, cancelled from pending or confirmed, and the seed's pending ↔ completed toggle.
 * Pure; the workflow that records and mails a change lives in admin-bookings.server.ts.
 */
import { BOOKING_STATUSES, type BookingStatus } from "~/server/db/schema";

export { BOOKING_STATUSES, type BookingStatus };

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === "string" && (BOOKING_STATUSES as readonly string[]).includes(value);
}

const ALLOWED: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ["confirmed", "completed", "cancelled"],
  confirmed: ["completed", "cancelled"],
  completed: ["pending"],
  cancelled: [],
};

export function canChangeStatus(from: BookingStatus, to: BookingStatus): boolean {
  return ALLOWED[from].includes(to);
}

export function allowedNextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return ALLOWED[from];
}

/** The row action of spec §4: pending ↔ completed; undefined where the toggle does not apply. */
export function toggleTarget(from: BookingStatus): BookingStatus | undefined {
  if (from === "pending") return "completed";
  if (from === "completed") return "pending";
  return undefined;
}
