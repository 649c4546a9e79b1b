/**
 * The office's side of bookings: the filtered, paged list (all in the database, so it stays fast
 * with 100 000 rows), one booking with its status history, status changes (recorded in
 * booking_events and, per settings, mailed to the customer), edits, deletion and the CSV export.
 */
import { recordAudit, type AuditContext } from "~/audit/audit.server";
import { sql, type Kysely } from "kysely";
import { problem, type Problem } from "~/i18n/problem";
import { nowIso, toCount } from "~/server/db/convert";
import type { BookingRow, BookingStatus, Database, GuestChange, TripType } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { Messenger } from "~/server/messaging/outbox.server";
import { parseImages } from "~/fleet/car";
import { kurusToLira } from "~/utils/money";
import { CURRENCY_DECIMALS } from "~/pricing/currency";
import { planTextSearch, type TextPlan } from "./search-index.server";
import { BOM, csvRow, decimalComma, excelDateTime } from "~/utils/csv";
import { BOOKING_STATUSES, isBookingStatus } from "./rules/status";
import { checkBookingMove, type RefusalCode } from "./rules/lifecycle";
import { refusalProblem, releaseLegs, type LifecycleActor } from "./lifecycle.server";
import { policyOf } from "./rules/self-service";
import { getSettings } from "~/settings/settings.server";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { readDistanceDetails } from "./rules/booking-row";
import { presentDistanceDetails, type PresentedLeg } from "./present";
import { occupiesCar, type Conflict } from "./rules/availability";
import { carConflicts, lockCar, readBufferMinutes, spansOfBooking } from "./availability.server";
import { readChanges, type EventChanges } from "./rules/booking-changes";
import type { BookingFilter, BookingQuery } from "./rules/worklist";
import { bookingProducts, extrasText, type BookingProducts } from "./rules/booking-products";
import { eventsCommitted, recordBookingEvent } from "./events.server";
import { recordHistory } from "./store/reads.server";
import { bookingForDeletion, bookingForStatusChange, deleteBookingRow, setBookingStatus } from "./store/bookings.server";
import { bookingsFiltered, bookingsWithCar, historyOf, type TripPart } from "./store/office.server";

export const BOOKINGS_PAGE_SIZE = 10;

export type { BookingFilter, BookingQuery, SortDirection } from "./rules/worklist";
export { parseBookingQuery } from "./rules/worklist";

/** A leg as the admin API has always shown it (DESIGN.md §4), made from the stored numbers. */
export type BookingLeg = PresentedLeg;

/** A booking as the back office and the admin API read it (spec §3); money in lira, distance in km. */
export interface AdminBooking {
  id: string;
  reference: string;
  full_name: string;
  email: string;
  phone: string;
  status: BookingStatus;
  created_at: string;
  updated_at: string;
  trip_type: TripType;
  car_id: string | null;
  car: { name: string; images: string[] } | null;
  pickup_date: string;
  return_date: string | null;
  passengers: number;
  luggage: number | null;
  pickup_location: string;
  dropoff_location: string;
  return_pickup_location: string | null;
  return_dropoff_location: string | null;
  /** the hotel or street address at each leg end, null when none was given */
  pickup_address: string | null;
  dropoff_address: string | null;
  return_pickup_address: string | null;
  return_dropoff_address: string | null;
  flight_number: string | null;
  total_price: number;
  total_distance: number;
  total_duration: number;
  rate_per_km: number;
  distance_details: { outbound: BookingLeg | null; return: BookingLeg | null };
  notes: string;
  locale: string;
  /** issue 16: what the guest did from the private link ("changed", "cancelled") until the office marks it seen; null otherwise */
  guest_change: GuestChange | null;
  guest_changed_at: string | null;
  /** issue 16: when the guest agreed to booking updates by WhatsApp or SMS; null: no messages */
  messaging_consent_at: string | null;
}

export interface BookingEvent {
  id: string;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  by_label: string;
  note: string;
  created_at: string;
  /** what an edit changed (raw values) and an overridden conflict's reason; null for a plain status change */
  changes: EventChanges | null;
}

