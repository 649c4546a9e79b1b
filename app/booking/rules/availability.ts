/**
 * When a car is free (DESIGN.md "Availability"), as pure rules the site, the API, the admin and
 * the dispatch board all use (the queries are in availability.server.ts):
 *
 * - a car is busy for each leg of a pending or confirmed booking from its pickup to pickup + route
 *   duration + the office's buffer (`booking.bufferMinutes`); two legs of one car collide when
 *   those spans overlap, so a leg may start exactly when the previous one's buffer ends;
 * - a car is busy during its maintenance window (`maintenance_from`/`maintenance_to`, either end
 *   open); the maintenance status without dates means "until further notice";
 * - an inactive car takes no trips.
 *
 * Times are UTC instants (ISO text, as stored); the business clock is Europe/Istanbul, which has
 * no daylight saving, so an Istanbul day is always 24 hours (`businessDay`).
 */
import type { BookingRow, BookingStatus, CarStatus } from "~/server/db/schema";
import { toBusinessDateTime, toInstant } from "./datetime";
import type { Minutes } from "./units";

/** The statuses whose legs hold a car (a completed or cancelled booking frees it). */
export const OCCUPYING_STATUSES = ["pending", "confirmed"] as const satisfies readonly BookingStatus[];

export const occupiesCar = (status: BookingStatus): boolean => (OCCUPYING_STATUSES as readonly string[]).includes(status);

/** The buffer when the office has set none (the settings default). */
export const DEFAULT_BUFFER_MINUTES = 30;

/**
 * The longest leg the queries look back for: a leg that started more than this before a span
 * cannot reach into it. Generous: the longest drive within Turkey (Edirne–Hakkari) takes under
 * 24 hours, Antalya–Istanbul about 9. Kept short because every query reads this far back.
 */
export const LONGEST_LEG_HOURS = 30;

export type LegName = "outbound" | "return";

/**
 * Which car of a booking a leg is driven by (issue 32, decision 017): 1 the booking's own car
 * (`car_id`, or `return_car_id` on the way back), 2, 3, … a party's further cars (`booking_cars`).
 * Each car's leg has its own driver, job link and steps.
 */
export const FIRST_UNIT = 1;

/** The `unit` a record of a car's leg carries: none for the booking's own car, as records before issue 32 read. */
export const unitOf = (unit: number): { unit?: number } => (unit > FIRST_UNIT ? { unit } : {});

/** A leg's time on the road: pickup to drop-off (no buffer), UTC instants. */
export interface Span {
  start: string;
  end: string;
}

export interface BookedLeg extends Span {
  bookingId: string;
  reference: string;
  leg: LegName;
  carId: string | null;
  fullName: string;
  status: BookingStatus;
}

export interface MaintenanceWindow {
  /** null: since ever (the status set without dates) */
  from: string | null;
  /** null: until further notice */
  to: string | null;
}

/** Why a car cannot take a leg. */
export type Conflict =
  | { kind: "booking"; bookingId: string; reference: string; leg: LegName; start: string; end: string; fullName: string }
  | { kind: "maintenance"; from: string | null; to: string | null }
  | { kind: "inactive" }
  | { kind: "missing" };

const MINUTE = 60_000;
const time = (instant: string) => Date.parse(instant);

/** `start` + `minutes`, as a stored instant. */
export function addMinutes(start: string, minutes: number): string {
  return new Date(time(start) + Math.round(minutes) * MINUTE).toISOString();
}

/** A leg's span from its pickup and route minutes. */
export const spanOf = (start: string, minutes: Minutes): Span => ({ start, end: addMinutes(start, minutes) });

type LegColumns = Pick<BookingRow, "trip_type" | "pickup_date" | "pickup_end" | "return_date" | "return_end">;

/** A booking's legs as spans (a missing end, on rows older than migration 0032, counts as no duration). */
export function legSpans(row: LegColumns): Array<Span & { leg: LegName }> {
  const legs: Array<Span & { leg: LegName }> = [{ leg: "outbound", start: row.pickup_date, end: row.pickup_end ?? row.pickup_date }];
  if (row.trip_type === "roundTrip" && row.return_date) legs.push({ leg: "return", start: row.return_date, end: row.return_end ?? row.return_date });
  return legs;
}

