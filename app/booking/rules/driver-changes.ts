/**
 * What changed for a leg's driver since they last opened its job sheet (issue 31): the booking's
 * history (`booking_events.changes`) after that moment, kept to the fields the driver's job shows
 * for that leg, one line per field from its value then to its value now. A field changed and put
 * back is no change. Pure (the driver's day and the job sheet format the values).
 */
import type { LegName } from "./availability";
import { CHANGE_FIELDS, readChanges, type ChangeField, type ChangeValue, type FieldChange } from "./booking-changes";

/**
 * The fields a driver's job shows (the job message is sent again when one of them changes,
 * app/notify/handlers.server.ts): when, where from and to, passengers, luggage and the special
 * luggage, flight, the guest and the office's notes.
 */
export const DRIVER_FIELDS = [
  "pickup_date",
  "return_date",
  "trip_type",
  "pickup_location",
  "dropoff_location",
  "return_pickup_location",
  "return_dropoff_location",
  "pickup_address",
  "dropoff_address",
  "return_pickup_address",
  "return_dropoff_address",
  "passengers",
  "luggage",
  "luggage_items",
  "flight_number",
  "full_name",
  "phone",
  "notes",
] as const satisfies readonly ChangeField[];

export type DriverField = (typeof DRIVER_FIELDS)[number];

const BOTH: ReadonlySet<ChangeField> = new Set<ChangeField>(["passengers", "luggage", "luggage_items", "full_name", "phone", "notes"]);
const OUTBOUND: ReadonlySet<ChangeField> = new Set<ChangeField>(["pickup_date", "pickup_location", "dropoff_location", "pickup_address", "dropoff_address", "flight_number"]);
const RETURN: ReadonlySet<ChangeField> = new Set<ChangeField>(["return_date", "trip_type", "return_pickup_location", "return_dropoff_location", "return_pickup_address", "return_dropoff_address"]);

/** Of the booking now: whether its return leg starts where the outbound ended (and ends where it began). */
export interface ReturnEnds {
  return_pickup_location: string | null;
  return_dropoff_location: string | null;
}

/**
 * Whether a change of `field` changes the driver's job on `leg`. The return leg's ends default to
 * the outbound's reversed (job.server.ts), so the outbound's places count for it while the booking
 * names none of its own.
 */
export function concernsLeg(field: ChangeField, leg: LegName, ends: ReturnEnds): boolean {
  if (BOTH.has(field)) return true;
  if (leg === "outbound") return OUTBOUND.has(field);
  if (RETURN.has(field)) return true;
  if (field === "dropoff_location") return ends.return_pickup_location === null;
  if (field === "pickup_location") return ends.return_dropoff_location === null;
  return false;
}

/** One event of the booking's history: when, and its stored `changes` JSON. */
export interface HistoryChange {
  created_at: string;
  changes: string | null;
}

const sameValue = (field: ChangeField, a: ChangeValue, b: ChangeValue): boolean => {
  if (a === b) return true;
  if (CHANGE_FIELDS[field] !== "instant" || typeof a !== "string" || typeof b !== "string") return false;
  return Date.parse(a) === Date.parse(b);
};

/**
 * The changes of the driver's job on `leg` in the events after `since` (exclusive), in the order of
 * DRIVER_FIELDS: each field from its value before the first such event to its value after the last.
 */
export function driverChangesSince(events: readonly HistoryChange[], since: string, leg: LegName, ends: ReturnEnds): FieldChange[] {
  const after = Date.parse(since);
  const byField = new Map<ChangeField, FieldChange>();
  const ordered = events.filter((e) => Date.parse(e.created_at) > after).sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const event of ordered) {
    for (const change of readChanges(event.changes)?.fields ?? []) {
      if (!(DRIVER_FIELDS as readonly ChangeField[]).includes(change.field) || !concernsLeg(change.field, leg, ends)) continue;
      const first = byField.get(change.field);
      byField.set(change.field, { field: change.field, from: first ? first.from : change.from, to: change.to });
    }
  }
  return DRIVER_FIELDS.flatMap((field) => {
    const change = byField.get(field);
    return change && !sameValue(field, change.from, change.to) ? [change] : [];
  });
}

/** How a leg on the driver's day is marked: new (not opened since it was given to them), changed, or nothing. */
export type LegNews = { kind: "new" } | { kind: "changed"; changes: FieldChange[] } | null;

/**
 * The mark of a leg: `seenAt` null is a leg not opened since the driver was put on it; a closed
 * leg (its booking completed or cancelled, or the driver done with it) is marked no more.
 */
export function legNews(seenAt: string | null, events: readonly HistoryChange[], leg: LegName, ends: ReturnEnds, closed: boolean): LegNews {
  if (closed) return null;
  if (seenAt === null) return { kind: "new" };
  const changes = driverChangesSince(events, seenAt, leg, ends);
  return changes.length > 0 ? { kind: "changed", changes } : null;
}
