/**
 * The one capacity rule (site, API, admin edit, quotes, assignment): at least one passenger and at
 * most MAX_PASSENGERS, no more than the car seats, no more luggage than it carries. Luggage is
 * suitcases plus the special kinds (prams, wheelchairs, golf bags, skis, bicycles, issue 32), each
 * kind taking a number of suitcase places (LUGGAGE_PLACES): a car fits when suitcases + the kinds'
 * places ≤ its `luggage`. Pure, without zod, so the home page's form can read the bounds.
 */
import { problem, type FieldProblems } from "~/i18n/problem";

/**
 * The most passengers anyone can book or enter (the spec's search offered 1 to 12; issue 32: a
 * group larger than any car books several, rules/groups.ts). Children count as passengers.
 */
export const MAX_PASSENGERS = 40;
/** The most pieces of luggage anyone can enter. */
export const MAX_LUGGAGE = 40;

/** The special luggage kinds, in the order they are shown; their names are the URL's and the API's keys (`prams=1`). */
export const LUGGAGE_KINDS = ["prams", "wheelchairs", "golfBags", "skis", "bicycles"] as const;
export type LuggageKind = (typeof LUGGAGE_KINDS)[number];
/** How many of each kind a party brings; a kind left out is none. Stored as JSON (`bookings.luggage_items`). */
export type LuggageItems = Partial<Record<LuggageKind, number>>;

/** How many suitcase places one piece of each kind takes in a car's boot. */
export const LUGGAGE_PLACES: Readonly<Record<LuggageKind, number>> = { prams: 1, wheelchairs: 2, golfBags: 2, skis: 2, bicycles: 3 };
/** The most pieces of one kind anyone can enter. */
export const MAX_LUGGAGE_ITEM = 6;

/** What a party needs of a car: its passengers, its suitcases (null: not said) and its special luggage. */
export interface CapacityNeeds {
  passengers: number;
  luggage: number | null;
  luggageItems?: LuggageItems | null;
}

export const passengersInRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_PASSENGERS;
export const luggageItemInRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_LUGGAGE_ITEM;

export interface Seating {
  seats: number;
  luggage: number;
}

/** The kinds a party brings, in LUGGAGE_KINDS order, with their counts (none left out: []). */
export function luggageItemList(items: LuggageItems | null | undefined): Array<{ kind: LuggageKind; count: number }> {
  if (!items) return [];
  return LUGGAGE_KINDS.flatMap((kind) => {
    const count = items[kind];
    return typeof count === "number" && count > 0 ? [{ kind, count }] : [];
  });
}

/** The items with only the kinds brought (whole counts above zero), or null when none: how a booking stores them. */
export function normaliseLuggageItems(items: LuggageItems | null | undefined): LuggageItems | null {
  const list = luggageItemList(items);
  return list.length === 0 ? null : Object.fromEntries(list.map(({ kind, count }) => [kind, count]));
}

/** Items read from stored JSON or a client: known kinds with whole counts in range, others left out. */
export function readLuggageItems(value: unknown): LuggageItems | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const given = value as Record<string, unknown>;
  const out: LuggageItems = {};
  for (const kind of LUGGAGE_KINDS) {
    const n = given[kind];
    if (typeof n === "number" && luggageItemInRange(n) && n > 0) out[kind] = n;
  }
  return normaliseLuggageItems(out);
}

/** A booking's stored special luggage (`bookings.luggage_items`), read defensively; null: none. */
export function storedLuggageItems(text: string | null | undefined): LuggageItems | null {
  if (!text) return null;
  try {
    return readLuggageItems(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The suitcase places the special luggage takes. */
export const itemPlaces = (items: LuggageItems | null | undefined): number => luggageItemList(items).reduce((sum, { kind, count }) => sum + count * LUGGAGE_PLACES[kind], 0);

/** The suitcase places a party's luggage takes: its suitcases (none when not said) and its special luggage. */
export const luggagePlaces = (needs: Pick<CapacityNeeds, "luggage" | "luggageItems">): number => (needs.luggage ?? 0) + itemPlaces(needs.luggageItems);

/**
 * The party's luggage as suitcase places, for splitting it over several cars (rules/groups.ts): the
 * suitcases and the special kinds' places; null when neither was said.
 */
export const luggageAsPlaces = (needs: Pick<CapacityNeeds, "luggage" | "luggageItems">): number | null => (itemPlaces(needs.luggageItems) > 0 ? luggagePlaces(needs) : needs.luggage);

/**
 * What keeps this party out of this car, by field (`passengers`, `luggage`, and a special kind's
 * own name when its count is out of range); none when they fit. Without a car only the global
 * bounds are checked. Suitcases not said and no special luggage: any boot fits.
 */
export function capacityProblems(needs: CapacityNeeds, car: Seating | null): FieldProblems {
  const fields: FieldProblems = {};
  if (!passengersInRange(needs.passengers)) fields.passengers = [problem("booking:errors.passengers", { max: MAX_PASSENGERS })];
  else if (car && car.seats < needs.passengers) fields.passengers = [problem("booking:errors.tooManyPassengers", { seats: car.seats })];
  let itemsInRange = true;
  for (const kind of LUGGAGE_KINDS) {
    const n = needs.luggageItems?.[kind];
    if (n !== undefined && !luggageItemInRange(n)) {
      fields[kind] = [problem("booking:errors.luggageItem", { max: MAX_LUGGAGE_ITEM })];
      itemsInRange = false;
    }
  }
  if (!car || !itemsInRange) return fields;
  const special = itemPlaces(needs.luggageItems);
  if (special === 0) {
    if (needs.luggage !== null && needs.luggage > car.luggage) fields.luggage = [problem("booking:errors.tooMuchLuggage", { luggage: car.luggage })];
  } else if (luggagePlaces(needs) > car.luggage) {
    fields.luggage = [problem("booking:errors.tooMuchSpecialLuggage", { luggage: car.luggage, places: luggagePlaces(needs) })];
  }
  return fields;
}
