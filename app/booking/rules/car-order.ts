/**
 * The order a visitor sees the fitting cars in (results page, quotes API): the car that best fits
 * the party first, then the cheaper, then the more premium where the price is equal. "Best fits"
 * is the smallest car that carries them comfortably: a car whose boot takes a bag a passenger
 * when the visitor gave no luggage (the capacity rule lets it through, but it is tight) comes
 * after the cars that take it, and among comfortable cars the fewer seats the better (two
 * travellers are not offered the 16-seat minibus first). Pure and browser-safe.
 */
import type { CarCategory } from "~/fleet/car";

/** The categories from the most premium down (DESIGN.md §7's list); a category not listed comes last. */
export const PREMIUM_ORDER: readonly CarCategory[] = ["Ultra Luxury", "VIP", "Luxury", "Sports", "SUV", "Minivan", "Minibüs", "Sedan", "Hatchback"];

const fold = (s: string) => s.normalize("NFC").trim().toLowerCase();
const RANK = new Map<string, number>(PREMIUM_ORDER.map((category, index) => [fold(category), index]));

/** 0 for the most premium category, higher down the list; an unknown category after all of them. */
export const premiumRank = (category: string): number => RANK.get(fold(category)) ?? PREMIUM_ORDER.length;

export interface OrderedCar {
  seats: number;
  luggage: number;
  category: string;
  /** the trip's total price in this car (kuruş) */
  total: number;
}

export interface Party {
  passengers: number;
  /** pieces of luggage; null when the visitor did not say */
  luggage: number | null;
}

/** A car is tight when the visitor gave no luggage and it cannot take a bag for each passenger. */
const isTight = (car: OrderedCar, party: Party) => party.luggage === null && car.luggage < party.passengers;

/** Compares two fitting cars for a party: negative when `a` is shown first. */
export function compareCarsForParty(a: OrderedCar, b: OrderedCar, party: Party): number {
  return (
    Number(isTight(a, party)) - Number(isTight(b, party)) ||
    a.seats - b.seats ||
    a.total - b.total ||
    premiumRank(a.category) - premiumRank(b.category)
  );
}
