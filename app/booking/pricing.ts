/**
 * The one price function (spec §9), used by the results page, the quote API, the confirmation
 * and the back office: rate = the car's price per km, else its price per day used as a per-km
 * rate, else 22 TL; × the total kilometres (both legs for a round trip); at least 100 TL.
 * All money is integer kuruş (`Kurus`), distances `Km`; a rate of 0 or less counts as missing, as in
 * the original site.
 */
import { kurus, type Kurus } from "~/utils/money";
import { addKm, km, type Km } from "./units";

/** 22 TL per km when the car has no rate (spec §9). */
export const DEFAULT_RATE_KURUS = kurus(2200);
/** Nobody is driven for less than 100 TL (spec §9). */
export const MINIMUM_PRICE_KURUS = kurus(10_000);

export interface CarRates {
  /** kuruş per km */
  price_per_km: Kurus | null | undefined;
  /** kuruş per day, read as a per-km rate when there is no per-km rate */
  price_per_day: Kurus | null | undefined;
}

export type RateSource = "per_km" | "per_day" | "default";

export interface PriceBreakdown {
  /** kilometres priced, outbound plus return, to one decimal */
  distanceKm: Km;
  outboundKm: Km;
  returnKm: Km | null;
  /** kuruş per km applied */
  ratePerKm: Kurus;
  rateSource: RateSource;
  /** distance × rate */
  subtotal: Kurus;
  minimum: Kurus;
  minimumApplied: boolean;
  /** what the visitor pays */
  total: Kurus;
}

/** The rates a price is computed from: a car's, or a booking's agreed rate per km when its car is gone. */
export const carRates = (car: { price_per_km: number | null; price_per_day: number | null }): CarRates => ({
  price_per_km: car.price_per_km === null ? null : kurus(car.price_per_km),
  price_per_day: car.price_per_day === null ? null : kurus(car.price_per_day),
});

const usable = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;

export function rateFor(car: CarRates): { ratePerKm: Kurus; rateSource: RateSource } {
  if (usable(car.price_per_km)) return { ratePerKm: kurus(car.price_per_km), rateSource: "per_km" };
  if (usable(car.price_per_day)) return { ratePerKm: kurus(car.price_per_day), rateSource: "per_day" };
  return { ratePerKm: DEFAULT_RATE_KURUS, rateSource: "default" };
}

/** Prices a trip for a car. `returnKm` is the return leg's distance for a round trip, else null. */
export function quoteForCar(car: CarRates, outboundKm: Km, returnKm: Km | null = null): PriceBreakdown {
  const outbound = km(outboundKm);
  const back = returnKm === null ? null : km(returnKm);
  const distanceKm = addKm(outbound, back);
  const { ratePerKm, rateSource } = rateFor(car);
  const subtotal = kurus(distanceKm * ratePerKm);
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

/** The least a trip in this car costs: the "from" price on its card (the shortest trip, priced by `quoteForCar`). */
export function minimumFare(car: CarRates): Kurus {
  return quoteForCar(car, km(0)).total;
}
