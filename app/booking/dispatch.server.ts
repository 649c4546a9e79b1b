/**
 * The dispatch board's day (/admin/dispatch): the cars that get a lane, the legs near the day and
 * the buffer, read with index ranges on `pickup_date` and `return_date` (one query per leg kind,
 * so each uses its own index), then laid out by the pure rules in dispatch.ts.
 */
import { storedLuggageItems } from "./rules/capacity";
import type { Kysely } from "kysely";
import type { BookingRow, Database, JobStatus } from "~/server/db/schema";
import { LONGEST_LEG_HOURS, type Span } from "./rules/availability";
import { readBufferMinutes } from "./availability.server";
import { readBookedExtras } from "./rules/booked-extras";
import { signTexts } from "./rules/booking-products";
import { BOARD_STATUSES, buildBoard, type BoardCar, type DayLeg, type Lane } from "./rules/dispatch";
import { bookingsWithLegDriver } from "./store/office.server";
import { carsOfBookings } from "./store/cars.server";
import { assignedLegsOf } from "./store/reads.server";
import { FIRST_UNIT } from "./rules/availability";
import { firstCarShare } from "./rules/groups";

const LEG_COLUMNS = [
  "id",
  "reference",
  "car_id",
  "return_car_id",
  "car_name",
  "status",
  "full_name",
  "phone",
  "passengers",
  "luggage",
  "luggage_items",
  "flight_number",
  "notes",
  "trip_type",
  "pickup_location",
  "dropoff_location",
  "pickup_date",
  "pickup_end",
  "pickup_address",
  "dropoff_address",
  "return_pickup_location",
  "return_dropoff_location",
  "return_date",
  "return_end",
  "return_pickup_address",
  "return_dropoff_address",
  "hours",
  "extras",
] as const satisfies ReadonlyArray<keyof BookingRow>;

/** The leg's driver, read in the same query (booking_legs and drivers joined on the leg). */
interface DriverColumns {
  driver_id?: string | null;
  driver_name?: string | null;
  job_status?: JobStatus | null;
}

type LegRow = Pick<BookingRow, (typeof LEG_COLUMNS)[number]> & DriverColumns;

const BOOKING_COLUMNS = LEG_COLUMNS.map((c) => `bookings.${c}` as const);
const DRIVER_COLUMNS = ["drivers.id as driver_id", "drivers.name as driver_name", "booking_legs.job_status as job_status"] as const;

const driverOf = (row: LegRow) => (row.driver_id && row.driver_name ? { id: row.driver_id, name: row.driver_name, jobStatus: row.job_status ?? null } : null);

const common = (row: LegRow) => ({
  bookingId: row.id,
  reference: row.reference,
  carId: row.car_id,
  carName: row.car_name,
  status: row.status,
  fullName: row.full_name,
  phone: row.phone,
  passengers: row.passengers,
  luggage: row.luggage,
  luggageItems: storedLuggageItems(row.luggage_items),
  flightNumber: row.flight_number,
  notes: row.notes,
  hours: row.hours ?? null,
  signs: signTexts(readBookedExtras(row)),
  driver: driverOf(row),
});

/** The outbound leg of a row (a missing end, on rows older than migration 0032, counts as no duration). */
export const outboundLeg = (row: LegRow): DayLeg => ({
  ...common(row),
  leg: "outbound",
  start: row.pickup_date,
  end: row.pickup_end ?? row.pickup_date,
  from: row.pickup_location,
  to: row.dropoff_location,
  fromAddress: row.pickup_address,
  toAddress: row.dropoff_address,
});

/** The return leg of a round trip (its ends default to the outbound's, reversed). */
export const returnLeg = (row: LegRow & { return_date: string }): DayLeg => ({
  ...common(row),
  // The sign meets the guest on arrival (the outbound pickup), not on the way back.
  signs: [],
  leg: "return",
  start: row.return_date,
  end: row.return_end ?? row.return_date,
  // the return leg may have its own car (issue 15)
  carId: row.return_car_id ?? row.car_id,
  from: row.return_pickup_location ?? row.dropoff_location,
  to: row.return_dropoff_location ?? row.pickup_location,
  fromAddress: row.return_pickup_address,
  toAddress: row.return_dropoff_address,
});