type Row = BookingRow & { car_images: string | null; current_car_name: string | null; car_category: string | null };

const productsOf = (rows: readonly Row[]): Record<string, BookingProducts> => Object.fromEntries(rows.map((row) => [row.id, bookingProducts(row)]));

function toAdminBooking(row: Row): AdminBooking {
  const details = presentDistanceDetails(readDistanceDetails(row));
  const carName = row.current_car_name ?? row.car_name;
  return {
    id: row.id,
    reference: row.reference,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    trip_type: row.trip_type,
    car_id: row.car_id,
    car: row.car_id || carName ? { name: carName, images: parseImages(row.car_images).map((i) => i.url) } : null,
    pickup_date: row.pickup_date,
    return_date: row.return_date,
    passengers: row.passengers,
    luggage: row.luggage,
    pickup_location: row.pickup_location,
    dropoff_location: row.dropoff_location,
    return_pickup_location: row.return_pickup_location,
    return_dropoff_location: row.return_dropoff_location,
    pickup_address: row.pickup_address ?? null,
    dropoff_address: row.dropoff_address ?? null,
    return_pickup_address: row.return_pickup_address ?? null,
    return_dropoff_address: row.return_dropoff_address ?? null,
    flight_number: row.flight_number,
    total_price: kurusToLira(row.total_price),
    total_distance: row.total_distance,
    total_duration: row.total_duration,
    rate_per_km: kurusToLira(row.rate_per_km),
    distance_details: details,
    notes: row.notes,
    locale: row.locale,
    guest_change: row.guest_change ?? null,
    guest_changed_at: row.guest_changed_at ?? null,
    messaging_consent_at: row.messaging_consent_at ?? null,
  };
}

/**
 * The query with its car checked against the fleet: an unknown car id is named as a problem and
 * left out of the filter, like every other value that cannot be read.
 */
export async function checkBookingQuery(db: Kysely<Database>, query: BookingQuery): Promise<BookingQuery> {
  if (!query.carId) return query;
  const car = await db.selectFrom("cars").select("id").where("id", "=", query.carId).executeTakeFirst();
  if (car) return query;
  return { ...query, carId: undefined, problems: { ...query.problems, car: [problem("admin:worklist.errors.car")] } };
}

