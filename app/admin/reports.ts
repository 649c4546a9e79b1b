/**
 * The month in numbers (issue 34, /admin/reports), pure: the store's grouped rows
 * (app/booking/store/reports.server.ts) turned into the report's tables. The formulas, also
 * stated on the page:
 * - every figure takes the bookings picked up in the period (Istanbul days), like the partners'
 *   statements;
 * - booked: the price of the bookings not cancelled; completed: of the completed ones; paid: the
 *   ledger's net (payments less refunds) of the period's bookings, whatever their status (a
 *   cancelled booking's kept payment counts);
 * - a booking's price goes to its cars: each further car of a party its part, the booking's own
 *   car the rest; what was paid is split in the same proportion; a driver's legs take their car's
 *   part, a round trip's leg half of it (and half of its kilometres);
 * - trips: legs (a round trip is two); occupancy: the hours on the road (the route's duration, or
 *   the hours hired) ÷ the period's hours (24 a day) — a car's whole trip counts for its booked
 *   car, also when the office gave its return leg another car;
 * - cancellations: the cancelled bookings, lost revenue their price; no-shows: the legs the driver
 *   closed as a no-show, lost revenue their part of the price when the booking never completed;
 * - a driver's payout follows their rule (app/drivers/payout.ts) on the legs of the bookings not
 *   cancelled (a no-show leg counts: the driver went).
 * Money is kuruş of the shop's currency (the lira), rounded once per line.
 */
import type { BookingChannel, BookingStatus, TripType } from "~/server/db/schema";
import type { BookingGroupRow, DriverLegRow, FurtherCarRow } from "~/booking/index.server";
import { payoutFor, type DriverPayout } from "~/drivers/payout";
import { kurus, type Kurus } from "~/utils/money";
import type { ReportPeriod } from "./reports-period";

export interface Revenue {
  /** bookings not cancelled (a car's: the bookings it carried) */
  bookings: number;
  booked: Kurus;
  completed: Kurus;
  paid: Kurus;
}

export interface CarLine extends Revenue {
  key: string;
  name: string;
  plate: string | null;
  category: string;
  trips: number;
  km: number;
  /** hours on the road */
  hours: number;
  /** percent, one decimal */
  occupancy: number;
}

export interface DriverLine extends Revenue {
  key: string;
  name: string;
  legs: number;
  km: number;
  noShows: number;
  payout: DriverPayout | null;
  /** what the rule gives for the period */
  earned: Kurus;
}

export interface NamedLine extends Revenue {
  /** a category, a channel or a partner's id; "" for none (the direct bookings, a car without a category) */
  key: string;
  name: string;
}

export interface Report {
  period: ReportPeriod;
  totals: Revenue & {
    cancelled: { bookings: number; lost: Kurus };
    noShows: { legs: number; lost: Kurus };
    trips: number;
    km: number;
    payouts: Kurus;
  };
  cars: CarLine[];
  drivers: DriverLine[];
  categories: NamedLine[];
  channels: Array<NamedLine & { key: BookingChannel }>;
  partners: NamedLine[];
}

export interface ReportNames {
  cars: ReadonlyMap<string, { name: string; plate: string | null; category: string }>;
  drivers: ReadonlyMap<string, { name: string; payout: DriverPayout | null }>;
  partners: ReadonlyMap<string, { name: string }>;
}

export interface ReportRows {
  bookings: BookingGroupRow[];
  further: FurtherCarRow[];
  legs: DriverLegRow[];
}

interface Sum {
  bookings: number;
  booked: number;
  completed: number;
  paid: number;
}
const zero = (): Sum => ({ bookings: 0, booked: 0, completed: 0, paid: 0 });
const legsOf = (t: TripType) => (t === "roundTrip" ? 2 : 1);
const counts = (s: BookingStatus) => s !== "cancelled";

/** Adds (sign 1) or takes away (−1) a part of the price to a line. */
function add(sum: Sum, status: BookingStatus, bookings: number, price: number, paid: number, sign = 1) {
  if (counts(status)) {
    sum.bookings += sign * bookings;
    sum.booked += sign * price;
  }
  if (status === "completed") sum.completed += sign * price;
  sum.paid += sign * paid;
}

const revenue = (s: Sum): Revenue => ({ bookings: s.bookings, booked: kurus(s.booked), completed: kurus(s.completed), paid: kurus(s.paid) });
const byBooked = <T extends Revenue & { name: string }>(a: T, b: T) => b.booked - a.booked || a.name.localeCompare(b.name, "tr");

function bucket<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (!found) map.set(key, (found = make()));
  return found;
}