/** Active cars and cars in maintenance, in the cars list's order (sort order, newest first). */
export async function boardCars(db: Kysely<Database>): Promise<BoardCar[]> {
  return db
    .selectFrom("cars")
    .select(["id", "name", "status", "maintenance_from", "maintenance_to", "plate_number", "category"])
    .where("status", "in", ["active", "maintenance"])
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Every shown leg whose pickup lies in [from, before): a leg may start up to LONGEST_LEG_HOURS
 * before the day and still reach into it, and one starting within the buffer after the day may
 * still collide with the day's last leg.
 */
export async function legsAround(db: Kysely<Database>, day: Span, buffer: number): Promise<DayLeg[]> {
  const from = new Date(Date.parse(day.start) - (LONGEST_LEG_HOURS * 60 + buffer) * 60_000).toISOString();
  const before = new Date(Date.parse(day.end) + buffer * 60_000).toISOString();
  // a leg whose end (plus buffer) is before the day neither shows nor collides: not fetched
  const endsAfter = new Date(Date.parse(day.start) - buffer * 60_000).toISOString();
  const [outbound, back] = await Promise.all([
    bookingsWithLegDriver(db, "outbound")
      .select(BOOKING_COLUMNS)
      .select(DRIVER_COLUMNS)
      .where("bookings.pickup_date", ">=", from)
      .where("bookings.pickup_date", "<", before)
      .where((eb) => eb.or([eb("bookings.pickup_end", ">", endsAfter), eb("bookings.pickup_end", "is", null)]))
      .where("bookings.status", "in", [...BOARD_STATUSES])
      .execute(),
    bookingsWithLegDriver(db, "return")
      .select(BOOKING_COLUMNS)
      .select(DRIVER_COLUMNS)
      .where("bookings.return_date", ">=", from)
      .where("bookings.return_date", "<", before)
      .where((eb) => eb.or([eb("bookings.return_end", ">", endsAfter), eb("bookings.return_end", "is", null)]))
      .where("bookings.trip_type", "=", "roundTrip")
      .where("bookings.status", "in", [...BOARD_STATUSES])
      .execute(),
  ]);
  const legs = [...outbound.map(outboundLeg), ...back.flatMap((row) => (row.return_date ? [returnLeg({ ...row, return_date: row.return_date })] : []))];
  return withFurtherCars(db, legs);
}

/**
 * A party in several cars (issue 32, decision 017): each further car is a leg of its own on the
 * board, in its car's lane, with its share of the party and its own driver; the booking's own car
 * carries the rest of the party and the meet & greet sign.
 */
async function withFurtherCars(db: Kysely<Database>, legs: DayLeg[]): Promise<DayLeg[]> {
  const further = await carsOfBookings(db, [...new Set(legs.map((l) => l.bookingId))]);
  if (further.length === 0) return legs;
  const drivers = await assignedLegsOf(db, [...new Set(further.map((u) => u.booking_id))]);
  const driverByKey = new Map(drivers.map((d) => [`${d.booking_id}:${d.leg}:${d.unit}`, d]));
  return legs.flatMap((leg) => {
    const units = further.filter((u) => u.booking_id === leg.bookingId);
    if (units.length === 0) return [leg];
    const count = units.length + 1;
    const share = firstCarShare(leg, units);
    // the special luggage is named on the first car's block, beside its places
    const first: DayLeg = { ...leg, unit: FIRST_UNIT, units: count, carName: leg.carName.split(" + ")[0] ?? leg.carName, passengers: share.passengers, luggage: share.luggage };
    return [
      first,
      ...units.map((u): DayLeg => {
        const d = driverByKey.get(`${leg.bookingId}:${leg.leg}:${u.unit}`);
        return {
          ...leg,
          unit: u.unit,
          units: count,
          carId: u.car_id,
          carName: u.car_name,
          passengers: u.passengers,
          luggage: u.luggage,
          luggageItems: null,
          signs: [],
          driver: d ? { id: d.driver_id, name: d.driver_name, jobStatus: d.job_status } : null,
        };
      }),
    ];
  });
}

export interface DispatchDay {
  lanes: Lane[];
  buffer: number;
  /** every car's category (inactive ones too): the category filter places the legs on no car of the board */
  categoryOfCar: Record<string, string>;
}

/** The board of one Istanbul day (`day` from `boardDay`). */
export async function loadDispatchDay(db: Kysely<Database>, day: Span): Promise<DispatchDay> {
  const [cars, buffer, categories] = await Promise.all([boardCars(db), readBufferMinutes(db), db.selectFrom("cars").select(["id", "category"]).execute()]);
  const legs = await legsAround(db, day, buffer);
  return { lanes: buildBoard(cars, legs, day, buffer), buffer, categoryOfCar: Object.fromEntries(categories.map((c) => [c.id, c.category])) };
}
