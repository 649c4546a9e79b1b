/**
 * A party too large for one car (issue 32, decision 017): one booking in several cars. Which cars
 * together carry the party, how it is split between them, and the combinations the results page
 * offers. Pure and browser-safe: capacity is the one rule of `capacity.ts`, applied per car.
 */
import { hasProblems } from "~/i18n/problem";
import { kurus } from "~/utils/money";
import { capacityProblems, luggageAsPlaces, type LuggageItems } from "./capacity";
import type { PriceBreakdown } from "./pricing";

/** What a party needs: its people and its luggage (suitcase places), as the capacity rule reads them. */
export interface PartyNeeds {
  passengers: number;
  luggage: number | null;
}

/** A car's room, as the capacity rule reads it. */
export interface CarRoom {
  seats: number;
  luggage: number;
}

/** How many of the party (and their luggage) ride in each car, in the cars' order. */
export type PartySplit = PartyNeeds[];

/** Most cars a booking may take (a coach is a quote for the office). */
export const MAX_GROUP_CARS = 4;

/**
 * The party split over `cars` in their order, each car's share in proportion to its room (seats
 * for people, luggage places for bags), every car with at least one passenger; null when they
 * cannot carry it.
 */
export function splitParty(cars: readonly CarRoom[], needs: PartyNeeds): PartySplit | null {
  if (cars.length === 0) return null;
  const seats = cars.map((c) => c.seats);
  const room = cars.map((c) => c.luggage);
  const people = share(needs.passengers, seats, 1);
  const bags = share(needs.luggage ?? 0, room, 0);
  if (!people || !bags) return null;
  const split = cars.map((_, i) => ({ passengers: people[i]!, luggage: needs.luggage === null ? null : bags[i]! }));
  // each car's share checked by the one capacity rule
  return cars.every((car, i) => !hasProblems(capacityProblems(split[i]!, car))) ? split : null;
}

/**
 * What the booking's own car (unit 1) carries of a party in several cars: the party less its
 * further cars' shares (their luggage is in places, so the party's special luggage is counted as
 * places too). A booking in one car carries its whole party.
 */
export function firstCarShare(
  party: PartyNeeds & { luggageItems: LuggageItems | null },
  further: ReadonlyArray<PartyNeeds>,
): PartyNeeds & { luggageItems: LuggageItems | null } {
  if (further.length === 0) return party;
  const places = luggageAsPlaces(party);
  const taken = (k: keyof PartyNeeds) => further.reduce((sum, u) => sum + (u[k] ?? 0), 0);
  return { passengers: party.passengers - taken("passengers"), luggage: places === null ? null : Math.max(0, places - taken("luggage")), luggageItems: null };
}

/** `total` shared in proportion to `caps` (each at least `least`, none above its cap), or null when it does not fit. */
function share(total: number, caps: readonly number[], least: number): number[] | null {
  const room = caps.reduce((a, b) => a + b, 0);
  if (total > room || total < least * caps.length) return null;
  const out = caps.map((cap) => Math.min(cap, Math.max(least, Math.floor((total * cap) / room))));
  let left = total - out.reduce((a, b) => a + b, 0);
  // what rounding left over goes to the cars with room, the largest first; an excess comes off the smallest
  const order = caps.map((_, i) => i).sort((a, b) => caps[b]! - caps[a]!);
  for (const i of order) {
    const more = Math.max(0, Math.min(left, caps[i]! - out[i]!));
    out[i]! += more;
    left -= more;
  }
  for (const i of [...order].reverse()) {
    const less = Math.max(0, Math.min(-left, out[i]! - least));
    out[i]! -= less;
    left += less;
  }
  return left === 0 ? out : null;
}

interface Priced {
  car: CarRoom & { id: string };
  price: { total: number };
}

export interface Combination<Q extends Priced> {
  quotes: Q[];
  split: PartySplit;
  total: number;
}

/** The combination's id in a URL (`?car=a,b`): its cars' ids in order. */
export const combinationId = (carIds: readonly string[]): string => carIds.join(",");

/**
 * The cheapest combinations of two (or, when no two do, three) different free cars that carry the
 * party, the largest car first, at most `limit`, cheapest first (fewer cars where equal). One car
 * that fits is not a combination: the caller offers combinations only when none does.
 */
export function groupCombinations<Q extends Priced>(quotes: readonly Q[], needs: PartyNeeds, limit = 3): Array<Combination<Q>> {
  const bySize = [...quotes].sort((a, b) => b.car.seats - a.car.seats || b.car.luggage - a.car.luggage || a.price.total - b.price.total);
  const found: Array<Combination<Q>> = [];
  const consider = (cars: Q[]) => {
    const split = splitParty(
      cars.map((q) => q.car),
      needs,
    );
    if (split) found.push({ quotes: cars, split, total: cars.reduce((sum, q) => sum + q.price.total, 0) });
  };
  for (let i = 0; i < bySize.length; i++) for (let j = i + 1; j < bySize.length; j++) consider([bySize[i]!, bySize[j]!]);
  if (found.length === 0)
    for (let i = 0; i < bySize.length; i++) for (let j = i + 1; j < bySize.length; j++) for (let k = j + 1; k < bySize.length; k++) consider([bySize[i]!, bySize[j]!, bySize[k]!]);
  // the same set of cars by another name (two identical vans) is one offer
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.total - b.total || a.quotes.length - b.quotes.length)
    .filter((c) => {
      const key = c.quotes.map((q) => `${q.car.seats}/${q.car.luggage}/${q.price.total}`).join("+");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}

/**
 * One price for the party's cars: the first car's breakdown (with the booking's extras) and one
 * line per further car with its own total, so the lines still add up to the total.
 */
export function groupPrice(first: PriceBreakdown, more: ReadonlyArray<{ unit: number; name: string; price: PriceBreakdown }>): PriceBreakdown {
  if (more.length === 0) return first;
  const lines = [...first.lines, ...more.map((m) => ({ kind: "car" as const, unit: m.unit, name: m.name, amount: m.price.total }))];
  return { ...first, lines, fixedPrice: first.fixedPrice && more.every((m) => m.price.fixedPrice), total: kurus(first.total + more.reduce((sum, m) => sum + m.price.total, 0)) };
}
