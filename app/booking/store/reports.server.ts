/**
 * The booking store's answers for the month in numbers (issue 34, /admin/reports): the bookings
 * picked up in a period summed in SQL (GROUP BY), never loaded one by one, so a year of 100,000
 * bookings answers in a few scans of the pickup-date index (bookings_pickup_status_car_idx and the
 * primary keys of booking_cars and booking_legs; see the README's benchmark). Only the store names
 * the booking tables; app/admin/reports.server.ts turns these rows into the report.
 *
 * Every figure takes the bookings by their pickup date in [start, end) (UTC instants), like the
 * partners' statements. A booking's price is its own car's (unit 1: the total less its further
 * cars' parts) and each further car's part (booking_cars.price); what was paid (the ledger's net,
 * `amount_paid`) is split over the cars in the same proportion; a leg is half of a round trip's car.
 */
import { sql, type Kysely } from "kysely";
import { toCount } from "~/server/db/convert";
import type { BookingChannel, BookingStatus, Database, TripType } from "~/server/db/schema";

/** The seconds a booking keeps its car on the road: the route's duration, or the hours hired. */
const roadSeconds = sql<number>`case when b.hours is not null then b.hours * 3600 else b.total_duration end`;

const num = (v: unknown): number => Number(v ?? 0);

export interface BookingGroupRow {
  carId: string | null;
  channel: BookingChannel;
  partnerId: string | null;
  status: BookingStatus;
  tripType: TripType;
  bookings: number;
  /** kuruş, the whole booking (every car) */
  price: number;
  /** kuruş, the ledger's net */
  paid: number;
  km: number;
  seconds: number;
}

/** The period's bookings summed by their own car, channel, partner, status and kind of trip. */
export async function bookingGroupsBetween(db: Kysely<Database>, start: string, end: string): Promise<BookingGroupRow[]> {
  const rows = await db
    .selectFrom("bookings as b")
    .select([
      "b.car_id",
      "b.channel",
      "b.partner_id",
      "b.status",
      "b.trip_type",
      (eb) => eb.fn.countAll().as("n"),
      sql<string>`coalesce(sum(b.total_price), 0)`.as("price"),
      sql<string>`coalesce(sum(b.amount_paid), 0)`.as("paid"),
      sql<string>`coalesce(sum(b.total_distance), 0)`.as("km"),
      sql<string>`coalesce(sum(${roadSeconds}), 0)`.as("seconds"),
    ])
    .where("b.pickup_date", ">=", start)
    .where("b.pickup_date", "<", end)
    // trip_type first: a column no index starts with, so SQLite reads the covering bookings_report_idx
    // (migration 0229) instead of skip-scanning the car's or the status's index for the group's order
    .groupBy(["b.trip_type", "b.status", "b.channel", "b.partner_id", "b.car_id"])
    .execute();
  return rows.map((r) => ({
    carId: r.car_id,
    channel: r.channel,
    partnerId: r.partner_id,
    status: r.status,
    tripType: r.trip_type,
    bookings: toCount(r.n),
    price: num(r.price),
    paid: num(r.paid),
    km: num(r.km),
    seconds: num(r.seconds),
  }));
}

export interface FurtherCarRow {
  /** the booking's own car, whose part the further car's is taken from */
  ownCarId: string | null;
  carId: string;
  status: BookingStatus;
  tripType: TripType;
  units: number;
  /** the further cars' parts of the price, kuruş */
  price: number;
  /** their proportional part of what was paid, kuruş (not rounded) */
  paid: number;
  km: number;
  seconds: number;
}

/** The further cars of a party (booking_cars) of the period's bookings, summed by car. */
export async function furtherCarGroupsBetween(db: Kysely<Database>, start: string, end: string): Promise<FurtherCarRow[]> {
  const rows = await db
    .selectFrom("booking_cars as c")
    .innerJoin("bookings as b", "b.id", "c.booking_id")
    .select([
      "b.car_id as own_car_id",
      "c.car_id",
      "b.status",
      "b.trip_type",
      (eb) => eb.fn.countAll().as("n"),
      sql<string>`coalesce(sum(c.price), 0)`.as("price"),
      sql<string>`coalesce(sum(case when b.total_price > 0 then b.amount_paid * 1.0 * c.price / b.total_price else 0 end), 0)`.as("paid"),
      sql<string>`coalesce(sum(b.total_distance), 0)`.as("km"),
      sql<string>`coalesce(sum(${roadSeconds}), 0)`.as("seconds"),
    ])
    .where("b.pickup_date", ">=", start)
    .where("b.pickup_date", "<", end)
    .groupBy(["b.car_id", "c.car_id", "b.status", "b.trip_type"])
    .execute();
  return rows.map((r) => ({
    ownCarId: r.own_car_id,
    carId: r.car_id,
    status: r.status,
    tripType: r.trip_type,
    units: toCount(r.n),
    price: num(r.price),
    paid: num(r.paid),
    km: num(r.km),
    seconds: num(r.seconds),
  }));
}

