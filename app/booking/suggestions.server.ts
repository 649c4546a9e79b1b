/**
 * Who and what can take a leg (issue 34): the cars and drivers the board suggests, best first, each
 * free by the very rules that would refuse it (availability.ts through `conflictsFor`, the
 * capacity rule, the driver's duty and rest, expired documents: `assignLeg` checks the same), and
 * the others with the reason they are left out. A handful of queries however many cars and
 * drivers: every candidate's legs near the leg and its day are read at once.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { businessDay, conflictsFor, FIRST_UNIT, occupiesCar, type Conflict, type LegName, type Span } from "./rules/availability";
import { toBusinessParts } from "./rules/datetime";
import { capacityProblems, storedLuggageItems } from "./rules/capacity";
import { firstCarShare } from "./rules/groups";
import { rankCars, rankDrivers, type CarCandidate, type DriverCandidate } from "./rules/suggest";
import { carOfLeg, driverLegsNear, legsNear, readBufferMinutes } from "./availability.server";
import { legSpan } from "./assignments.server";
import { dutyIssues, type DutyIssue } from "./duty.server";
import { assignedLegsOf, bookingRowById } from "./store/reads.server";
import { carsOfBookings } from "./store/cars.server";

/** Why a candidate is left out: busy (the legs named), in maintenance or switched off, too small, off duty or an expired document. */
export type LeftOut =
  | { reason: "busy"; conflicts: Conflict[] }
  | { reason: "unavailable"; conflicts: Conflict[] }
  | { reason: "too_small" }
  | { reason: "duty"; issues: DutyIssue[] };

export interface SuggestedCar extends CarCandidate {
  plate: string | null;
}

export interface LegSuggestions {
  bookingId: string;
  leg: LegName;
  unit: number;
  span: Span;
  cars: SuggestedCar[];
  drivers: DriverCandidate[];
  carsLeftOut: Array<{ id: string; name: string; plate: string | null; why: LeftOut }>;
  driversLeftOut: Array<{ id: string; name: string; why: LeftOut }>;
}

const MINUTE = 60_000;
const time = (instant: string) => Date.parse(instant);

/** Minutes from the end (plus buffer) of the latest of `legs` ending before `start`; null when none does. */
function idleBefore(legs: readonly Span[], start: string, buffer: number): number | null {
  let best: number | null = null;
  for (const leg of legs) {
    const free = time(leg.end) + buffer * MINUTE;
    if (free > time(start)) continue;
    const gap = Math.round((time(start) - free) / MINUTE);
    if (best === null || gap < best) best = gap;
  }
  return best;
}

const leftOutOf = (conflicts: Conflict[]): LeftOut =>
  conflicts.some((c) => c.kind === "booking") ? { reason: "busy", conflicts } : { reason: "unavailable", conflicts };

/**
 * The suggestions for one leg of one car of a booking; null when the booking or leg does not exist.
 * Closed bookings are not asked about (the board offers no form for them).
 */
