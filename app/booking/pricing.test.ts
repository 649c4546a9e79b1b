import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { km } from "./units";
import { DEFAULT_RATE_KURUS, MINIMUM_PRICE_KURUS, minimumFare, quoteForCar, rateFor } from "./pricing";

describe("rateFor", () => {
  it("takes the price per km first", () => {
    expect(rateFor({ price_per_km: kurus(3500), price_per_day: kurus(900_000) })).toEqual({ ratePerKm: 3500, rateSource: "per_km" });
  });
  it("reads the price per day as a per-km rate when there is no per-km rate", () => {
    expect(rateFor({ price_per_km: null, price_per_day: kurus(4000) })).toEqual({ ratePerKm: 4000, rateSource: "per_day" });
  });
  it("falls back to 22 TL when both are missing, zero or negative", () => {
    expect(rateFor({ price_per_km: null, price_per_day: null }).ratePerKm).toBe(DEFAULT_RATE_KURUS);
    expect(rateFor({ price_per_km: kurus(0), price_per_day: kurus(0) })).toEqual({ ratePerKm: 2200, rateSource: "default" });
    expect(rateFor({ price_per_km: kurus(-5), price_per_day: undefined }).rateSource).toBe("default");
    expect(rateFor({ price_per_km: kurus(0), price_per_day: kurus(3000) }).rateSource).toBe("per_day");
  });
});

describe("quoteForCar", () => {
  it("multiplies the kilometres by the rate", () => {
    const q = quoteForCar({ price_per_km: kurus(2500), price_per_day: null }, km(40));
    expect(q).toMatchObject({ distanceKm: 40, ratePerKm: 2500, subtotal: 100_000, total: 100_000, minimumApplied: false });
  });
  it("charges at least 100 TL", () => {
    const q = quoteForCar({ price_per_km: kurus(2200), price_per_day: null }, km(3));
    expect(q.subtotal).toBe(6600);
    expect(q.minimumApplied).toBe(true);
    expect(q.total).toBe(MINIMUM_PRICE_KURUS);
  });
  it("is exactly the minimum at the boundary without flagging it", () => {
    const q = quoteForCar({ price_per_km: kurus(1000), price_per_day: null }, km(10));
    expect(q.subtotal).toBe(10_000);
    expect(q.minimumApplied).toBe(false);
    expect(q.total).toBe(10_000);
  });
  it("adds both legs of a round trip", () => {
    const q = quoteForCar({ price_per_km: kurus(3000), price_per_day: null }, km(31.4), km(29.9));
    expect(q.outboundKm).toBe(31.4);
    expect(q.returnKm).toBe(29.9);
    expect(q.distanceKm).toBe(61.3);
    expect(q.total).toBe(183_900);
  });
  it("rounds to whole kuruş", () => {
    const q = quoteForCar({ price_per_km: kurus(2233), price_per_day: null }, km(47.3));
    expect(q.total).toBe(Math.round(47.3 * 2233));
    expect(Number.isInteger(q.total)).toBe(true);
  });
  it("keeps kilometres to one decimal", () => {
    expect(quoteForCar({ price_per_km: kurus(2200), price_per_day: null }, km(12.345)).distanceKm).toBe(12.3);
  });
  it("treats a zero or invalid distance as zero and charges the minimum", () => {
    expect(quoteForCar({ price_per_km: kurus(2200), price_per_day: null }, km(0)).total).toBe(MINIMUM_PRICE_KURUS);
    expect(quoteForCar({ price_per_km: kurus(2200), price_per_day: null }, km(Number.NaN)).distanceKm).toBe(0);
  });
  it("uses the default rate for a car without rates", () => {
    expect(quoteForCar({ price_per_km: null, price_per_day: null }, km(100)).total).toBe(220_000);
  });
});

describe("minimumFare (the car card's \"from\" price)", () => {
  it("is what the shortest trip costs: the minimum fare whatever the rate", () => {
    expect(minimumFare({ price_per_km: kurus(3000), price_per_day: null })).toBe(MINIMUM_PRICE_KURUS);
    expect(minimumFare({ price_per_km: null, price_per_day: null })).toBe(quoteForCar({ price_per_km: null, price_per_day: null }, km(0)).total);
  });
});
