/**
 * The office's reads of bookings: the filtered, paged list (all in the database, so it stays fast
 * with 100 000 rows), one booking with its car, its status history, and the export's rows in
 * keyset-paged batches. They answer records (`BookingRecord`); the office's and the API's presenters
 * beside their routes shape them.
 */
import { sql, type Kysely } from "kysely";
import { problem } from "~/i18n/problem";
import { toCount } from "~/server/db/convert";
import type { BookingRow, BookingStatus, Database } from "~/server/db/schema";
import { planTextSearch, type TextPlan } from "./search-index.server";
import { readChanges, type EventChanges } from "./rules/booking-changes";
import type { BookingFilter, BookingQuery } from "./rules/worklist";
import { bookingsFiltered, bookingsWithCar, exportBatch, historyOf, type ExportRow, type TripPart } from "./store/office.server";

export type { ExportRow } from "./store/office.server";

export const BOOKINGS_PAGE_SIZE = 10;

export type { BookingFilter, BookingQuery, SortDirection } from "./rules/worklist";
export { parseBookingQuery } from "./rules/worklist";

/**
 * A booking as the office's list and page, the admin API and the office's mails read it: the stored
 * row with its car's current name, images and category. The presenters beside the routes turn it into
 * what they show (app/routes/admin/booking-view.server.ts, app/routes/api/).
 */
export type BookingRecord = BookingRow & { car_images: string | null; current_car_name: string | null; car_category: string | null };

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
  bookings: BookingRecord[];
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
  pageSize: number = BOOKINGS_PAGE_SIZE,
  /** `countAhead`: count the matches only this far past the page's first row (see LIST_COUNT_AHEAD); exact when absent */
  options: { countAhead?: number } = {},
): Promise<BookingPage> {
  const direction = filter.sort ?? "desc";
  const q = filter.q?.trim();
  // A text search asks the trigram index first how many bookings match (see TextPlan); alone,
  // that is the list's total.
  const alone = !filter.status && !filter.channel && !filter.payment && !filter.carId && !filter.partnerId && !filter.trip?.from && !filter.trip?.to;
  const plan = q ? await planTextSearch(db, q) : undefined;
  const pageRows = async (offset: number): Promise<BookingRecord[]> => {
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
  return { bookings: rows, total, more, page: current, pageSize, pageCount };
}

/** The bookings of `ids` with their cars, in the order of `ids`. */
async function rowsInOrder(db: Kysely<Database>, ids: readonly string[]): Promise<BookingRecord[]> {
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
  return { bookings: rows, total, more, page: current, pageSize, pageCount };
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
  const slice = async (part: TripPart, offset: number, limit: number): Promise<BookingRecord[]> => {
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
  return { bookings: [...a, ...b], total, more, page: current, pageSize, pageCount };
}

export async function countBookings(db: Kysely<Database>, filter: BookingFilter = {}): Promise<number> {
  const q = filter.q?.trim();
  const alone = !filter.status && !filter.channel && !filter.payment && !filter.carId && !filter.partnerId && !filter.trip?.from && !filter.trip?.to;
  const plan = q ? await planTextSearch(db, q) : undefined;
  if (alone && typeof plan?.matches === "number") return plan.matches;
  return countMatches(db, bookingsFiltered(db, filter, "either", plan));
}

/** One booking with its car; undefined when there is none with this id. */
export async function getBooking(db: Kysely<Database>, id: string): Promise<BookingRecord | undefined> {
  return bookingsWithCar(db, {}).where("bookings.id", "=", id).executeTakeFirst();
}

/** A booking row not stored (an edit's preview) as a record: with its car's current name, images and category. */
export async function recordOf(db: Kysely<Database>, row: BookingRow): Promise<BookingRecord> {
  const car = row.car_id ? await db.selectFrom("cars").select(["images", "name", "category"]).where("id", "=", row.car_id).executeTakeFirst() : undefined;
  return { ...row, car_images: car?.images ?? null, current_car_name: car?.name ?? null, car_category: car?.category ?? null };
}

export async function listBookingEvents(db: Kysely<Database>, bookingId: string): Promise<BookingEvent[]> {
  const rows = await historyOf(db, bookingId);
  return rows.map((row) => ({ ...row, changes: readChanges(row.changes) }));
}

/**
 * The bookings of a filter for the export, in date order, read in keyset-paged batches of
 * `batchSize`: memory stays flat whatever the number of bookings.
 */
export async function* exportBatches(db: Kysely<Database>, filter: BookingFilter, batchSize = 1000): AsyncGenerator<ExportRow[]> {
  const direction = filter.sort ?? "desc";
  const q = filter.q?.trim();
  const plan = q ? await planTextSearch(db, q) : undefined;
  let after: { date: string; id: string } | undefined;
  for (;;) {
    const rows = await exportBatch(db, filter, { plan, direction, after, limit: batchSize });
    if (rows.length > 0) {
      const last = rows[rows.length - 1]!;
      after = { date: last.pickup_date, id: last.id };
      yield rows;
    }
    if (rows.length < batchSize) return;
  }
}

