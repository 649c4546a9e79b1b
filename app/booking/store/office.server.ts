/**
 * The booking module's store, the office's reads: the list's query (its filters, the text search,
 * the trip range's parts, the car joined), the dispatch board's bookings with a leg's driver, and
 * a booking's history as the office reads it. The commands and queries build on these (ordering,
 * paging, counting) and run them on the `db` they are given.
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { BookingRow, Database } from "~/server/db/schema";
import { FIRST_UNIT, type LegName } from "../rules/availability";
import type { BookingFilter } from "../rules/worklist";
import { bookingTextMatch, type TextPlan } from "../search-index.server";

/**
 * A booking is in a trip range [from, to) when either leg's pickup is. That splits in two parts
 * that never overlap: `starting` (the outbound in the range: one ordered range of the date index)
 * and `spanning` (the outbound before the range, the return in it: round trips under way, a few).
 * The list reads the parts one after the other, so neither the count nor the page walks the
 * bookings before the range.
 */
export type TripPart = "either" | "starting" | "spanning";

/** The office's list, filtered (text, car, trip range or one of its parts, status); the caller selects, orders and pages. */
export function bookingsFiltered(db: Kysely<Database>, filter: BookingFilter, part: TripPart = "either", plan?: TextPlan) {
  let query = db.selectFrom("bookings");
  const q = filter.q?.trim();
  if (q) query = query.where(bookingTextMatch(db, q, { plan }));
  if (filter.carId) query = query.where("bookings.car_id", "=", filter.carId);
  if (filter.partnerId) query = query.where("bookings.partner_id", "=", filter.partnerId);
  const { from, to } = filter.trip ?? {};
  if (from) {
    const starting = (eb: ExpressionBuilder<Database, "bookings">) =>
      eb.and([eb("bookings.pickup_date", ">=", from), ...(to ? [eb("bookings.pickup_date", "<", to)] : [])]);
    const spanning = (eb: ExpressionBuilder<Database, "bookings">) =>
      eb.and([eb("bookings.pickup_date", "<", from), eb("bookings.return_date", ">=", from), ...(to ? [eb("bookings.return_date", "<", to)] : [])]);
    query = query.where((eb) => (part === "starting" ? starting(eb) : part === "spanning" ? spanning(eb) : eb.or([starting(eb), spanning(eb)])));
  } else if (to) {
    // A return never precedes its outbound: without a lower bound the outbound alone decides.
    query = query.where("bookings.pickup_date", "<", to);
  }
  if (filter.status) {
    // With a text search, the status is checked on the matches the search index finds (an
    // expression, so the planner does not walk the whole status index row by row instead).
    query = q
      ? query.where(sql`bookings.status || ''`, "=", filter.status)
      : query.where("bookings.status", "=", filter.status);
  }
  // Few channels, each common: checked on the rows the other conditions find, like a searched status.
  if (filter.channel) query = query.where(sql`bookings.channel || ''`, "=", filter.channel);
  // The payment state (issue 30) has its index with the pickup (a rare state's upcoming trips are
  // read from it in order); with a text search it is checked on the matches, like the status.
  if (filter.payment) {
    query = q ? query.where(sql`bookings.payment_status || ''`, "=", filter.payment) : query.where("bookings.payment_status", "=", filter.payment);
  }
  return query;
}

/** The filtered list's bookings with their car's images, current name and category. */
export function bookingsWithCar(db: Kysely<Database>, filter: BookingFilter, part: TripPart = "either", plan?: TextPlan) {
  return bookingsFiltered(db, filter, part, plan)
    .leftJoin("cars", "cars.id", "bookings.car_id")
    .selectAll("bookings")
    .select(["cars.images as car_images", "cars.name as current_car_name", "cars.category as car_category"]);
}

/** Bookings with the given leg's assignment of their own car (unit 1) and its driver joined (left: a leg without one keeps its row). */
export const bookingsWithLegDriver = (db: Kysely<Database>, leg: LegName) =>
  db
    .selectFrom("bookings")
    .leftJoin("booking_legs", (join) => join.onRef("booking_legs.booking_id", "=", "bookings.id").on("booking_legs.leg", "=", leg).on("booking_legs.unit", "=", FIRST_UNIT))
    .leftJoin("drivers", "drivers.id", "booking_legs.driver_id");

/** A booking's history rows, oldest first. */
export function historyOf(db: Kysely<Database>, bookingId: string) {
  return db
    .selectFrom("booking_events")
    .select(["id", "from_status", "to_status", "by_label", "note", "created_at", "changes"])
    .where("booking_id", "=", bookingId)
    .orderBy("created_at", "asc")
    .orderBy("id")
    .execute();
}

/** The fields the office's export reads of each booking (the CSV's columns are made from them). */
const EXPORT_FIELDS = [
  "id",
  "reference",
  "status",
  "channel",
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
  "luggage_items",
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
  "payment_status",
  "amount_paid",
] as const satisfies ReadonlyArray<keyof BookingRow>;

/** A booking as the export reads it: the export's fields and its car's current name. */
export type ExportRow = Pick<BookingRow, (typeof EXPORT_FIELDS)[number]> & { current_car_name: string | null };

/**
 * One batch of the export: the filter's bookings with their car's current name, in date order,
 * after the keyset `after` (the last batch's last row), at most `limit`.
 */
export function exportBatch(
  db: Kysely<Database>,
  filter: BookingFilter,
  batch: { plan?: TextPlan; direction: "asc" | "desc"; after?: { date: string; id: string }; limit: number },
): Promise<ExportRow[]> {
  const { direction, after } = batch;
  let query = bookingsFiltered(db, filter, "either", batch.plan)
    .leftJoin("cars", "cars.id", "bookings.car_id")
    .select([...EXPORT_FIELDS.map((field) => `bookings.${field}` as const), "cars.name as current_car_name"]);
  if (after) {
    const past = direction === "asc" ? (">" as const) : ("<" as const);
    query = query.where((eb) => eb(eb.refTuple("bookings.pickup_date", "bookings.id"), past, eb.tuple(after.date, after.id)));
  }
  return query.orderBy("bookings.pickup_date", direction).orderBy("bookings.id", direction).limit(batch.limit).execute();
}
