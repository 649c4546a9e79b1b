/**
 * The dashboard's numbers, all from the database (spec §3 "Dashboard stats"). The formulas are
 * documented here and on the page (footnote):
 * - totalBookings: all bookings; change = bookings created this month vs the previous month.
 * - totalCars (the "Aktif Araçlar" card): cars with status active; change = cars added this month vs the previous month.
 * - activeBookings: pending + confirmed; change = pending/confirmed bookings created this month vs the previous month.
 * - monthlyRevenue: sum of total_price of bookings created this month that are not cancelled (lira);
 *   change = vs the same sum for the previous month.
 * - bookingCompletionRate = completed ÷ (all − cancelled).
 * - carOccupancyRate = distinct cars with a non-cancelled booking picked up in the last 30 days ÷ active cars.
 * - cancellationRate = cancelled ÷ all.
 * Months are calendar months in Europe/Istanbul.
 */
import { sql, type Kysely } from "kysely";
import { toCount } from "~/server/db/convert";
import type { BookingStatus, Database } from "~/server/db/schema";
import { kurus, kurusToLira, type Kurus } from "~/utils/money";
import { monthWindow, percentChange, rate } from "./stats";

export const RECENT_BOOKINGS = 5;
export const POPULAR_CARS = 3;
const OCCUPANCY_DAYS = 30;

export interface DashboardStats {
  totalBookings: number;
  totalCars: number;
  activeBookings: number;
  /** lira */
  monthlyRevenue: number;
  bookingCompletionRate: number;
  carOccupancyRate: number;
  cancellationRate: number;
  /** percent change vs the previous month; null when the previous month had nothing */
  changes: { totalBookings: number | null; totalCars: number | null; activeBookings: number | null; monthlyRevenue: number | null };
}

export interface RecentBooking {
  id: string;
  reference: string;
  fullName: string;
  email: string;
  pickupDate: string;
  carName: string;
  status: BookingStatus;
  /** lira */
  totalPrice: number;
}

export interface PopularCar {
  id: string;
  name: string;
  category: string;
  status: string;
  bookingsCount: number;
}

export interface Dashboard {
  stats: DashboardStats;
  recentBookings: RecentBooking[];
  popularCars: PopularCar[];
}

async function countBookings(db: Kysely<Database>, filter: { statuses?: BookingStatus[]; from?: string; to?: string } = {}) {
  let q = db.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n"));
  if (filter.statuses) q = q.where("status", "in", filter.statuses);
  if (filter.from) q = q.where("created_at", ">=", filter.from);
  if (filter.to) q = q.where("created_at", "<", filter.to);
  return toCount((await q.executeTakeFirst())?.n);
}

/**
 * All bookings by status, from the counts the database keeps per car and status (migration
 * 0060's triggers), so the whole-table numbers cost a few dozen rows, not a count of every booking.
 */
