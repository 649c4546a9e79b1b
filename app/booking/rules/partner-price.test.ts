import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { netPrice, ownRatesFor, partnerCommission, partnerShare, type PartnerNetRates, type PartnerTerms } from "./partner-price";
import { quoteForCar, type PricedCar, type PricedLeg, type PriceRequest, type PricingRules } from "./pricing";
import { km } from "./units";

describe("a partner's commission and net", () => {
  it("is the rate's share of the price, rounded to the kuruş, and the net is the rest", () => {
    expect(partnerCommission(kurus(250_000), 1250)).toBe(31_250);
    expect(partnerCommission(kurus(99_999), 1250)).toBe(12_500);
    expect(partnerCommission(kurus(100), 1)).toBe(0);
    expect(partnerCommission(kurus(150), 1)).toBe(0);
    expect(partnerCommission(kurus(250_000), 0)).toBe(0);
    expect(netPrice(kurus(250_000), partnerCommission(kurus(250_000), 1250))).toBe(218_750);
  });

  it("never gives away more than the price, nor takes a negative share", () => {
    expect(partnerCommission(kurus(1000), 20_000)).toBe(1000);
    expect(partnerCommission(kurus(1000), -500)).toBe(0);
  });
});

describe("a partner on the net rule: its own rates through quoteForCar", () => {
  const sedan = (over: Partial<PricedCar> = {}): PricedCar => ({ price_per_km: kurus(2500), price_per_day: null, price_per_hour: kurus(90_000), category: "Sedan", ...over });
  const leg = (km_: number, over: Partial<PricedLeg> = {}): PricedLeg => ({ leg: "outbound", km: km(km_), startsAt: "2026-12-01T09:00:00.000Z", fare: null, ...over });
  /** 22:00–06:00 +20 %, 5 % off a return, Sedan at least ₺700. */
  const RULES: PricingRules = { nightStart: "22:00", nightEnd: "06:00", nightPercent: 20, returnDiscountPercent: 5, minimumFares: { Sedan: kurus(70_000) }, defaultMinimum: kurus(10_000) };
  const RATES: PartnerNetRates = { fares: { r1: { Sedan: kurus(150_000), Minivan: kurus(200_000) }, r2: { sedan: kurus(90_000) } }, categories: { Sedan: { perKm: kurus(2000), perHour: kurus(70_000) } } };
  const NET: PartnerTerms = { rule: "net", commissionBp: 1500, rates: RATES };
  const share = (request: PriceRequest, terms: PartnerTerms = NET) => partnerShare(terms, quoteForCar(request).total, [request]);

  it("takes its fare on the route the leg falls in: commission = public − net", () => {
    const request: PriceRequest = { car: sedan(), legs: [leg(36, { fare: { routeId: "r1", amount: kurus(200_000) }, routeId: "r1" })], rules: RULES };
    expect(share(request)).toEqual({ guest: 200_000, net: 150_000, commission: 50_000 });
  });

  it("finds its fare on a route whose public fare does not price the car's category (and the category in any case)", () => {
    const request: PriceRequest = { car: sedan(), legs: [leg(40, { fare: null, routeId: "r2" })], rules: RULES };
    // public: 40 km × ₺25 = ₺1,000; its own: ₺900
    expect(share(request)).toEqual({ guest: 100_000, net: 90_000, commission: 10_000 });
  });

  it("prices a trip no own fare covers at its rate per km, and an hourly hire at its rate per hour", () => {
    const km50: PriceRequest = { car: sedan(), legs: [leg(50)], rules: RULES };
    expect(share(km50)).toEqual({ guest: 125_000, net: 100_000, commission: 25_000 });
    const onRouteWithoutOwnFare: PriceRequest = { car: sedan(), legs: [leg(50, { fare: { routeId: "r9", amount: kurus(180_000) }, routeId: "r9" })], rules: RULES };
    expect(share(onRouteWithoutOwnFare)).toEqual({ guest: 180_000, net: 100_000, commission: 80_000 });
    const hourly: PriceRequest = { car: sedan(), legs: [leg(0)], hours: 3, rules: RULES };
    expect(share(hourly)).toEqual({ guest: 270_000, net: 210_000, commission: 60_000 });
  });

  it("applies the night surcharge and the return discount to the net too", () => {
    const night = "2026-12-01T20:00:00.000Z"; // 23:00 in Istanbul
    const request: PriceRequest = {
      car: sedan(),
      legs: [leg(36, { startsAt: night, fare: { routeId: "r1", amount: kurus(200_000) }, routeId: "r1" }), leg(50, { leg: "return", startsAt: "2026-12-08T09:00:00.000Z" })],
      rules: RULES,
    };
    // public: (2000 + 400 night + 1250) × 0.95 = 3467.50; net: (1500 + 300 night + 1000) × 0.95 = 2660
    expect(quoteForCar(request).total).toBe(346_750);
    const net = quoteForCar({ ...request, ownRates: ownRatesFor(RATES, "Sedan") });
    expect(net.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["fixed", 150_000],
      ["night", 30_000],
      ["distance", 100_000],
      ["returnDiscount", -14_000],
    ]);
    expect(share(request)).toEqual({ guest: 346_750, net: 266_000, commission: 80_750 });
  });

  it("raises the net to the category's minimum fare, and keeps the extras at the public price", () => {
    const short: PriceRequest = { car: sedan(), legs: [leg(10)], rules: RULES, extras: [{ extra: { code: "child-seat", names: { tr: "", en: "", de: "", ru: "" }, price: kurus(30_000), pricing: "unit" }, quantity: 1 }] };
    // public: 10 × ₺25 = ₺250 → ₺700 minimum + ₺300 seat; net: 10 × ₺20 = ₺200 → ₺700 + ₺300: no commission
    expect(share(short)).toEqual({ guest: 100_000, net: 100_000, commission: 0 });
  });

  it("earns nothing, never less, when its net is above the public price", () => {
    const dear: PartnerTerms = { ...NET, rates: { fares: { r1: { Sedan: kurus(250_000) } }, categories: {} } };
    const request: PriceRequest = { car: sedan(), legs: [leg(36, { fare: { routeId: "r1", amount: kurus(200_000) }, routeId: "r1" })], rules: RULES };
    expect(share(request, dear)).toEqual({ guest: 200_000, net: 200_000, commission: 0 });
  });

  it("keeps the public price where it has no rate at all, and the commission rule as before", () => {
    const request: PriceRequest = { car: sedan({ category: "VIP" }), legs: [leg(50)], rules: RULES };
    expect(share(request)).toEqual({ guest: 125_000, net: 125_000, commission: 0 });
    expect(share(request, { ...NET, rule: "commission" })).toEqual({ guest: 125_000, net: 106_250, commission: 18_750 });
  });

  it("adds up a party's cars, each at its own rates", () => {
    const first: PriceRequest = { car: sedan(), legs: [leg(50)], rules: RULES };
    const second: PriceRequest = { car: sedan({ category: "Minivan", price_per_km: kurus(3000) }), legs: [leg(50)], rules: RULES };
    const guest = kurus(quoteForCar(first).total + quoteForCar(second).total);
    // Sedan net ₺1,000; the Minivan has no rates of its own: public ₺1,500
    expect(partnerShare(NET, guest, [first, second])).toEqual({ guest: 275_000, net: 250_000, commission: 25_000 });
  });
});
