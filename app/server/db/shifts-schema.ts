/**
 * Drivers' shifts (issue 34, migration 0230): weekly working hours and leave, apart from
 * app/server/db/schema.ts so that file stays readable; `Database` there lists them with the others.
 */
import type { ColumnType } from "kysely";

type Bool = number; // 0 | 1

export interface DriverHoursTable {
  driver_id: string;
  /** ISO weekday: 1 Monday … 7 Sunday */
  weekday: number;
  /** 1: the driver does not work this weekday */
  off: ColumnType<Bool, Bool | undefined, Bool>;
  /** "HH:MM" Istanbul time; null on a day off */
  start_time: string | null;
  /** "HH:MM"; before start_time: the shift ends the next day */
  end_time: string | null;
}

export interface DriverLeavesTable {
  id: string;
  driver_id: string;
  /** "leave" (izin) or "day_off" (an extra day off) */
  kind: ColumnType<string, string | undefined, string>;
  /** Istanbul dates, both included */
  from_date: string;
  to_date: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: string;
}