async function countsByStatus(db: Kysely<Database>): Promise<Record<BookingStatus, number>> {
  const rows = await db
    .selectFrom("booking_counts")
    .select(["status", (eb) => eb.fn.sum<string | number>("n").as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<BookingStatus, number> = { pending: 0, confirmed: 0, completed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = toCount(row.n);
  return counts;
}

async function revenueKurus(db: Kysely<Database>, from: string, to: string): Promise<Kurus> {
  const row = await db
    .selectFrom("bookings")
    .select(sql<string | number | null>`coalesce(sum(total_price), 0)`.as("total"))
    .where("status", "!=", "cancelled")
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirst();
  return kurus(toCount(row?.total));
}

async function countCars(db: Kysely<Database>, filter: { status?: "active"; from?: string; to?: string } = {}) {
  let q = db.selectFrom("cars").select((eb) => eb.fn.countAll().as("n"));
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.from) q = q.where("created_at", ">=", filter.from);
  if (filter.to) q = q.where("created_at", "<", filter.to);
  return toCount((await q.executeTakeFirst())?.n);
}

export async function getDashboardStats(db: Kysely<Database>, now = new Date()): Promise<DashboardStats> {
  const { previousMonthStart: prev, thisMonthStart: cur, nextMonthStart: next } = monthWindow(now);
  const active: BookingStatus[] = ["pending", "confirmed"];
  const occupancyFrom = new Date(now.getTime() - OCCUPANCY_DAYS * 24 * 3600_000).toISOString();
  const [
    byStatus,
    bookingsThis,
    bookingsPrev,
    activeThis,
    activePrev,
    revenueThis,
    revenuePrev,
    activeCars,
    carsThis,
    carsPrev,
    usedCars,
  ] = await Promise.all([
    countsByStatus(db),
    countBookings(db, { from: cur, to: next }),
    countBookings(db, { from: prev, to: cur }),
    countBookings(db, { statuses: active, from: cur, to: next }),
    countBookings(db, { statuses: active, from: prev, to: cur }),
    revenueKurus(db, cur, next),
    revenueKurus(db, prev, cur),
    countCars(db, { status: "active" }),
    countCars(db, { from: cur, to: next }),
    countCars(db, { from: prev, to: cur }),
    db
      .selectFrom("bookings")
      .innerJoin("cars", "cars.id", "bookings.car_id")
      .select(sql<string | number>`count(distinct bookings.car_id)`.as("n"))
      .where("bookings.status", "!=", "cancelled")
      .where("cars.status", "=", "active")
      .where("bookings.pickup_date", ">=", occupancyFrom)
      .where("bookings.pickup_date", "<=", now.toISOString())
      .executeTakeFirst(),
  ]);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const { cancelled, completed } = byStatus;
  const activeNow = active.reduce((sum, status) => sum + byStatus[status], 0);
  return {
    totalBookings: total,
    totalCars: activeCars,
    activeBookings: activeNow,
    monthlyRevenue: kurusToLira(revenueThis),
    bookingCompletionRate: rate(completed, total - cancelled),
    carOccupancyRate: rate(toCount(usedCars?.n), activeCars),
    cancellationRate: rate(cancelled, total),
    changes: {
      totalBookings: percentChange(bookingsThis, bookingsPrev),
      totalCars: percentChange(carsThis, carsPrev),
      activeBookings: percentChange(activeThis, activePrev),
      monthlyRevenue: percentChange(revenueThis, revenuePrev),
    },
  };
}

export async function getRecentBookings(db: Kysely<Database>, limit = RECENT_BOOKINGS): Promise<RecentBooking[]> {
  const rows = await db
    .selectFrom("bookings")
    .leftJoin("cars", "cars.id", "bookings.car_id")
    .select([
      "bookings.id",
      "bookings.reference",
      "bookings.full_name",
      "bookings.email",
      "bookings.pickup_date",
      "bookings.car_name",
      "cars.name as current_car_name",
      "bookings.status",
      "bookings.total_price",
    ])
    .orderBy("bookings.created_at", "desc")
    .orderBy("bookings.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    fullName: r.full_name,
    email: r.email,
    pickupDate: r.pickup_date,
    carName: r.current_car_name ?? r.car_name,
    status: r.status,
    totalPrice: kurusToLira(r.total_price),
  }));
}

/** The cars with the most bookings (cancelled ones not counted); ties by name. Read from the kept counts (migration 0060). */
export async function getPopularCars(db: Kysely<Database>, limit = POPULAR_CARS): Promise<PopularCar[]> {
  const rows = await db
    .selectFrom("booking_counts")
    .innerJoin("cars", "cars.id", "booking_counts.car_id")
    .select(["cars.id", "cars.name", "cars.category", "cars.status", (eb) => eb.fn.sum<string | number>("booking_counts.n").as("n")])
    .where("booking_counts.status", "!=", "cancelled")
    .groupBy(["cars.id", "cars.name", "cars.category", "cars.status"])
    .having((eb) => eb.fn.sum("booking_counts.n"), ">", 0)
    .orderBy("n", "desc")
    .orderBy("cars.name")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category, status: r.status, bookingsCount: toCount(r.n) }));
}

export async function getDashboard(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  const [stats, recentBookings, popularCars] = await Promise.all([getDashboardStats(db, now), getRecentBookings(db), getPopularCars(db)]);
  return { stats, recentBookings, popularCars };
}
