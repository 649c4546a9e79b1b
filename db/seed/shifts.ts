/**
 * The demo chauffeurs' working hours (issue 34), written through the shifts' one write path: an
 * early and a late shift (the late one past midnight), a day shift with Saturday off, and one
 * driver with no hours entered (always on duty), so a demo driver is on duty at every hour.
 */
import type { Kysely } from "kysely";
import type { WeekInput } from "~/drivers/shifts";
import { saveWeekHours } from "~/drivers/shifts.server";
import type { Database } from "~/server/db/schema";

const every = (from: string, to: string, off: number[] = []): WeekInput =>
  Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((d) => [d, off.includes(d) ? { off: "on" } : { from, to }]),
  ) as WeekInput;

/** By the demo driver's name (db/seed/index.ts SEED_DRIVERS); a name not here keeps no hours. */
export const SEED_SHIFTS: Record<string, WeekInput> = {
  // early: the first flights' arrivals, Sunday off
  "Mehmet Yılmaz": every("05:00", "15:00", [7]),
  // late, into the night: the evening arrivals, Monday off
  "Ahmet Demir": every("14:00", "01:00", [1]),
  // day shift, Saturday off
  "Mustafa Kaya": every("08:00", "20:00", [6]),
  // Emre Çelik: no hours entered, always on duty
};

export async function seedShifts(db: Kysely<Database>, drivers: ReadonlyArray<{ id: string; name: string }>) {
  for (const driver of drivers) {
    const week = SEED_SHIFTS[driver.name];
    if (!week) continue;
    const result = await saveWeekHours(db, driver.id, week, null);
    if (!result.ok) throw new Error(`demo shifts refused: ${JSON.stringify(result)}`);
  }
}
