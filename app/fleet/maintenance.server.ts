/**
 * The bookings a car's maintenance collides with: what the office must move when it sends a car
 * to the garage. The rules are availability's (maintenanceWindowOf, touchesWindow, the buffer);
 * this module only asks them for one car and its pending and confirmed legs.
 */
import type { Kysely } from "kysely";
import { maintenanceWindowOf, touchesWindow, type LegName, type MaintenanceWindow } from "~/booking/rules/availability";
import { legsNear, readBufferMinutes } from "~/booking/index.server";
import type { BookingStatus, CarStatus, Database } from "~/server/db/schema";

/** A leg that falls in the window, as the admin page and the API list it. */
export interface ConflictingBooking {
  booking_id: string;
  reference: string;
  full_name: string;
  leg: LegName;
  /** the leg's pickup and drop-off, UTC instants */
  pickup_at: string;
  dropoff_at: string;
  status: BookingStatus;
}

/** Far enough for "until further notice", still a four-digit year (ISO text compares as text). */
const OPEN_END = "9000-01-01T00:00:00.000Z";

/**
 * The window as the office plans it: an open start (the status without dates, or only an end)
 * counts from now on, since what already ran cannot be moved.
 */
export function plannedWindow(window: MaintenanceWindow, now: Date): { from: string; to: string | null } {
  return { from: window.from ?? now.toISOString(), to: window.to };
}

/**
 * The pending and confirmed legs of the car whose busy span (pickup to drop-off + buffer) touches
 * its maintenance window, in pickup order; null when the car has no window.
 */
export async function maintenanceConflicts(
  db: Kysely<Database>,
  car: { id: string; status: CarStatus; maintenance_from: string | null; maintenance_to: string | null },
  now: Date = new Date(),
): Promise<ConflictingBooking[] | null> {
  const window = maintenanceWindowOf(car);
  if (!window) return null;
  const planned = plannedWindow(window, now);
  if (planned.to !== null && Date.parse(planned.to) <= Date.parse(planned.from)) return [];
  const buffer = await readBufferMinutes(db);
  const legs = await legsNear(db, [car.id], [{ start: planned.from, end: planned.to ?? OPEN_END }], buffer);
  return legs
    .filter((leg) => touchesWindow(leg, planned, buffer))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.reference.localeCompare(b.reference))
    .map((leg) => ({
      booking_id: leg.bookingId,
      reference: leg.reference,
      full_name: leg.fullName,
      leg: leg.leg,
      pickup_at: leg.start,
      dropoff_at: leg.end,
      status: leg.status,
    }));
}
