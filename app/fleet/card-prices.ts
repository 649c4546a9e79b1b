/**
 * The prices a car card shows (fleet page, home). The headline is a price a guest really pays: the
 * least a transfer in the car costs on the office's fixed routes (each priced by `quoteForCar`
 * with the route's fare for its category, so the minimum fare still applies), named with that
 * route ("from €25 · Antalya Airport (AYT) → Lara"). Only when no fixed route prices its category
 * does the card say its minimum fare, as the minimum it is (not a "from" every car shares). Then
 * the car's rate per km and, when it is hired by the hour, its hourly rate. Kuruş, computed on
 * the server; the card shows them in the visitor's currency.
 */
import { carRates, hiresByTheHour, minimumFare, quoteForCar, rateFor, type PricedCar, type PricingRules } from "~/booking/rules/pricing";
import { farePriceFor, type RouteFare } from "~/booking/rules/fares";
import { km } from "~/booking/rules/units";
import { liraToKurus, type Kurus } from "~/utils/money";
import type { Car } from "./car";

/** A fixed route with its ends named in the reader's language. */
export interface CardRoute {
  fare: RouteFare;
  from: string;
  to: string;
}

export interface CardPrices {
  /** the cheapest fixed route's price in this car, with the route; null when no active route prices its category */
  route: { amount: Kurus; from: string; to: string } | null;
  /** the category's minimum fare */
  minimum: Kurus;
  perKm: Kurus;
  /** null: not hired by the hour */
  perHour: Kurus | null;
}

/** The car's price on a fixed route (one leg, no time: no night surcharge), or null when the route does not price its category. */
function routePrice(car: PricedCar, fare: RouteFare, rules: PricingRules): Kurus | null {
  const amount = fare.active ? farePriceFor(fare, car.category) : null;
  if (amount === null) return null;
  return quoteForCar({ car, legs: [{ leg: "outbound", km: km(0), startsAt: null, fare: { routeId: fare.id, amount } }], rules }).total;
}

/** A car as the site shows it (rates in lira, `toCar`) priced for its card. */
export function cardPrices(
  car: Pick<Car, "price_per_km" | "price_per_day" | "price_per_hour" | "category">,
  rules: PricingRules,
  routes: readonly CardRoute[] = [],
): CardPrices {
  const rates = carRates({
    price_per_km: car.price_per_km === null ? null : liraToKurus(car.price_per_km),
    price_per_day: car.price_per_day === null ? null : liraToKurus(car.price_per_day),
    price_per_hour: car.price_per_hour === null ? null : liraToKurus(car.price_per_hour),
    category: car.category,
  });
  let route: CardPrices["route"] = null;
  for (const r of routes) {
    const amount = routePrice(rates, r.fare, rules);
    if (amount !== null && (route === null || amount < route.amount)) route = { amount, from: r.from, to: r.to };
  }
  return {
    route,
    minimum: minimumFare(rates, rules),
    perKm: rateFor(rates).ratePerKm,
    perHour: hiresByTheHour(rates) ? rates.price_per_hour! : null,
  };
}
