/**
 * The prices a car card shows (fleet page, home): "from" is the least a transfer in the car costs
 * under the office's rules, i.e. its category's minimum fare (settings.pricing.minimumFares) as
 * `minimumFare` computes it; then the car's rate per km and, when it is hired by the hour, its
 * hourly rate. Kuruş, computed on the server; the card shows them in the visitor's currency.
 */
import { carRates, hiresByTheHour, minimumFare, rateFor, type PricingRules } from "~/booking/rules/pricing";
import { liraToKurus, type Kurus } from "~/utils/money";
import type { Car } from "./car";

export interface CardPrices {
  /** the car's minimum fare */
  from: Kurus;
  perKm: Kurus;
  /** null: not hired by the hour */
  perHour: Kurus | null;
}

/** A car as the site shows it (rates in lira, `toCar`) priced for its card. */
export function cardPrices(
  car: Pick<Car, "price_per_km" | "price_per_day" | "price_per_hour" | "category">,
  rules: PricingRules,
): CardPrices {
  const rates = carRates({
    price_per_km: car.price_per_km === null ? null : liraToKurus(car.price_per_km),
    price_per_day: car.price_per_day === null ? null : liraToKurus(car.price_per_day),
    price_per_hour: car.price_per_hour === null ? null : liraToKurus(car.price_per_hour),
    category: car.category,
  });
  return {
    from: minimumFare(rates, rules),
    perKm: rateFor(rates).ratePerKm,
    perHour: hiresByTheHour(rates) ? rates.price_per_hour! : null,
  };
}
