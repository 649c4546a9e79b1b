/**
 * Dates of trips "n days ahead" for tests, counted in the business's time zone (Europe/Istanbul),
 * not in UTC: `new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)` is a UTC date, a
 * day behind Istanbul's between 21:00 and midnight UTC, so a pickup "tomorrow 10:00" built from it
 * is today's, within the lead time or past. Self-contained (no `~/` imports): e2e specs use it too.
 */
const ISTANBUL_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date `daysAhead` days after `now`'s date in Istanbul, `YYYY-MM-DD`. */
export function tripDay(daysAhead: number, now: Date = new Date()): string {
  const today = ISTANBUL_DATE.format(now); // en-CA writes YYYY-MM-DD
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + daysAhead);
  return day.toISOString().slice(0, 10);
}

/** The instant (UTC ISO) of `time` in Istanbul, `daysAhead` days after `now`'s Istanbul date: `tripDate(3, "14:00")`. */
export function tripDate(daysAhead: number, time = "14:00", now: Date = new Date()): string {
  // Turkey keeps +03:00 all year (no daylight saving since 2016).
  return new Date(`${tripDay(daysAhead, now)}T${time}:00+03:00`).toISOString();
}