export interface DriverLegRow {
  driverId: string;
  status: BookingStatus;
  tripType: TripType;
  /** the driver closed these legs as a no-show */
  noShow: boolean;
  legs: number;
  /** the legs' cars' parts of the price, kuruş (a round trip's leg: half; divided by the caller) */
  unitPrice: number;
  /** their proportional part of what was paid, kuruş (not rounded, not yet halved) */
  unitPaid: number;
  /** the trips' kilometres (a round trip's leg: half; divided by the caller) */
  km: number;
}

/**
 * The legs drivers were on, of the period's bookings, summed by driver, the booking's status and
 * whether the leg was a no-show (the caller leaves out the cancelled bookings: filtering them here
 * would make SQLite walk the status index). Here every leg of the booking's own car (unit 1) takes
 * the whole price and what was paid; `partyLegGroupsBetween` moves the further cars' parts to their
 * legs. The bookings are read from the covering index of their pickup dates, each one's legs by key.
 */
export async function driverLegGroupsBetween(db: Kysely<Database>, start: string, end: string): Promise<DriverLegRow[]> {
  const noShow = sql<number>`case when l.job_status = 'no_show' then 1 else 0 end`;
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_legs as l", "l.booking_id", "b.id")
    .select([
      "l.driver_id",
      "b.status",
      "b.trip_type",
      noShow.as("no_show"),
      (eb) => eb.fn.countAll().as("n"),
      sql<string>`coalesce(sum(case when l.unit = 1 then b.total_price else 0 end), 0)`.as("price"),
      sql<string>`coalesce(sum(case when l.unit = 1 then b.amount_paid else 0 end), 0)`.as("paid"),
      sql<string>`coalesce(sum(b.total_distance), 0)`.as("km"),
    ])
    .where("b.pickup_date", ">=", start)
    .where("b.pickup_date", "<", end)
    .groupBy(["b.trip_type", "b.status", "l.driver_id", noShow])
    .execute();
  return rows.map((r) => ({
    driverId: r.driver_id,
    status: r.status,
    tripType: r.trip_type,
    noShow: num(r.no_show) === 1,
    legs: toCount(r.n),
    unitPrice: num(r.price),
    unitPaid: num(r.paid),
    km: num(r.km),
  }));
}

/**
 * The parties' corrections to `driverLegGroupsBetween` (from booking_cars, which holds few rows):
 * each further car's part of the price (and of what was paid) leaves the legs of the booking's own
 * car and goes to the legs of that car. `legs` and `km` are 0: the legs are counted there.
 */
export async function partyLegGroupsBetween(db: Kysely<Database>, start: string, end: string): Promise<DriverLegRow[]> {
  const noShow = sql<number>`case when l.job_status = 'no_show' then 1 else 0 end`;
  const sign = sql<number>`case when l.unit = 1 then -1 when l.unit = c.unit then 1 else 0 end`;
  const rows = await db
    .selectFrom("booking_cars as c")
    .innerJoin("bookings as b", "b.id", "c.booking_id")
    .innerJoin("booking_legs as l", "l.booking_id", "c.booking_id")
    .select([
      "l.driver_id",
      "b.status",
      "b.trip_type",
      noShow.as("no_show"),
      sql<string>`coalesce(sum(${sign} * c.price), 0)`.as("price"),
      sql<string>`coalesce(sum(case when b.total_price > 0 then ${sign} * b.amount_paid * 1.0 * c.price / b.total_price else 0 end), 0)`.as("paid"),
    ])
    .where("b.pickup_date", ">=", start)
    .where("b.pickup_date", "<", end)
    .groupBy(["b.trip_type", "b.status", "l.driver_id", noShow])
    .execute();
  return rows.map((r) => ({ driverId: r.driver_id, status: r.status, tripType: r.trip_type, noShow: num(r.no_show) === 1, legs: 0, unitPrice: num(r.price), unitPaid: num(r.paid), km: 0 }));
}
