/**
 * Dates and times of a transfer. The business runs on Istanbul time, which has been UTC+03:00 all
 * year since 2016; bookings are sent as `yyyy-mm-ddThh:mm:00+03:00` (spec §3) and stored as UTC
 * instants. A malformed date or time is passed through unchanged, so validation rejects it with
 * a message instead of this module guessing (spec §5).
 */
export const BUSINESS_TIME_ZONE = "Europe/Istanbul";
export const BUSINESS_OFFSET = "+03:00";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isDateText = (value: string) => DATE.test(value) && isRealDate(value);
export const isTimeText = (value: string) => TIME.test(value);

function isRealDate(value: string): boolean {
  const [, y, m, d] = DATE.exec(value) ?? [];
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** `2026-07-01` + `14:30` → `2026-07-01T14:30:00+03:00`; anything malformed comes back as given. */
export function toBusinessDateTime(date: string, time: string): string {
  if (!isDateText(date) || !isTimeText(time)) return time ? `${date}T${time}` : date;
  return `${date}T${time}:00${BUSINESS_OFFSET}`;
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The UTC instant of an ISO date-time with an explicit offset, or null when it is not one. */
export function toInstant(value: string): string | null {
  if (!OFFSET_DATE_TIME.test(value) || !isRealDate(value.slice(0, 10))) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** An instant as Istanbul's local date and time: `{ date: "2026-07-01", time: "14:30" }`. */
export function toBusinessParts(instant: string | Date): { date: string; time: string } {
  const shifted = new Date(new Date(instant).getTime() + 3 * 60 * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Today's date in Istanbul, `yyyy-mm-dd`. */
export function businessToday(now: Date = new Date()): string {
  return toBusinessParts(now).date;
}

/** Whether the Istanbul date-time lies before `now` (a pickup must not be in the past). */
export function isPast(instant: string, now: Date = new Date()): boolean {
  return Date.parse(instant) < now.getTime();
}

/**
 * Whether a pickup lies less than `leadHours` after `now`: a pickup exactly at the limit is still
 * bookable, a minute earlier is not.
 */
export function isTooSoon(instant: string, leadHours: number, now: Date = new Date()): boolean {
  return Date.parse(instant) < now.getTime() + leadHours * 3_600_000;
}

/** How far ahead a pickup may be booked: prices and the fleet are not planned further out. */
export const MAX_BOOKING_AHEAD_YEARS = 2;

/** Whether an instant lies more than MAX_BOOKING_AHEAD_YEARS after `now` (refused everywhere a date is entered). */
export function isTooFarAhead(instant: string, now: Date = new Date()): boolean {
  const limit = new Date(now.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_BOOKING_AHEAD_YEARS);
  return Date.parse(instant) > limit.getTime();
}
