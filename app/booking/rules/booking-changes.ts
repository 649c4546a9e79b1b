/**
 * What an edit of a booking changed (DESIGN.md §3: every change is recorded with who and when):
 * the stored row before and after, compared column by column, kept as raw values (instants,
 * kuruş, canonical place names) in `booking_events.changes` and formatted only where they are
 * read (the admin's history in the admin language, the customer's mail in the booking's). Pure.
 */
import { problem, type Problem, type ProblemCode } from "~/i18n/problem";
import { JOB_STATUSES, type BookingRow, type JobStatus } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";
import { extrasChangeValue } from "./booking-products";
import { km, type Km } from "./units";

/** A message about places, rates and overrides in the office's edit: `admin:bookingChanges.messages.<key>`. */
export const changeCode = (key: "place" | "placeNotFound" | "placeAmbiguous" | "samePlace" | "rate" | "overrideReason" | "reasonRequired"): ProblemCode => `admin:bookingChanges.messages.${key}`;

/** The longest reason for saving over a conflict. */
export const MAX_OVERRIDE_REASON = 500;

/** An API body's `override_reason`: absent, or a text of 1–500 characters. */
export function readOverrideReason(value: unknown): { ok: true; reason: string | null } | { ok: false; problem: Problem } {
  if (value === undefined || value === null) return { ok: true, reason: null };
  if (typeof value !== "string" || !value.trim() || value.trim().length > MAX_OVERRIDE_REASON) return { ok: false, problem: problem(changeCode("overrideReason"), { max: MAX_OVERRIDE_REASON }) };
  return { ok: true, reason: value.trim() };
}

/** How a changed value is shown. */
export type ChangeKind = "text" | "number" | "instant" | "money" | "km" | "place" | "tripType" | "hours" | "extras" | "luggageItems";

/** The columns an edit may change, in the order the history lists them, with how each reads. */
export const CHANGE_FIELDS = {
  pickup_date: "instant",
  return_date: "instant",
  trip_type: "tripType",
  car_name: "text",
  pickup_location: "place",
  dropoff_location: "place",
  return_pickup_location: "place",
  return_dropoff_location: "place",
  pickup_address: "text",
  dropoff_address: "text",
  return_pickup_address: "text",
  return_dropoff_address: "text",
  passengers: "number",
  luggage: "number",
  // the special luggage as stored (issue 32): its JSON by kind, read back with storedLuggageItems
  luggage_items: "luggageItems",
  hours: "hours",
  extras: "extras",
  total_distance: "km",
  rate_per_km: "money",
  total_price: "money",
  full_name: "text",
  email: "text",
  phone: "text",
  flight_number: "text",
  notes: "text",
} as const satisfies Partial<Record<keyof BookingRow, ChangeKind>>;

export type ChangeField = keyof typeof CHANGE_FIELDS;

export const isChangeField = (v: unknown): v is ChangeField => typeof v === "string" && Object.hasOwn(CHANGE_FIELDS, v);

export type ChangeValue = string | number | null;

export interface FieldChange {
  field: ChangeField;
  from: ChangeValue;
  to: ChangeValue;
}

/** One save of the office: its changes, and the reason when it was saved despite a conflict. */
export interface EventChanges {
  fields: FieldChange[];
  /** the office's reason for saving over a conflict of the car (null: no conflict overridden) */
  override: string | null;
  /** a leg's driver or car assigned, changed or removed (issue 15); names as they were */
  assignment?: AssignmentChange;
  /** a step the driver reported from the job link (issue 15) */
  job?: JobChange;
}

export type ChangedName = { from: string | null; to: string | null };

export interface AssignmentChange {
  leg: "outbound" | "return";
  /** the car of a party in several cars (issue 32): 2, 3, …; absent for the booking's own car */
  unit?: number;
  driver?: ChangedName;
  car?: ChangedName;
}

export interface JobChange {
  leg: "outbound" | "return";
  /** as in AssignmentChange */
  unit?: number;
  status: JobStatus;
  /** where the phone was, when the driver allowed it */
  lat?: number;
  lng?: number;
  /** metres */
  accuracy?: number;
}

const isLeg = (v: unknown): v is "outbound" | "return" => v === "outbound" || v === "return";
const isName = (v: unknown): v is string | null => v === null || typeof v === "string";
const readName = (v: unknown): ChangedName | undefined => {
  if (typeof v !== "object" || v === null) return undefined;
  const { from, to } = v as { from?: unknown; to?: unknown };
  return isName(from) && isName(to) ? { from, to } : undefined;
};
const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function readAssignment(raw: unknown): AssignmentChange | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { leg, unit, driver, car } = raw as { leg?: unknown; unit?: unknown; driver?: unknown; car?: unknown };
  if (!isLeg(leg)) return undefined;
  const change: AssignmentChange = { leg };
  if (typeof unit === "number" && Number.isInteger(unit) && unit > 1) change.unit = unit;
  const d = readName(driver);
  const c = readName(car);
  if (d) change.driver = d;
  if (c) change.car = c;
  return change;
}

