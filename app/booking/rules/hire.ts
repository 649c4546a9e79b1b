/**
 * Hourly hire as the visitor chooses it ("Chauffeur by the hour", issue 14): the office's bounds
 * on the hours (settings → pricing), the choices the search form offers and the kilometres the
 * hire includes. Pure, so the search form (browser) and the loaders (server) read the same rule;
 * the price itself is `quoteForCar`'s.
 */
import { TRIP_TYPES, type TripType } from "./search-params";

/** The office's bounds on an hourly hire. */
export interface HireBounds {
  minHours: number;
  maxHours: number;
}

/** What the search form and the results page need of settings.pricing. */
export interface HireTerms extends HireBounds {
  /** kilometres included in each hour of the hire */
  includedKmPerHour: number;
}

export const hireTermsOf = (pricing: {
  hourlyMinHours: number;
  hourlyMaxHours: number;
  includedKmPerHour: number;
}): HireTerms => ({
  minHours: pricing.hourlyMinHours,
  maxHours: pricing.hourlyMaxHours,
  includedKmPerHour: pricing.includedKmPerHour,
});

/**
 * The hours the form's select offers: the office's range, and what the URL asked for when it lies
 * outside it (so a refused choice is kept and shown beside its error, not silently replaced).
 */
export function hourChoices(bounds: HireBounds, asked?: string | null): number[] {
  const choices: number[] = [];
  for (let h = bounds.minHours; h <= bounds.maxHours; h++) choices.push(h);
  const n = Number(asked);
  if (asked && Number.isInteger(n) && n > 0 && !choices.includes(n)) choices.push(n);
  return choices.sort((a, b) => a - b);
}

/** The hours preselected: what was asked (a whole number), else the minimum. */
export function initialHours(bounds: HireBounds, asked?: string | null): string {
  const n = Number(asked);
  return asked && Number.isInteger(n) && n > 0 ? String(n) : String(bounds.minHours);
}

/** The trip type a URL value stands for (one way when absent or unknown). */
export const tripTypeOf = (value: string | null | undefined): TripType =>
  (TRIP_TYPES as readonly string[]).includes(value ?? "") ? (value as TripType) : "oneWay";

/** Kilometres included in a hire of `hours` hours. */
export const includedKm = (hours: number, terms: Pick<HireTerms, "includedKmPerHour">): number =>
  hours * terms.includedKmPerHour;