export interface BookingPage {
  bookings: AdminBooking[];
  /** each booking's service, extras, price lines and currency (issue 14), by booking id */
  products: Record<string, BookingProducts>;
  /** the bookings that match; with `countAhead`, at most that many past the page's first row */
  total: number;
  /** more bookings match than `total` (counted only as far as `countAhead` asked) */
  more: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * How far the office's list counts its matches past the page's first row (issue 18): a common
 * word, a status or the upcoming trips match thousands of bookings, and counting every one of them
 * cost more than the page itself (PostgreSQL reads each matching row to count it); the list says
 * "1.000+" instead and still offers the pages up to there. The admin API counts exactly.
 */
export const LIST_COUNT_AHEAD = 1_000;

/** The number of bookings the query matches, counted only up to `limit` when given. */
async function countMatches(db: Kysely<Database>, query: ReturnType<typeof bookingsFiltered>, limit?: number): Promise<number> {
  const row =
    limit === undefined
      ? await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()
      : await db
          .selectFrom(query.select(sql<number>`1`.as("one")).limit(limit).as("matches"))
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
  return toCount(row?.n as number | string);
}

export async function listBookings(
  db: Kysely<Database>,
  filter: BookingFilter = {},
  page = 1,
  pageSize = BOOKINGS_PAGE_SIZE,
  /** `countAhead`: count the matches only this far past the page's first row (see LIST_COUNT_AHEAD); exact when absent */
  options: { countAhead?: number } = {},
): Promise<BookingPage> {
  const direction = filter.sort ?? "desc";
  const q = filter.q?.trim();
  // A text search asks the trigram index first how many bookings match (see TextPlan); alone,
  // that is the list's total.
  const alone = !filter.status && !filter.carId && !filter.trip?.from && !filter.trip?.to;
  const plan = q ? await planTextSearch(db, q) : undefined;
  const pageRows = async (offset: number): Promise<Row[]> => {
    if (plan?.kind === "index" || plan?.kind === "scan") {
      // A narrow search reads the few matching ids first (ordering by an expression keeps the
      // planner from walking the date index row by row), then fetches the page's ten rows.
      const ids = await bookingsFiltered(db, filter, "either", plan)
        .select("bookings.id")
        .orderBy(sql`bookings.pickup_date || ''`, direction)
        .orderBy("bookings.id", direction)
        .limit(pageSize)
        .offset(offset)
        .execute();
      return rowsInOrder(db, ids.map((r) => r.id));
    }
    // the list in date order, or a common word's matches in it (they come every few rows), or on
    // PostgreSQL whichever of the two its planner picks
    return bookingsWithCar(db, filter, "either", plan).orderBy("bookings.pickup_date", direction).orderBy("bookings.id", direction).limit(pageSize).offset(offset).execute();
  };
  const asked = Math.max(1, page);
  // counted one past the limit, to know whether more match
  const limit = options.countAhead === undefined ? undefined : (asked - 1) * pageSize + Math.max(options.countAhead, pageSize);
  if (filter.trip?.from && !q) return splitTripPage(db, filter, asked, pageSize, limit);
  if (plan?.kind === "planner" && limit !== undefined) return orderedMatchesPage(db, filter, plan, asked, pageSize, limit);
  // The count and the asked page at once (PostgreSQL answers them on two connections); a page
  // beyond the last is read again as the last. A search alone was counted by its plan.
  const counted = alone ? plan?.matches : null;
  const [matched, askedRows] = await Promise.all([
    typeof counted === "number" ? counted : countMatches(db, bookingsFiltered(db, filter, "either", plan), limit === undefined ? undefined : limit + 1),
    pageRows((asked - 1) * pageSize),
  ]);
  const { total, more } = limited(matched, limit);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(asked, pageCount);
  const rows = current === asked ? askedRows : await pageRows((current - 1) * pageSize);
  return { bookings: rows.map(toAdminBooking), products: productsOf(rows), total, more, page: current, pageSize, pageCount };
}

/** The bookings of `ids` with their cars, in the order of `ids`. */
async function rowsInOrder(db: Kysely<Database>, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const rows = await bookingsWithCar(db, {}).where("bookings.id", "in", [...ids]).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * A text search on PostgreSQL as the office's list reads it: the matching ids in date order as far
 * as the list counts, in one query, then the page's rows. The planner walks the date index for a
 * common word (its matches come every few rows) and reads the trigram index for a rare one; either
 * way the matches are read once for the count and the page, where a count and a page side by side
 * read a rare word's trigrams twice (a phone number's or an e-mail's: 4-10 ms each).
 */
async function orderedMatchesPage(db: Kysely<Database>, filter: BookingFilter, plan: TextPlan, asked: number, pageSize: number, limit: number): Promise<BookingPage> {
  const direction = filter.sort ?? "desc";
  const ids = await bookingsFiltered(db, filter, "either", plan).select("bookings.id").orderBy("bookings.pickup_date", direction).orderBy("bookings.id", direction).limit(limit + 1).execute();
  const { total, more } = limited(ids.length, limit);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(asked, pageCount);
  const rows = await rowsInOrder(db, ids.slice((current - 1) * pageSize, current * pageSize).map((r) => r.id));
  return { bookings: rows.map(toAdminBooking), products: productsOf(rows), total, more, page: current, pageSize, pageCount };
}

/** A count as the list shows it: at most `limit`, and whether more matched. */
const limited = (matched: number, limit: number | undefined) =>
  limit !== undefined && matched > limit ? { total: limit, more: true } : { total: matched, more: false };

/**
 * A page of a trip range read as its two parts (see `TripPart`): every `spanning` booking's
 * outbound lies before every `starting` one's, so in date order the parts follow each other and
 * a page is a slice of one, or the end of one and the start of the other.
 */
async function splitTripPage(db: Kysely<Database>, filter: BookingFilter, asked: number, pageSize: number, limit?: number): Promise<BookingPage> {
  const direction = filter.sort ?? "desc";
  // each part counted one past the limit: a page inside the limit is sliced from exact enough counts
  const count = (part: TripPart) => countMatches(db, bookingsFiltered(db, filter, part), limit === undefined ? undefined : limit + 1);
  const [spanning, starting] = await Promise.all([count("spanning"), count("starting")]);
  const { total, more } = limited(spanning + starting, limit);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(asked, pageCount);
  const [first, second]: [[TripPart, number], [TripPart, number]] = direction === "asc" ? [["spanning", spanning], ["starting", starting]] : [["starting", starting], ["spanning", spanning]];
  const slice = async (part: TripPart, offset: number, limit: number): Promise<Row[]> => {
    if (limit <= 0) return [];
    if (part === "starting") return bookingsWithCar(db, filter, part).orderBy("bookings.pickup_date", direction).orderBy("bookings.id", direction).limit(limit).offset(offset).execute();
    // The round trips under way are found in their index (return, pickup, id, status, car:
    // migration 0062) and sorted there (by an expression, so the planner does not walk a date or
    // status index instead), then only the page's rows are read.
    const ids = await bookingsFiltered(db, filter, part).select("bookings.id").orderBy(sql`bookings.pickup_date || ''`, direction).orderBy("bookings.id", direction).limit(limit).offset(offset).execute();
    return rowsInOrder(db, ids.map((r) => r.id));
  };
  const offset = (current - 1) * pageSize;
  const fromFirst = Math.max(0, Math.min(pageSize, first[1] - offset));
  const [a, b] = await Promise.all([
    slice(first[0], Math.min(offset, first[1]), fromFirst),
    slice(second[0], Math.max(0, offset - first[1]), pageSize - fromFirst),
  ]);
  return { bookings: [...a, ...b].map(toAdminBooking), products: productsOf([...a, ...b]), total, more, page: current, pageSize, pageCount };
}

export async function countBookings(db: Kysely<Database>, filter: BookingFilter = {}): Promise<number> {
  const q = filter.q?.trim();
  const alone = !filter.status && !filter.carId && !filter.trip?.from && !filter.trip?.to;
  const plan = q ? await planTextSearch(db, q) : undefined;
  if (alone && typeof plan?.matches === "number") return plan.matches;
  return countMatches(db, bookingsFiltered(db, filter, "either", plan));
}

export async function getAdminBooking(db: Kysely<Database>, id: string): Promise<AdminBooking | undefined> {
  const row = await bookingsWithCar(db, {}).where("bookings.id", "=", id).executeTakeFirst();
  return row ? toAdminBooking(row) : undefined;
}

/** A booking row not stored (an edit's preview) as the office and the API would show it, with its car's current name and images. */
export async function adminBookingOf(db: Kysely<Database>, row: BookingRow): Promise<AdminBooking> {
  const car = row.car_id ? await db.selectFrom("cars").select(["images", "name", "category"]).where("id", "=", row.car_id).executeTakeFirst() : undefined;
  return toAdminBooking({ ...row, car_images: car?.images ?? null, current_car_name: car?.name ?? null, car_category: car?.category ?? null });
}

/** One booking for the office's page: as the admin API shows it, with its products and its car's category (the minimum fare's line names it). */
export async function getAdminBookingDetail(db: Kysely<Database>, id: string): Promise<{ booking: AdminBooking; products: BookingProducts; category: string | null } | undefined> {
  const row = await bookingsWithCar(db, {}).where("bookings.id", "=", id).executeTakeFirst();
  return row ? { booking: toAdminBooking(row), products: bookingProducts(row), category: row.car_category } : undefined;
}

export async function listBookingEvents(db: Kysely<Database>, bookingId: string): Promise<BookingEvent[]> {
  const rows = await historyOf(db, bookingId);
  return rows.map((row) => ({ ...row, changes: readChanges(row.changes) }));
}

export interface Actor {
  id: string | null;
  /** who, in words: the admin's name or e-mail */
  label: string;
}

export type StatusChangeResult =
  | { ok: true; booking: AdminBooking; mailed: boolean }
  | { ok: false; reason: "not_found" | "reason_required"; problem: Problem }
  /** the state machine's refusal (rules/lifecycle.ts), its code in `code` and in the admin catalogue's `lifecycle.refused.<code>` */
  | { ok: false; reason: "not_allowed"; code: RefusalCode; problem: Problem }
  /** re-activating it would put its car on legs that are taken: allowed only with `overrideReason` */
  | { ok: false; reason: "unavailable"; problem: Problem; conflicts: Conflict[] };

/** Why a status change was refused, as admin catalogue codes. */
export const STATUS_REFUSALS = {
  not_found: problem("admin:bookings.notFound"),
  not_allowed: problem("admin:bookings.messages.notAllowed"),
  reason_required: problem("admin:bookings.messages.reasonRequired"),
  unavailable: problem("admin:bookingChanges.messages.carTakenShort"),
} as const satisfies Record<Extract<StatusChangeResult, { ok: false }>["reason"], Problem>;

/** A status the API does not know: the four it does are named. */
export const UNKNOWN_STATUS = problem("admin:bookings.messages.unknownStatus", { statuses: BOOKING_STATUSES.join(", ") });

const refused = (reason: "not_found" | "reason_required"): StatusChangeResult => ({ ok: false, reason, problem: STATUS_REFUSALS[reason] });

/** The machine's refusal as the office reads it: the limit (too early / too late) in Istanbul time. */
function machineRefusal(verdict: { code: RefusalCode; at?: string }): StatusChangeResult {
  const params = verdict.at ? { at: excelDateTime(verdict.at) } : undefined;
  return { ok: false, reason: "not_allowed", code: verdict.code, problem: refusalProblem("admin", verdict.code, params) };
}

/**
 * Moves a booking to another status if the state machine allows it for this actor now
 * (rules/lifecycle.ts: the office, or the guest's own cancellation), records who did it and why
 * (history and audit log, in the transaction) and writes its event in the same transaction (the
 * notify worker mails the customer when the settings say so). Cancelling needs a reason and releases
 * the booking's drivers (lifecycle.server.ts `releaseLegs`). Re-activating a completed booking puts
 * its car back on its legs: the car is checked inside the transaction after its lock, and a conflict
 * refuses the change unless the office gives a reason to override it (recorded with the event).
 */
export async function changeBookingStatus(
  db: Kysely<Database>,
  mailer: Mailer,
  input: {
    id: string;
    to: BookingStatus;
    note?: string;
    /** who: the office (staff) or the guest; required, recorded in the history and the audit log */
    actor: LifecycleActor;
    overrideReason?: string | null;
    /** the client address, for the audit log */
    ip?: string | null;
    /** false: the status mail is not sent (a guest's own cancellation has its own mail, guest-changes.server.ts) */
    mailCustomer?: boolean;
    /** the clock the time rules read (tests fix it); now when absent */
    now?: Date;
  },
  /** WhatsApp / SMS to the guest (issue 16): a cancellation is messaged when given */
  /** what the guest's messages need, handed on with the status change's event (app/notify) */
  guest?: { messenger?: Messenger; env: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "SESSION_SECRET">>; log: Pick<Logger, "error" | "warn"> },
): Promise<StatusChangeResult & { eventId?: string }> {
  const note = (input.note ?? "").trim().slice(0, 1000);
  if (input.to === "cancelled" && !note) {
    return refused("reason_required");
  }
  const now = input.now ?? new Date();
  const reason = input.overrideReason?.trim().slice(0, 500) || null;
  const buffer = occupiesCar(input.to) ? await readBufferMinutes(db) : undefined;
  const cancelCutoffHours = input.actor.kind === "guest" ? policyOf(await getSettings(db)).cancelCutoffHours : undefined;
  let eventId: string | undefined;
  let conflicts: Conflict[] = [];
  let verdict: { code: RefusalCode; at?: string } = { code: "out_of_order" };
  const outcome = await db.transaction().execute(async (trx) => {
    const current = await bookingForStatusChange(trx, input.id);
    if (!current) return "not_found" as const;
    const checked = checkBookingMove(current, input.to, input.actor.kind, { now, ...(cancelCutoffHours === undefined ? {} : { cancelCutoffHours }) });
    if (!checked.ok) {
      verdict = checked;
      return "not_allowed" as const;
    }
    let overridden: string | null = null;
    if (current.car_id && buffer !== undefined && !occupiesCar(current.status)) {
      await lockCar(trx, current.car_id);
      conflicts = await carConflicts(trx, current.car_id, spansOfBooking(current), { buffer, excludeBookingId: input.id });
      if (conflicts.length > 0 && !reason) return "unavailable" as const;
      if (conflicts.length > 0) overridden = reason;
    }
    const at = nowIso();
    const updated = await setBookingStatus(trx, input.id, current.status, input.to, at);
    // another change won the race: the booking is no longer in the state the machine checked
    if (updated !== 1) return "not_allowed" as const;
    eventId = await recordHistory(trx, { bookingId: input.id, from: current.status, to: input.to, actor: input.actor, note, changes: overridden ? { fields: [], override: overridden } : null, at });
    const details = { from: current.status, to: input.to, by: input.actor.kind, ...(note ? { note } : {}), ...(overridden ? { override: overridden } : {}) };
    await recordAudit(trx, { actor: input.actor, action: "booking.status", entity: "booking", entityId: input.id, summary: current.reference, details, ip: input.ip ?? null }, at);
    if (input.to === "cancelled") await releaseLegs(trx, { id: input.id, reference: current.reference }, input.actor, at);
    await recordBookingEvent(trx, input.id, { kind: "status_changed", eventId, by: input.actor.label, from: current.status, to: input.to, note, mailCustomer: input.mailCustomer !== false }, at);
    return "changed" as const;
  });
  if (outcome === "not_found") return refused("not_found");
  if (outcome === "not_allowed") return machineRefusal(verdict);
  if (outcome === "unavailable") return { ok: false, reason: "unavailable", problem: STATUS_REFUSALS.unavailable, conflicts };
  const booking = (await getAdminBooking(db, input.id))!;
  // The event written with the change makes the notify worker mail and message the guest.
  const notifyDeps = { db, mailer, env: guest?.env, messenger: guest?.messenger, log: guest?.log };
  const sent = await eventsCommitted(notifyDeps, input.id);
  const mailed = sent.mailed;
  return { ok: true, booking, mailed, eventId };
}

/** Deletes a booking (its legs and history go with it); with `audit`, the deletion is logged with what the booking was. */
export async function deleteBooking(db: Kysely<Database>, id: string, audit?: AuditContext): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = audit ? await bookingForDeletion(trx, id) : undefined;
    const deleted = await deleteBookingRow(trx, id);
    if (deleted && audit && row) {
      await recordAudit(trx, { ...audit, action: "booking.delete", entity: "booking", entityId: id, summary: row.reference, details: { before: row } });
    }
    return deleted;
  });
}

