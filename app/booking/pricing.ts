/**
 * The one price function (spec §9), used by the results page, the quote API, the confirmation
 * and the back office: rate = the car's price per km, else its price per day used as a per-km
 * rate, else 22 TL; × the total kilometres (both legs for a round trip); at least 100 TL.
 * All money is integer kuruş; a rate of 0 or less counts as missing, as in the original site.
 */

/** 22 TL per km when the car has no rate (spec §9). */
export const DEFAULT_RATE_KURUS = 2200;
/** Nobody is driven for less than 100 TL (spec §9). */
export const MINIMUM_PRICE_KURUS = 10_000;

export interface CarRates {
  /** kuruş per km */
  price_per_km: number | null | undefined;
  /** kuruş per day, read as a per-km rate when there is no per-km rate */
  price_per_day: number | null | undefined;
}

export type RateSource = "per_km" | "per_day" | "default";

export interface PriceBreakdown {
  /** kilometres priced, outbound plus return, to one decimal */
  distanceKm: number;
  outboundKm: number;
  returnKm: number | null;
  /** kuruş per km applied */
  ratePerKm: number;
  rateSource: RateSource;
  /** distance × rate, kuruş */
  subtotal: number;
  /** kuruş */
  minimum: number;
  minimumApplied: boolean;
  /** what the visitor pays, kuruş */
  total: number;
}

const usable = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;

/** Kilometres to one decimal, as shown under a route; negative or non-numbers count as 0. */
export function roundKm(km: number): number {
  return Number.isFinite(km) && km > 0 ? Math.round(km * 10) / 10 : 0;
}

export function rateFor(car: CarRates): { ratePerKm: number; rateSource: RateSource } {
  if (usable(car.price_per_km)) return { ratePerKm: Math.round(car.price_per_km), rateSource: "per_km" };
  if (usable(car.price_per_day)) return { ratePerKm: Math.round(car.price_per_day), rateSource: "per_day" };
  return { ratePerKm: DEFAULT_RATE_KURUS, rateSource: "default" };
}

/** Prices a trip for a car. `returnKm` is the return leg's distance for a round trip, else null. */
export function quoteForCar(car: CarRates, outboundKm: number, returnKm: number | null = null): PriceBreakdown {
  const outbound = roundKm(outboundKm);
  const back = returnKm === null ? null : roundKm(returnKm);
  const distanceKm = roundKm(outbound + (back ?? 0));
  const { ratePerKm, rateSource } = rateFor(car);
  const subtotal = Math.round(distanceKm * ratePerKm);
  const minimumApplied = subtotal < MINIMUM_PRICE_KURUS;
  return {
    distanceKm,
    outboundKm: outbound,
    returnKm: back,
    ratePerKm,
    rateSource,
    subtotal,
    minimum: MINIMUM_PRICE_KURUS,
    minimumApplied,
    total: minimumApplied ? MINIMUM_PRICE_KURUS : subtotal,
  };
}
