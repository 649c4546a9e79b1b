/**
 * The flight tracker's rules (issue 31), pure: the flight number's shape, the day to ask for, when
 * to look again, the pickup planned from the landing, and when a change is worth telling. Instants
 * are UTC ISO strings; durations minutes unless named otherwise.
 */
import { toBusinessParts } from "~/booking/rules/datetime";
import type { FlightArrival, FlightStatus } from "./provider";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A stopped watch's next check (never). */
export const NEVER = "9999-12-31T00:00:00.000Z";

/** "tk 2412", "TK-2412" → "TK2412"; null when it cannot be a flight number (airline code + 1–4 digits + an optional letter). */
export function normaliseFlightNumber(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  return /^([A-Z]{2}|[A-Z]\d|\d[A-Z]|[A-Z]{3})\d{1,4}[A-Z]?$/.test(compact) ? compact : null;
}

/** The landing's local date the provider is asked for: the booked pickup's date in Antalya's time (AYT and GZP keep Istanbul's). */
export const flightDateOf = (bookedPickupAt: string): string => toBusinessParts(bookedPickupAt).date;

/** The local day before the landing's, when the booked pickup is in the small hours (before 03:00), else null. */
export function previousDayOf(bookedPickupAt: string): string | null {
  const { date, time } = toBusinessParts(bookedPickupAt);
  if (time >= "03:00") return null;
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - 24 * HOUR).toISOString().slice(0, 10);
}

/** The landing as best known: actual, else estimated, else scheduled. */
export const landingOf = (flight: Pick<FlightArrival, "scheduledAt" | "estimatedAt" | "actualAt">): string | null => flight.actualAt ?? flight.estimatedAt ?? flight.scheduledAt;

/** How late the flight lands (negative: early), in whole minutes; null without a scheduled and a newer time. */
export function delayMinutes(flight: Pick<FlightArrival, "scheduledAt" | "estimatedAt" | "actualAt">): number | null {
  const newer = flight.actualAt ?? flight.estimatedAt;
  if (!flight.scheduledAt || !newer) return null;
  return Math.round((Date.parse(newer) - Date.parse(flight.scheduledAt)) / MINUTE);
}

const addMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * MINUTE).toISOString();

export interface FlightRules {
  /** move the planned pickup with the flight's delay (or early landing) */
  movePickup: boolean;
  /** tell the driver and the office when the planned pickup moves by at least this much */
  notifyThresholdMinutes: number;
}

/**
 * The pickup planned from the flight: the booked pickup moved by the delay (the booked time is the
 * guest's, counted from the scheduled landing). Null: as booked (not moving, no delay known, cancelled).
 */
export function plannedPickupOf(rules: Pick<FlightRules, "movePickup">, bookedPickupAt: string, flight: FlightArrival): string | null {
  if (!rules.movePickup || flight.status === "cancelled" || flight.status === "diverted") return null;
  const delay = delayMinutes(flight);
  return delay === null || delay === 0 ? null : addMinutes(bookedPickupAt, delay);
}

/** Whether the planned pickup moved by at least the threshold since the driver and the office were last told (or since booked). */
export function pickupMovedEnough(rules: Pick<FlightRules, "notifyThresholdMinutes">, toldPickupAt: string, plannedPickupAt: string): boolean {
  return Math.abs(Date.parse(plannedPickupAt) - Date.parse(toldPickupAt)) >= rules.notifyThresholdMinutes * MINUTE;
}

/** Statuses after which nothing changes any more: the watch stops. */
export const isFinalStatus = (status: FlightStatus): boolean => status === "landed" || status === "cancelled" || status === "diverted";

/**
 * When to read the flight again: nothing more once it landed, was cancelled or diverted, or long
 * after it should have landed; until the day before its landing, then; every 3 hours that day;
 * every 15 minutes within 4 hours of the landing.
 */
export function nextCheckAt(now: Date, landingAt: string, status: FlightStatus): string {
  if (isFinalStatus(status)) return NEVER;
  const landing = Date.parse(landingAt);
  const t = now.getTime();
  if (t > landing + 6 * HOUR) return NEVER;
  if (t < landing - 24 * HOUR) return new Date(landing - 24 * HOUR).toISOString();
  if (t < landing - 4 * HOUR) return new Date(Math.min(t + 3 * HOUR, landing - 4 * HOUR)).toISOString();
  return new Date(t + 15 * MINUTE).toISOString();
}

/** After `attempts` failed calls in a row: 1, 2, 4 … minutes, at most an hour, or the provider's Retry-After when longer. */
export function backoffAt(now: Date, attempts: number, retryAfterMs = 0): string {
  const wait = Math.min(2 ** Math.max(0, attempts - 1) * MINUTE, HOUR);
  return new Date(now.getTime() + Math.max(wait, Math.min(retryAfterMs, 6 * HOUR))).toISOString();
}