/**
 * Everything the office needs of a booking, one cell per value so Turkish Excel can sort and sum:
 * both legs (places, date-time, hotels or addresses), flight, passengers, luggage, car, distance,
 * amount, notes. Headed in the admin language (bookings.csv.* in the admin catalogue).
 */
const CSV_COLUMNS = [
  "reference",
  "status",
  "customer",
  "email",
  "phone",
  "pickup",
  "dropoff",
  "pickupAt",
  "pickupAddress",
  "dropoffAddress",
  "returnPickup",
  "returnDropoff",
  "returnAt",
  "returnPickupAddress",
  "returnDropoffAddress",
  "flightNumber",
  "passengers",
  "luggage",
  "car",
  "service",
  "hours",
  "extras",
  "distance",
  "amount",
  "currency",
  "currencyAmount",
  "notes",
  "createdAt",
] as const;

const CSV_FIELDS = [
  "id",
  "reference",
  "status",
  "full_name",
  "email",
  "phone",
  "pickup_location",
  "dropoff_location",
  "pickup_date",
  "pickup_address",
  "dropoff_address",
  "return_pickup_location",
  "return_dropoff_location",
  "return_date",
  "return_pickup_address",
  "return_dropoff_address",
  "flight_number",
  "passengers",
  "luggage",
  "car_name",
  "total_distance",
  "total_price",
  "notes",
  "created_at",
  "hours",
  "extras",
  "price_lines",
  "currency",
  "currency_rate",
  "currency_total",
] as const satisfies ReadonlyArray<keyof BookingRow>;

