import { describe, expect, it } from "vitest";
import { minimumFare, NO_RULES, type PricingRules } from "~/booking/rules/pricing";
import { kurus } from "~/utils/money";
import type { RouteFare } from "~/booking/rules/fares";
import { cardPrices, type CardRoute } from "./card-prices";

const rules: PricingRules = {
  ...NO_RULES,
  minimumFares: { VIP: kurus(250_000), Sedan: kurus(90_000) },
  defaultMinimum: kurus(120_000),
};

describe("car card prices", () => {
  it("says the category's minimum fare, as such, when no fixed route prices the category", () => {
    const prices = cardPrices({ category: "VIP", price_per_km: 45, price_per_day: null, price_per_hour: 1500 }, rules);
    expect(prices.route).toBeNull();
    expect(prices.minimum).toBe(250_000);
    expect(prices.perKm).toBe(4500);
    expect(prices.perHour).toBe(150_000);
  });

  it("takes the default minimum for a category without its own", () => {
    expect(
      cardPrices({ category: "SUV", price_per_km: 30, price_per_day: null, price_per_hour: null }, rules).minimum,
    ).toBe(120_000);
  });

  it("is the price function's own minimum fare, not a second rule", () => {
    const car = { category: "Sedan", price_per_km: 25.5, price_per_day: null, price_per_hour: 900 };
    expect(cardPrices(car, rules).minimum).toBe(
      minimumFare(
        { category: "Sedan", price_per_km: kurus(2550), price_per_day: null, price_per_hour: kurus(90_000) },
        rules,
      ),
    );
  });

  it("shows no hourly rate for a car not hired by the hour", () => {
    expect(
      cardPrices({ category: "Sedan", price_per_km: 25, price_per_day: null, price_per_hour: null }, rules).perHour,
    ).toBeNull();
    expect(
      cardPrices({ category: "Sedan", price_per_km: 25, price_per_day: null, price_per_hour: 0 }, rules).perHour,
    ).toBeNull();
  });

  it("reads a per-day rate as the per-km rate when there is no per-km rate, else the default 22 TL", () => {
    expect(
      cardPrices({ category: "Sedan", price_per_km: null, price_per_day: 30, price_per_hour: null }, rules).perKm,
    ).toBe(3000);
    expect(
      cardPrices({ category: "Sedan", price_per_km: null, price_per_day: null, price_per_hour: null }, rules).perKm,
    ).toBe(2200);
  });

  describe("from a fixed route", () => {
    const fare = (id: string, prices: Record<string, number>, active = true): RouteFare => ({
      id,
      from: { kind: "place", placeId: "ayt-airport", label: "Antalya Havalimanı (AYT)", lat: 36.9, lng: 30.8 },
      to: { kind: "zone", zoneId: id },
      oneWay: false,
      prices: Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, kurus(v)])),
      active,
    });
    const routes: CardRoute[] = [
      { fare: fare("belek", { Sedan: 200_000, VIP: 360_000, Hatchback: 190_000 }), from: "Antalya Airport (AYT)", to: "Belek" },
      { fare: fare("lara", { Sedan: 130_000, VIP: 235_000, Hatchback: 50_000 }), from: "Antalya Airport (AYT)", to: "Lara" },
      { fare: fare("closed", { Sedan: 10_000 }, false), from: "Antalya Airport (AYT)", to: "Closed" },
    ];
    const sedan = { category: "Sedan", price_per_km: 22, price_per_day: null, price_per_hour: null };

    it("is the cheapest active route's price in the car's category, with the route named", () => {
      expect(cardPrices(sedan, rules, routes).route).toEqual({ amount: 130_000, from: "Antalya Airport (AYT)", to: "Lara" });
      // the VIP minimum fare (2,500 TL) is above its Lara fare (2,350 TL): the minimum applies, as on the results page
      expect(cardPrices({ ...sedan, category: "VIP" }, rules, routes).route?.amount).toBe(250_000);
    });

    it("differs between categories where the minimum fare made every card the same", () => {
      const shown = ["Sedan", "VIP"].map((category) => cardPrices({ ...sedan, category }, rules, routes));
      expect(shown[0]!.route!.amount).not.toBe(shown[1]!.route!.amount);
    });

    it("still applies the category's minimum fare: the price function's own rule", () => {
      const hatch = cardPrices({ ...sedan, category: "Hatchback" }, { ...rules, minimumFares: { Hatchback: kurus(60_000) } }, routes);
      expect(hatch.route).toEqual({ amount: 60_000, from: "Antalya Airport (AYT)", to: "Lara" });
    });

    it("falls back to the minimum for a category no route prices", () => {
      expect(cardPrices({ ...sedan, category: "Sports" }, rules, routes).route).toBeNull();
    });
  });
});
