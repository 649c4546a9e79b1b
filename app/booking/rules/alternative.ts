/**
 * The car offered when the chosen one was taken between the results and the booking (issue 32):
 * the cheapest car free at those times, of the same class or a higher one, that fits the party
 * (the quotes given are the fitting ones). Pure and browser-safe.
 */
import { premiumRank } from "./car-order";

/** A category's class, from the everyday car up (car-order.ts's premium order read upwards): a car of a higher class is an upgrade. */
export const classRank = (category: string): number => -premiumRank(category);

interface Offer {
  car: { id: string; category: string };
  price: { total: number };
  unavailable: string | null;
}

/** The alternative to `taken` among `quotes`: free, not the taken car, its class or higher, the cheapest (the higher class where equal). */
export function alternativeTo<Q extends Offer>(quotes: readonly Q[], taken: { id: string; category: string }): Q | null {
  const floor = classRank(taken.category);
  const candidates = quotes.filter((q) => q.unavailable === null && q.car.id !== taken.id && classRank(q.car.category) >= floor);
  candidates.sort((a, b) => a.price.total - b.price.total || classRank(b.car.category) - classRank(a.car.category));
  return candidates[0] ?? null;
}