/** The busy span of a leg: pickup to drop-off + buffer. */
export const busyUntil = (span: Span, buffer: Minutes | number): string => addMinutes(span.end, buffer);

/** Two legs of one car collide when their busy spans (end + buffer) overlap; touching is fine. */
export function spansCollide(a: Span, b: Span, buffer: Minutes | number): boolean {
  return time(a.start) < time(b.end) + buffer * MINUTE && time(b.start) < time(a.end) + buffer * MINUTE;
}

/**
 * The range a stored leg's pickup must fall in to possibly collide with `span`: the query's
 * index range, checked exactly afterwards by `spansCollide`.
 */
export function candidateRange(span: Span, buffer: Minutes | number): { from: string; before: string } {
  return {
    from: new Date(time(span.start) - buffer * MINUTE - LONGEST_LEG_HOURS * 60 * MINUTE).toISOString(),
    before: addMinutes(span.end, buffer),
  };
}

interface CarAvailabilityFields {
  status: CarStatus;
  maintenance_from: string | null;
  maintenance_to: string | null;
}

/**
 * The car's maintenance window: its dates when set (whatever the status, so the office can plan a
 * service ahead), open-ended both ways for the maintenance status without dates, none otherwise.
 */
export function maintenanceWindowOf(car: CarAvailabilityFields): MaintenanceWindow | null {
  if (car.maintenance_from || car.maintenance_to) return { from: car.maintenance_from, to: car.maintenance_to };
  return car.status === "maintenance" ? { from: null, to: null } : null;
}

/** Whether a leg's busy span (end + buffer) touches a maintenance window. */
export function touchesWindow(span: Span, window: MaintenanceWindow, buffer: Minutes | number): boolean {
  const startsBeforeWindowEnds = window.to === null || time(span.start) < time(window.to);
  const endsAfterWindowStarts = window.from === null || time(window.from) < time(span.end) + buffer * MINUTE;
  return startsBeforeWindowEnds && endsAfterWindowStarts;
}

/**
 * Everything that stops a car from taking the legs `spans`: its status, its maintenance window and
 * the legs it already has (`booked`: its pending and confirmed legs near the spans, any order).
 * Each booked leg is named once, however many of the spans it collides with. Empty: the car is free.
 */
export function conflictsFor(car: CarAvailabilityFields | undefined, spans: readonly Span[], booked: readonly BookedLeg[], buffer: Minutes | number): Conflict[] {
  if (!car) return [{ kind: "missing" }];
  const conflicts: Conflict[] = [];
  if (car.status === "inactive") conflicts.push({ kind: "inactive" });
  const window = maintenanceWindowOf(car);
  if (window && spans.some((span) => touchesWindow(span, window, buffer))) conflicts.push({ kind: "maintenance", ...window });
  for (const leg of booked) {
    if (!occupiesCar(leg.status)) continue;
    if (spans.some((span) => spansCollide(span, leg, buffer))) {
      conflicts.push({ kind: "booking", bookingId: leg.bookingId, reference: leg.reference, leg: leg.leg, start: leg.start, end: leg.end, fullName: leg.fullName });
    }
  }
  return conflicts;
}

/** An Istanbul calendar day as UTC instants [start, end): always 24 hours (no DST in Turkey since 2016). */
export function businessDay(date: string): Span | null {
  const start = toInstant(toBusinessDateTime(date, "00:00"));
  return start ? { start, end: addMinutes(start, 24 * 60) } : null;
}

/** Pairs of legs in one lane that collide (the board's red marks), by index into `legs`. */
export function collidingPairs(legs: readonly Span[], buffer: Minutes | number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < legs.length; i++) for (let j = i + 1; j < legs.length; j++) if (spansCollide(legs[i]!, legs[j]!, buffer)) pairs.push([i, j]);
  return pairs;
}
