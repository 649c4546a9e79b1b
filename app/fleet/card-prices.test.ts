import { describe, expect, it } from "vitest";
import { minimumFare, NO_RULES, type PricingRules } from "~/booking/rules/pricing";
import { kurus } from "~/utils/money";
import { cardPrices } from "./card-prices";

const rules: PricingRules = {
  ...NO_RULES,
  minimumFares: { VIP: kurus(250_000), Sedan: kurus(90_000) },
  defaultMinimum: kurus(120_000),
};

describe("car card prices", () => {
  it("starts from the category's minimum fare under the office's rules", () => {
    const prices = cardPrices({ category: "VIP", price_per_km: 45, price_per_day: null, price_per_hour: 1500 }, rules);
    expect(prices.from).toBe(250_000);
    expect(prices.perKm).toBe(4500);
    expect(prices.perHour).toBe(150_000);
  });

  it("takes the default minimum for a category without its own", () => {
    expect(
      cardPrices({ category: "SUV", price_per_km: 30, price_per_day: null, price_per_hour: null }, rules).from,
    ).toBe(120_000);
  });

  it("is the price function's own minimum fare, not a second rule", () => {
    const car = { category: "Sedan", price_per_km: 25.5, price_per_day: null, price_per_hour: 900 };
    expect(cardPrices(car, rules).from).toBe(
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
});
