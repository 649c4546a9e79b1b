/**
 * The order in which the board suggests cars and drivers for a leg (issue 34). Which ones are free
 * is decided by the same rules as an assignment's refusal (availability, capacity, and the
 * driver's duty and documents, checked in suggestions.server.ts); this only ranks the free ones:
 *
 * - cars: the leg's own car first (no change for the guest, no new price), then the booked car's
 *   category, then the smallest car that seats the party (a 16-seat Sprinter is not spent on
 *   two), then the one whose previous job ends closest before the pickup (the fleet stays packed),
 *   then by name;
 * - drivers: the leg's own driver first, then the one who drives this booking's other leg, then
 *   the fewest legs that day (the work is shared), then the one whose previous job ends closest
 *   before the pickup, then by name.
 */
export interface CarCandidate {
  id: string;
  name: string;
  category: string;
  seats: number;
  /** minutes from the end of its previous job that day (buffer included) to the pickup; null: none before */
  idleBefore: number | null;
  current: boolean;
}

export interface DriverCandidate {
  id: string;
  name: string;
  /** legs already on the driver that day */
  legsToday: number;
  idleBefore: number | null;
  current: boolean;
  /** drives the booking's other leg */
  sameBooking: boolean;
}

const idle = (n: number | null) => (n === null ? Number.POSITIVE_INFINITY : n);

export function rankCars<T extends CarCandidate>(cars: readonly T[], bookedCategory: string | null): T[] {
  return [...cars].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Number(b.category === bookedCategory) - Number(a.category === bookedCategory) ||
      a.seats - b.seats ||
      idle(a.idleBefore) - idle(b.idleBefore) ||
      a.name.localeCompare(b.name, "tr"),
  );
}

export function rankDrivers<T extends DriverCandidate>(drivers: readonly T[]): T[] {
  return [...drivers].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Number(b.sameBooking) - Number(a.sameBooking) ||
      a.legsToday - b.legsToday ||
      idle(a.idleBefore) - idle(b.idleBefore) ||
      a.name.localeCompare(b.name, "tr"),
  );
}
