/**
 * The one capacity rule (site, API, admin edit, quotes): at least one passenger and at most
 * MAX_PASSENGERS, no more than the car seats, no more luggage than it carries. Pure, without zod,
 * so the home page's form can read the bound.
 */
import { problem, type FieldProblems } from "~/i18n/problem";

/**
 * The most passengers anyone can book or enter (the spec's search offered 1 to 12; issue 32: a
 * group larger than any car books several, rules/groups.ts).
 */
export const MAX_PASSENGERS = 40;
/** The most pieces of luggage anyone can enter. */
export const MAX_LUGGAGE = 40;

export const passengersInRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_PASSENGERS;

export interface Seating {
  seats: number;
  luggage: number;
}

/**
 * What keeps these passengers and bags out of this car, by field (`passengers`, `luggage`); none
 * when they fit. Without a car only the global bounds are checked.
 */
export function capacityProblems(needs: { passengers: number; luggage: number | null }, car: Seating | null): FieldProblems {
  const fields: FieldProblems = {};
  if (!passengersInRange(needs.passengers)) fields.passengers = [problem("booking:errors.passengers", { max: MAX_PASSENGERS })];
  else if (car && car.seats < needs.passengers) fields.passengers = [problem("booking:errors.tooManyPassengers", { seats: car.seats })];
  if (needs.luggage !== null && car && needs.luggage > car.luggage) fields.luggage = [problem("booking:errors.tooMuchLuggage", { luggage: car.luggage })];
  return fields;
}