function readJob(raw: unknown): JobChange | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { leg, status, lat, lng, accuracy } = raw as Record<string, unknown>;
  if (!isLeg(leg) || !(JOB_STATUSES as readonly unknown[]).includes(status)) return undefined;
  const job: JobChange = { leg, status: status as JobStatus };
  const unit = (raw as { unit?: unknown }).unit;
  if (typeof unit === "number" && Number.isInteger(unit) && unit > 1) job.unit = unit;
  if (finite(lat) !== undefined && finite(lng) !== undefined) {
    job.lat = finite(lat);
    job.lng = finite(lng);
    if (finite(accuracy) !== undefined) job.accuracy = finite(accuracy);
  }
  return job;
}

/** What the customer is told about (their trip: when, where, which car, what it costs); notes and contact fixes are the office's. */
export const CUSTOMER_FIELDS: ReadonlySet<ChangeField> = new Set<ChangeField>([
  "pickup_date",
  "return_date",
  "trip_type",
  "car_name",
  "pickup_location",
  "dropoff_location",
  "return_pickup_location",
  "return_dropoff_location",
  "pickup_address",
  "dropoff_address",
  "return_pickup_address",
  "return_dropoff_address",
  "hours",
  "extras",
  "total_price",
]);

const normal = (v: unknown): ChangeValue => (v === undefined || v === "" ? null : (v as ChangeValue));

/** Two values of a field alike: instants by the moment they name, whatever their offset ("…T14:30:00+03:00" is "…T11:30:00.000Z"). */
function same(field: ChangeField, from: ChangeValue, to: ChangeValue): boolean {
  if (from === to) return true;
  if (CHANGE_FIELDS[field] !== "instant" || typeof from !== "string" || typeof to !== "string") return false;
  const a = Date.parse(from);
  return !Number.isNaN(a) && a === Date.parse(to);
}

/** A column's value as the history keeps it: the extras as their summary (no prices), the rest as stored. */
const valueOf = (row: Versioned, field: ChangeField): ChangeValue =>
  field === "extras" ? extrasChangeValue({ extras: row.extras ?? "[]" }) : normal(row[field]);

/** A version of a booking: the products' columns (issue 14) may be absent on rows read before them. */
type Versioned = Pick<BookingRow, Exclude<ChangeField, "hours" | "extras" | "luggage" | "luggage_items">> & Partial<Pick<BookingRow, "hours" | "extras" | "luggage" | "luggage_items">>;

/** The fields whose value differs between two versions of a booking. */
export function diffBooking(before: Versioned, after: Versioned): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(CHANGE_FIELDS) as ChangeField[]) {
    const from = valueOf(before, field);
    const to = valueOf(after, field);
    if (!same(field, from, to)) changes.push({ field, from, to });
  }
  return changes;
}

export const customerCares = (changes: readonly FieldChange[]): FieldChange[] => changes.filter((c) => CUSTOMER_FIELDS.has(c.field));

export const changesJson = (changes: EventChanges): string => JSON.stringify(changes);

const isValue = (v: unknown): v is ChangeValue => v === null || typeof v === "string" || typeof v === "number";

/** The stored JSON read back leniently: unknown fields and malformed entries are left out; null when there is nothing. */
export function readChanges(text: string | null | undefined): EventChanges | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null) return null;
  const { fields, override, assignment, job } = raw as { fields?: unknown; override?: unknown; assignment?: unknown; job?: unknown };
  const list = Array.isArray(fields)
    ? fields.filter((c): c is FieldChange => typeof c === "object" && c !== null && isChangeField(c.field) && isValue(c.from) && isValue(c.to))
    : [];
  const read: EventChanges = { fields: list.map(({ field, from, to }) => ({ field, from, to })), override: typeof override === "string" && override ? override : null };
  const a = readAssignment(assignment);
  const j = readJob(job);
  if (a) read.assignment = a;
  if (j) read.job = j;
  return read;
}

/** Formatters for each kind, in a reader's language. */
export interface ChangeFormat {
  instant(iso: string): string;
  money(amount: Kurus): string;
  km(value: Km): string;
  number(value: number): string;
  place(name: string): string;
  tripType(value: string): string;
  /** hours of an hourly hire ("4 saat") */
  hours(value: number): string;
  /** the extras' summary (`extrasChangeValue`) in words */
  extras(value: string): string;
  /** the special luggage as stored (JSON by kind) in words ("1 pram, 2 golf bags") */
  luggageItems(value: string): string;
  /** what an empty value reads as ("—") */
  empty: string;
}

export function formatChangeValue(field: ChangeField, value: ChangeValue, format: ChangeFormat): string {
  if (value === null) return format.empty;
  const kind: ChangeKind = CHANGE_FIELDS[field];
  if (typeof value === "number") {
    // Stored history values are plain numbers; they take their unit here, at the reading edge.
    if (kind === "money") return format.money(kurus(value));
    if (kind === "km") return format.km(km(value));
    if (kind === "hours") return format.hours(value);
    return format.number(value);
  }
  if (kind === "extras") return format.extras(value);
  if (kind === "luggageItems") return format.luggageItems(value);
  if (kind === "instant") return format.instant(value);
  if (kind === "place") return format.place(value);
  if (kind === "tripType") return format.tripType(value);
  return value;
}
