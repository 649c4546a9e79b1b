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
 * - channels: bookings created this month by where they came from (site, API, phone, WhatsApp, e-mail, desk, partner).
 * - byPartner: bookings created this month, not cancelled, per partner: count, guest price, commission; "direct" the rest.
 * Months are calendar months in Europe/Istanbul.
 */
import type { Kysely } from "kysely";
import { loadDispatchDay, activeCarsBookedBetween, countBookingsByChannel, countBookingsByStatus, countOpenQuoteRequests, countBookingsCreated, popularCarRows, recentBookingRows, revenueCreatedBetween } from "~/booking/index.server";
import { toCount } from "~/server/db/convert";
import type { BookingChannel, BookingStatus, Database } from "~/server/db/schema";
import { kurusToLira } from "~/utils/money";
import { monthWindow, percentChange, rate } from "./stats";
import { boardDay, summarizeDay, type DaySummary } from "~/booking/rules/dispatch";
import { toBusinessParts } from "~/booking/rules/datetime";
import { addDays } from "~/booking/rules/worklist";
import { figuresByPartner, type FiguresByPartner } from "~/partners/partner-figures.server";

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

/** The day first (issue 29): today's and tomorrow's legs and what still needs the office. */
export interface Operations {
  today: { date: string } & DaySummary;
  tomorrow: { date: string } & DaySummary;
  /** bookings awaiting the office's confirmation */
  pending: number;
  /** quote requests awaiting the office's offer */
  openQuotes: number;
}

export interface Dashboard {
  operations: Operations;
  stats: DashboardStats;
  /** bookings created this month by channel, every channel named */
  channels: Record<BookingChannel, number>;
  /** bookings created this month (not cancelled) by partner, and the direct ones (issue 33) */
  byPartner: FiguresByPartner;
  recentBookings: RecentBooking[];
  popularCars: PopularCar[];
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
    countBookingsByStatus(db),
    countBookingsCreated(db, { from: cur, to: next }),
    countBookingsCreated(db, { from: prev, to: cur }),
    countBookingsCreated(db, { statuses: active, from: cur, to: next }),
    countBookingsCreated(db, { statuses: active, from: prev, to: cur }),
    revenueCreatedBetween(db, cur, next),
    revenueCreatedBetween(db, prev, cur),
    countCars(db, { status: "active" }),
    countCars(db, { from: cur, to: next }),
    countCars(db, { from: prev, to: cur }),
    activeCarsBookedBetween(db, occupancyFrom, now.toISOString()),
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
    carOccupancyRate: rate(usedCars, activeCars),
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
  const rows = await recentBookingRows(db, limit);
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

/** The cars with the most bookings (cancelled ones not counted); ties by name. */
export async function getPopularCars(db: Kysely<Database>, limit = POPULAR_CARS): Promise<PopularCar[]> {
  const rows = await popularCarRows(db, limit);
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category, status: r.status, bookingsCount: toCount(r.n) }));
}

/** Today's and tomorrow's legs from the dispatch board's own reading (Istanbul days), and the bookings awaiting confirmation. */
export async function getOperations(db: Kysely<Database>, now = new Date()): Promise<Operations> {
  const today = toBusinessParts(now).date;
  const tomorrow = addDays(today, 1);
  const summary = async (date: string) => {
    const day = boardDay(date)!;
    return { date, ...summarizeDay((await loadDispatchDay(db, day)).lanes, day, now) };
  };
  const [a, b, byStatus, openQuotes] = await Promise.all([summary(today), summary(tomorrow), countBookingsByStatus(db), countOpenQuoteRequests(db)]);
  return { today: a, tomorrow: b, pending: byStatus.pending, openQuotes };
}

export async function getDashboard(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  const { thisMonthStart, nextMonthStart } = monthWindow(now);
  const [operations, stats, recentBookings, popularCars, channels, byPartner] = await Promise.all([
    getOperations(db, now),
    getDashboardStats(db, now),
    getRecentBookings(db),
    getPopularCars(db),
    countBookingsByChannel(db, thisMonthStart, nextMonthStart),
    figuresByPartner(db, thisMonthStart, nextMonthStart),
  ]);
  return { operations, stats, recentBookings, popularCars, channels, byPartner };
}