type CsvSource = Pick<BookingRow, (typeof CSV_FIELDS)[number]> & { current_car_name: string | null };

function csvLine(b: CsvSource, lng: AdminLanguage): string {
  const products = bookingProducts(b);
  const decimals = CURRENCY_DECIMALS[products.currency];
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    reference: b.reference || b.id,
    status: adminText(lng, `status.${isBookingStatus(b.status) ? b.status : "cancelled"}`),
    customer: b.full_name,
    email: b.email,
    phone: b.phone,
    pickup: b.pickup_location,
    dropoff: b.dropoff_location,
    pickupAt: excelDateTime(b.pickup_date) || adminText(lng, "ui.notSpecified"),
    pickupAddress: b.pickup_address,
    dropoffAddress: b.dropoff_address,
    returnPickup: b.return_pickup_location,
    returnDropoff: b.return_dropoff_location,
    returnAt: excelDateTime(b.return_date),
    returnPickupAddress: b.return_pickup_address,
    returnDropoffAddress: b.return_dropoff_address,
    flightNumber: b.flight_number,
    passengers: b.passengers,
    luggage: b.luggage,
    car: b.current_car_name ?? b.car_name,
    service: adminText(lng, products.hours === null ? "bookingProducts.transfer" : "bookingProducts.hourly"),
    hours: products.hours,
    extras: extrasText(products.extras, lng),
    distance: decimalComma(b.total_distance),
    amount: decimalComma(b.total_price / 100, 2),
    currency: products.currency,
    currencyAmount: decimalComma(products.currencyTotal / 10 ** decimals, decimals),
    notes: b.notes,
    createdAt: excelDateTime(b.created_at),
  };
  return csvRow(CSV_COLUMNS.map((column) => cells[column]));
}

