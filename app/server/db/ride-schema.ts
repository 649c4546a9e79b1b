/**
 * The drivers, their legs and the steps they report (issues 15 and 31), and a booking's further cars (issue 32), apart from
 * app/server/db/schema.ts so that file stays readable; `Database` there lists them with the others.
 */
import type { ColumnType } from "kysely";
import type { Kurus } from "~/utils/money";

type Bool = number; // 0 | 1
type Json = string;
type Instant = string;
type DefaultedText = ColumnType<string, string | undefined, string>;

export interface DriversTable {
  id: string;
  name: string;
  phone: string;
  whatsapp: string | null;
  /** JSON list of language codes (app/drivers/drivers.ts) */
  languages: ColumnType<Json, Json | undefined, Json>;
  licence_number: string | null;
  active: ColumnType<Bool, Bool | undefined, Bool>;
  /** the `driver` account that signs in to /driver, if any */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  search_text: DefaultedText;
  /** migration 0172: when the driver agreed to share the phone's position with their steps (null: no) */
  position_consent_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** migration 0190: the driver's photo as JSON `{ url, card, width, height }` (app/drivers/driver-photo.server.ts), null: none */
  photo: ColumnType<string | null, string | null | undefined, string | null>;
  /** migration 0229 (issue 34): how the driver is paid, "trip" | "km" | "share" (app/drivers/payout.ts); null: no rule */
  payout_rule: ColumnType<string | null, string | null | undefined, string | null>;
  /** migration 0229: kuruş per leg ("trip") or per kilometre ("km") */
  payout_kurus: ColumnType<Kurus | null, Kurus | null | undefined, Kurus | null>;
  /** migration 0229: the share of the legs' price ("share"), basis points (25 % = 2500) */
  payout_share_bp: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Instant;
  updated_at: Instant;
}

export const JOB_STATUSES = ["assigned", "accepted", "on_way", "arrived", "picked_up", "completed", "no_show"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface BookingLegsTable {
  booking_id: string;
  leg: "outbound" | "return";
  /** migrations 0214–0216 (issue 32): the car of the booking, 1 its own, 2, 3, … its further cars (booking_cars) */
  unit: ColumnType<number, number | undefined, number>;
  driver_id: string;
  /** the leg's pickup instant, copied for the driver's day */
  pickup_at: Instant;
  job_nonce: string;
  /** SHA-256 of the job link's token */
  job_token_hash: string;
  job_status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  job_status_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  assigned_at: Instant;
  updated_at: Instant;
  /** when the leg's driver last opened its job sheet (migration 0175); null: not since they were put on it */
  driver_seen_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}

/** A cancelled booking's leg job link (migration 0080): the old link says "cancelled", not "not found". */
export interface ReleasedJobLinksTable {
  job_token_hash: string;
  booking_id: string;
  leg: "outbound" | "return";
  /** migrations 0214–0216 (issue 32): the car of the booking, 1 its own, 2, 3, … its further cars (booking_cars) */
  unit: ColumnType<number, number | undefined, number>;
  released_at: Instant;
  /** migration 0171: the booking cancelled, or the driver declined the job */
  reason: ColumnType<"cancelled" | "declined", "cancelled" | "declined" | undefined, "cancelled" | "declined">;
}

/** What the driver reports on a leg (issue 31): a job status, or the decline. */
export type LegStepKind = Exclude<JobStatus, "assigned"> | "declined";

/** One step of a leg, with its time and, when the driver allowed it, the phone's position (migration 0170). */
export interface LegStepsTable {
  id: string;
  booking_id: string;
  leg: "outbound" | "return";
  /** migrations 0214–0216 (issue 32): the car of the booking, 1 its own, 2, 3, … its further cars (booking_cars) */
  unit: ColumnType<number, number | undefined, number>;
  driver_id: string | null;
  step: LegStepKind;
  at: Instant;
  lat: number | null;
  lng: number | null;
  /** metres */
  accuracy: number | null;
  /** when the phone took the position */
  position_at: Instant | null;
  /** when the retention job cleared the position */
  position_cleared_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** the decline's reason */
  note: ColumnType<string, string | undefined, string>;
}

/**
 * A party in several cars (migration 0211, issue 32, decision 017): the booking's cars after its
 * own `car_id` (unit 1), each as unit 2, 3, … of the same trip, with its name when booked, how many
 * of the party ride in it, their luggage places and its part of the price (kuruş, transport only).
 */
export interface BookingCarsTable {
  booking_id: string;
  unit: number;
  car_id: string;
  car_name: ColumnType<string, string | undefined, string>;
  passengers: number;
  luggage: number | null;
  price: Kurus;
}