export async function suggestForLeg(db: Kysely<Database>, bookingId: string, leg: LegName, unit = FIRST_UNIT): Promise<LegSuggestions | null> {
  const booking = await bookingRowById(db, bookingId);
  if (!booking) return null;
  const span = legSpan(booking, leg);
  if (!span) return null;
  const further = await carsOfBookings(db, [bookingId]);
  const mine = unit === FIRST_UNIT ? null : further.find((c) => c.unit === unit);
  if (unit !== FIRST_UNIT && !mine) return null;
  const [buffer, cars, drivers, assigned] = await Promise.all([
    readBufferMinutes(db),
    db.selectFrom("cars").select(["id", "name", "status", "maintenance_from", "maintenance_to", "plate_number", "category", "seats", "luggage"]).where("status", "in", ["active", "maintenance"]).execute(),
    db.selectFrom("drivers").select(["id", "name", "active"]).where("active", "=", 1).execute(),
    assignedLegsOf(db, [bookingId]),
  ]);
  // the party (or the further car's share of it) the car must seat, by the capacity rule
  const needs = mine
    ? { passengers: mine.passengers, luggage: mine.luggage, luggageItems: null }
    : firstCarShare({ passengers: booking.passengers, luggage: booking.luggage, luggageItems: storedLuggageItems(booking.luggage_items) }, further);
  const currentCar = mine ? mine.car_id : carOfLeg(booking, leg);
  const currentDriver = assigned.find((a) => a.leg === leg && a.unit === unit)?.driver_id ?? null;
  const otherLegDriver = assigned.find((a) => a.unit === unit && a.leg !== leg)?.driver_id ?? null;
  const bookedCategory = cars.find((c) => c.id === booking.car_id)?.category ?? null;
  // every candidate's legs near the leg and on its day, read at once
  const day = businessDay(toBusinessParts(span.start).date) ?? span;
  const spans = [span, day];
  const [carLegs, driverLegs] = await Promise.all([
    legsNear(db, cars.map((c) => c.id), spans, buffer, bookingId),
    driverLegsNear(db, drivers.map((d) => d.id), spans, buffer, { bookingId, leg, unit }),
  ]);
  const onDay = (l: Span) => time(l.start) < time(day.end) && time(l.end) > time(day.start);

  const out: LegSuggestions = { bookingId, leg, unit, span, cars: [], drivers: [], carsLeftOut: [], driversLeftOut: [] };
  for (const car of cars) {
    const legs = carLegs.filter((l) => l.carId === car.id);
    const conflicts = conflictsFor(car, [span], legs, buffer);
    const fit = capacityProblems(needs, car);
    if (fit.passengers || fit.luggage || Object.keys(fit).length > 0) {
      out.carsLeftOut.push({ id: car.id, name: car.name, plate: car.plate_number, why: { reason: "too_small" } });
    } else if (conflicts.length > 0) {
      out.carsLeftOut.push({ id: car.id, name: car.name, plate: car.plate_number, why: leftOutOf(conflicts) });
    } else {
      out.cars.push({
        id: car.id,
        name: car.name,
        plate: car.plate_number,
        category: car.category,
        seats: car.seats,
        idleBefore: idleBefore(legs.filter((l) => occupiesCar(l.status) && onDay(l)), span.start, buffer),
        current: car.id === currentCar,
      });
    }
  }
  for (const driver of drivers) {
    const legs = driverLegs.filter((l) => l.driverId === driver.id);
    const conflicts = conflictsFor({ status: "active", maintenance_from: null, maintenance_to: null }, [span], legs, buffer);
    if (conflicts.length > 0) {
      out.driversLeftOut.push({ id: driver.id, name: driver.name, why: leftOutOf(conflicts) });
      continue;
    }
    const today = legs.filter((l) => occupiesCar(l.status) && onDay(l));
    out.drivers.push({
      id: driver.id,
      name: driver.name,
      legsToday: today.length,
      idleBefore: idleBefore(today, span.start, buffer),
      current: driver.id === currentDriver,
      sameBooking: driver.id === otherLegDriver,
    });
  }
  // the drivers' hours, leave and rest, and expired documents: what the assignment would refuse without a reason
  const duty = await dutyIssues(db, { driverIds: out.drivers.map((d) => d.id), carIds: out.cars.map((c) => c.id) }, span, { bookingId, leg, unit });
  out.carsLeftOut.push(...out.cars.filter((c) => duty.cars.has(c.id)).map((c) => ({ id: c.id, name: c.name, plate: c.plate, why: { reason: "duty" as const, issues: duty.cars.get(c.id)! } })));
  out.driversLeftOut.push(...out.drivers.filter((d) => duty.drivers.has(d.id)).map((d) => ({ id: d.id, name: d.name, why: { reason: "duty" as const, issues: duty.drivers.get(d.id)! } })));
  out.cars = rankCars(out.cars.filter((c) => !duty.cars.has(c.id)), bookedCategory);
  out.drivers = rankDrivers(out.drivers.filter((d) => !duty.drivers.has(d.id)));
  return out;
}
