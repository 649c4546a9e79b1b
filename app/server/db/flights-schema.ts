/**
 * The flight tracker's table (migration 0180, issue 31), apart from app/server/db/schema.ts so that
 * file stays readable; `Database` there lists it with the others. app/flights owns it.
 */
import type { ColumnType, Selectable } from "kysely";

type DefaultedText = ColumnType<string, string | undefined, string>;
type DefaultedInt = ColumnType<number, number | undefined, number>;

/** A flight's state as the product names it, whatever the provider says (app/flights/provider.ts). */
export const FLIGHT_STATUSES = ["scheduled", "en_route", "landed", "delayed", "cancelled", "diverted", "unknown"] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** One booking's flight as last read at the provider (instants in UTC, ISO). */
export interface FlightWatchesTable {
  booking_id: string;
  /** normalised, e.g. "TK2412" */
  flight_number: string;
  /** the landing's local date at the arrival airport (YYYY-MM-DD) */
  flight_date: string;
  /** the arrival airport's IATA code ("" when the pickup is no airport: never checked) */
  airport: string;
  /** the booking's outbound pickup place when the watch was set */
  pickup_location: string;
  /** the booking's outbound pickup time when the watch was set (a changed number, time or place restarts it) */
  booked_pickup_at: string;
  status: ColumnType<FlightStatus, FlightStatus | undefined, FlightStatus>;
  scheduled_at: string | null;
  estimated_at: string | null;
  actual_at: string | null;
  /** the pickup planned from the landing by the office's rules; null: as booked */
  planned_pickup_at: string | null;
  /** 1: the provider knows no such flight on that date */
  not_found: DefaultedInt;
  checked_at: string | null;
  next_check_at: string;
  /** failed calls in a row (the backoff) */
  attempts: DefaultedInt;
  last_error: DefaultedText;
  claimed_at: string | null;
  claimed_by: string | null;
  /** the planned pickup and status the driver and the office were last told of */
  notified_pickup_at: string | null;
  notified_status: string | null;
  created_at: string;
  updated_at: string;
}

export type FlightWatchRow = Selectable<FlightWatchesTable>;