function carLines(rows: ReportRows, names: ReportNames, period: ReportPeriod): CarLine[] {
  const cars = new Map<string, Sum & { trips: number; km: number; seconds: number }>();
  const line = (id: string | null) => bucket(cars, id ?? "", () => ({ ...zero(), trips: 0, km: 0, seconds: 0 }));
  for (const r of rows.bookings) {
    const car = line(r.carId);
    add(car, r.status, r.bookings, r.price, r.paid);
    if (counts(r.status)) {
      car.trips += r.bookings * legsOf(r.tripType);
      car.km += r.km;
      car.seconds += r.seconds;
    }
  }
  for (const r of rows.further) {
    // the further car's part leaves the booking's own car (its bookings stay counted there)
    add(line(r.ownCarId), r.status, 0, r.price, r.paid, -1);
    const car = line(r.carId);
    add(car, r.status, r.units, r.price, r.paid);
    if (counts(r.status)) {
      car.trips += r.units * legsOf(r.tripType);
      car.km += r.km;
      car.seconds += r.seconds;
    }
  }
  return [...cars].map(([key, s]) => {
    const known = names.cars.get(key);
    const hours = s.seconds / 3600;
    return {
      key,
      name: known?.name ?? "",
      plate: known?.plate ?? null,
      category: known?.category ?? "",
      ...revenue(s),
      trips: s.trips,
      km: Math.round(s.km * 10) / 10,
      hours: Math.round(hours * 10) / 10,
      occupancy: period.hours > 0 ? Math.round((hours / period.hours) * 1000) / 10 : 0,
    };
  }).sort(byBooked);
}

function driverLines(rows: ReportRows, names: ReportNames): DriverLine[] {
  const drivers = new Map<string, Sum & { legs: number; km: number; noShows: number }>();
  for (const r of rows.legs) {
    if (!counts(r.status)) continue;
    const d = bucket(drivers, r.driverId, () => ({ ...zero(), legs: 0, km: 0, noShows: 0 }));
    const share = legsOf(r.tripType);
    add(d, r.status, r.legs, r.unitPrice / share, r.unitPaid / share);
    d.legs += r.legs;
    d.km += r.km / share;
    if (r.noShow) d.noShows += r.legs;
  }
  return [...drivers].map(([key, s]) => {
    const known = names.drivers.get(key);
    const money = revenue(s);
    const payout = known?.payout ?? null;
    return { key, name: known?.name ?? "", ...money, bookings: s.legs, legs: s.legs, km: Math.round(s.km * 10) / 10, noShows: s.noShows, payout, earned: payoutFor(payout, { count: s.legs, km: s.km, price: kurus(s.booked) }) };
  }).sort(byBooked);
}

function grouped(rows: BookingGroupRow[], keyOf: (r: BookingGroupRow) => string): Map<string, Sum> {
  const map = new Map<string, Sum>();
  for (const r of rows) add(bucket(map, keyOf(r), zero), r.status, r.bookings, r.price, r.paid);
  return map;
}

export function buildReport(period: ReportPeriod, rows: ReportRows, names: ReportNames, channelOrder: readonly BookingChannel[]): Report {
  const cars = carLines(rows, names, period);
  const drivers = driverLines(rows, names);
  const categories = new Map<string, Sum>();
  for (const c of cars) {
    const s = bucket(categories, c.category, zero);
    s.bookings += c.bookings;
    s.booked += c.booked;
    s.completed += c.completed;
    s.paid += c.paid;
  }
  const channels = grouped(rows.bookings, (r) => r.channel);
  const partners = grouped(rows.bookings, (r) => r.partnerId ?? "");
  const all = grouped(rows.bookings, () => "all").get("all") ?? zero();
  const cancelled = rows.bookings.filter((r) => r.status === "cancelled");
  const noShows = rows.legs.filter((r) => r.noShow && counts(r.status));
  return {
    period,
    totals: {
      ...revenue(all),
      cancelled: { bookings: cancelled.reduce((n, r) => n + r.bookings, 0), lost: kurus(cancelled.reduce((n, r) => n + r.price, 0)) },
      noShows: {
        legs: noShows.reduce((n, r) => n + r.legs, 0),
        lost: kurus(noShows.filter((r) => r.status !== "completed").reduce((n, r) => n + r.unitPrice / legsOf(r.tripType), 0)),
      },
      trips: cars.reduce((n, c) => n + c.trips, 0),
      km: Math.round(cars.reduce((n, c) => n + c.km, 0) * 10) / 10,
      payouts: kurus(drivers.reduce((n, d) => n + d.earned, 0)),
    },
    cars,
    drivers,
    categories: [...categories].map(([key, s]) => ({ key, name: key, ...revenue(s) })).sort(byBooked),
    channels: channelOrder.filter((c) => channels.has(c)).map((key) => ({ key, name: key, ...revenue(channels.get(key)!) })),
    partners: [...partners].map(([key, s]) => ({ key, name: key ? (names.partners.get(key)?.name ?? "") : "", ...revenue(s) })).sort((a, b) => (a.key === "" ? 1 : b.key === "" ? -1 : byBooked(a, b))),
  };
}