/**
 * The export of the current filter as a stream: the header, then the rows read in keyset-paged
 * batches, so memory stays flat whatever the number of bookings. Headers and statuses are in the
 * admin language (Turkish by default).
 */
export function bookingsCsvStream(db: Kysely<Database>, filter: BookingFilter, batchSize = 1000, lng: AdminLanguage = "tr"): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const direction = filter.sort ?? "desc";
  const after = direction === "asc" ? (">" as const) : ("<" as const);
  let cursor: { date: string; id: string } | undefined;
  let started = false;
  let plan: TextPlan | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvRow(CSV_COLUMNS.map((column) => adminText(lng, `bookings.csv.${column}`)))));
        return;
      }
      const q = filter.q?.trim();
      if (q && !plan) plan = await planTextSearch(db, q);
      let query = bookingsFiltered(db, filter, "either", plan)
        .leftJoin("cars", "cars.id", "bookings.car_id")
        .select([...CSV_FIELDS.map((field) => `bookings.${field}` as const), "cars.name as current_car_name"]);
      if (cursor) {
        const { date, id } = cursor;
        query = query.where((eb) => eb(eb.refTuple("bookings.pickup_date", "bookings.id"), after, eb.tuple(date, id)));
      }
      const rows = await query
        .orderBy("bookings.pickup_date", direction)
        .orderBy("bookings.id", direction)
        .limit(batchSize)
        .execute();
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        cursor = { date: last.pickup_date, id: last.id };
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(row, lng)).join("")));
      }
      if (rows.length < batchSize) controller.close();
    },
  });
}
