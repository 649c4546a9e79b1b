import { describe, expect, it } from "vitest";
import { kurus, type Kurus } from "~/utils/money";
import { convertKurus, formatCurrency, rateFromText } from "~/pricing/currency";
import { km } from "./units";
import {
  DEFAULT_RATE_KURUS,
  isNight,
  MINIMUM_PRICE_KURUS,
  minimumFare,
  NO_RULES,
  quoteForCar,
  rateFor,
  transportTotal,
  type PricedCar,
  type PricedLeg,
  type PricingRules,
} from "./pricing";

const car = (over: Partial<PricedCar> = {}): PricedCar => ({ price_per_km: kurus(2500), price_per_day: null, price_per_hour: kurus(90_000), category: "Sedan", ...over });
const leg = (km_: number, over: Partial<PricedLeg> = {}): PricedLeg => ({ leg: "outbound", km: km(km_), startsAt: "2026-12-01T09:00:00.000Z", fare: null, ...over });
const back = (km_: number, over: Partial<PricedLeg> = {}): PricedLeg => leg(km_, { leg: "return", startsAt: "2026-12-08T09:00:00.000Z", ...over });
const fare = (lira: number): PricedLeg["fare"] => ({ routeId: "r1", amount: kurus(lira * 100) });

/** 22:00–06:00 +20 %, 5 % off a return, Sedan at least ₺700, others ₺100. */
const RULES: PricingRules = { nightStart: "22:00", nightEnd: "06:00", nightPercent: 20, returnDiscountPercent: 5, minimumFares: { Sedan: kurus(70_000) }, defaultMinimum: kurus(10_000) };
const sum = (lines: Array<{ amount: Kurus }>) => lines.reduce((s, l) => s + l.amount, 0);
const childSeat = { code: "child-seat", names: { tr: "Çocuk koltuğu", en: "Child seat", de: "Kindersitz", ru: "Детское кресло" }, price: kurus(30_000), pricing: "unit" as const };
const sign = { code: "name-sign", names: { tr: "İsim tabelası", en: "Name sign", de: "Namensschild", ru: "Табличка" }, price: kurus(0), pricing: "booking" as const };
const stop = { code: "extra-stop", names: { tr: "Ara durak", en: "Extra stop", de: "Halt", ru: "Остановка" }, price: kurus(40_000), pricing: "booking" as const };

describe("rateFor", () => {
  it("takes the price per km, then the price per day as a per-km rate, then 22 TL", () => {
    expect(rateFor({ price_per_km: kurus(3500), price_per_day: kurus(900_000) })).toEqual({ ratePerKm: 3500, rateSource: "per_km" });
    expect(rateFor({ price_per_km: null, price_per_day: kurus(4000) })).toEqual({ ratePerKm: 4000, rateSource: "per_day" });
    expect(rateFor({ price_per_km: kurus(0), price_per_day: kurus(0) })).toEqual({ ratePerKm: DEFAULT_RATE_KURUS, rateSource: "default" });
    expect(rateFor({ price_per_km: kurus(-5), price_per_day: undefined }).rateSource).toBe("default");
  });
});

describe("quoteForCar: distance", () => {
  it("multiplies the kilometres by the rate, to whole kuruş, and lists one line per leg", () => {
    const q = quoteForCar({ car: car({ price_per_km: kurus(2233) }), legs: [leg(47.3)] });
    expect(q.total).toBe(Math.round(47.3 * 2233));
    expect(q.lines).toEqual([{ kind: "distance", leg: "outbound", km: 47.3, ratePerKm: 2233, amount: q.total }]);
    expect(q.fixedPrice).toBe(false);
  });
  it("adds both legs of a round trip", () => {
    const q = quoteForCar({ car: car({ price_per_km: kurus(3000) }), legs: [leg(31.4), back(29.9)] });
    expect([q.outboundKm, q.returnKm, q.distanceKm, q.total]).toEqual([31.4, 29.9, 61.3, 183_900]);
  });
  it("charges the default minimum of 100 TL without rules, exactly the minimum not flagged", () => {
    expect(quoteForCar({ car: car({ price_per_km: kurus(2200) }), legs: [leg(3)] })).toMatchObject({ subtotal: 6600, minimumApplied: true, total: MINIMUM_PRICE_KURUS });
    expect(quoteForCar({ car: car({ price_per_km: kurus(1000) }), legs: [leg(10)] })).toMatchObject({ minimumApplied: false, total: 10_000 });
  });
  it("uses the default rate for a car without rates", () => {
    expect(quoteForCar({ car: car({ price_per_km: null }), legs: [leg(100)] }).total).toBe(220_000);
  });
});

describe("quoteForCar: route fares × category", () => {
  it("takes the route's fixed price instead of the kilometres, and says so", () => {
    const q = quoteForCar({ car: car(), legs: [leg(36, { fare: fare(2000) })], rules: RULES });
    expect(q.lines).toEqual([{ kind: "fixed", leg: "outbound", routeId: "r1", amount: 200_000 }]);
    expect(q).toMatchObject({ fixedPrice: true, total: 200_000 });
  });
  it("mixes a fixed outbound with a distance-priced return (then not a fixed price)", () => {
    const q = quoteForCar({ car: car(), legs: [leg(36, { fare: fare(2000) }), back(40)], rules: { ...RULES, returnDiscountPercent: 0 } });
    expect(q.total).toBe(200_000 + 40 * 2500);
    expect(q.fixedPrice).toBe(false);
  });
  it("raises a fixed fare below the category's minimum to it, as its own line", () => {
    const q = quoteForCar({ car: car(), legs: [leg(5, { fare: fare(500) })], rules: RULES });
    expect(q.lines.at(-1)).toEqual({ kind: "minimum", minimum: 70_000, amount: 20_000 });
    expect(q.total).toBe(70_000);
  });
});

describe("quoteForCar: night, return discount and minimum", () => {
  it("adds the night surcharge to a leg starting in the window (Istanbul time), across midnight", () => {
    // 23:30 in Istanbul = 20:30Z
    const q = quoteForCar({ car: car(), legs: [leg(40, { startsAt: "2026-12-01T20:30:00.000Z" })], rules: RULES });
    expect(q.lines).toEqual([
      { kind: "distance", leg: "outbound", km: 40, ratePerKm: 2500, amount: 100_000 },
      { kind: "night", leg: "outbound", percent: 20, amount: 20_000 },
    ]);
    expect(q.total).toBe(120_000);
  });
  it("knows the window's edges: 22:00 is night, 06:00 is day", () => {
    expect(isNight("2026-12-01T19:00:00.000Z", RULES)).toBe(true); // 22:00
    expect(isNight("2026-12-01T18:59:00.000Z", RULES)).toBe(false); // 21:59
    expect(isNight("2026-12-02T02:59:00.000Z", RULES)).toBe(true); // 05:59
    expect(isNight("2026-12-02T03:00:00.000Z", RULES)).toBe(false); // 06:00
    expect(isNight("2026-12-02T03:00:00.000Z", { ...RULES, nightStart: "01:00", nightEnd: "07:00" })).toBe(true);
    expect(isNight("2026-12-01T20:00:00.000Z", { ...RULES, nightPercent: 0 })).toBe(false);
    expect(isNight("2026-12-01T20:00:00.000Z", { ...RULES, nightStart: "22:00", nightEnd: "22:00" })).toBe(false);
    expect(isNight(null, RULES)).toBe(false);
  });
  it("takes the return discount off both legs with their night surcharge, rounded once", () => {
    const q = quoteForCar({ car: car(), legs: [leg(36, { fare: fare(2000) }), back(36, { fare: fare(2000), startsAt: "2026-12-08T21:15:00.000Z" })], rules: RULES });
    // 2000 + 2000 + 20 % of 2000 = 4400; 5 % off = 220
    expect(q.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["fixed", 200_000],
      ["fixed", 200_000],
      ["night", 40_000],
      ["returnDiscount", -22_000],
    ]);
    expect(q.total).toBe(418_000);
    expect(q.fixedPrice).toBe(true);
  });
  it("rounds a percentage to whole kuruş", () => {
    const q = quoteForCar({ car: car({ price_per_km: kurus(2233) }), legs: [leg(33.3), back(33.3)], rules: { ...RULES, returnDiscountPercent: 7 } });
    const discount = q.lines.find((l) => l.kind === "returnDiscount")!;
    expect(discount.amount).toBe(-Math.round(2 * Math.round(33.3 * 2233) * 0.07));
    expect(Number.isInteger(q.total)).toBe(true);
  });
  it("applies the minimum after the discount, per category, any spelling", () => {
    const q = quoteForCar({ car: car({ category: "sedan" }), legs: [leg(10), back(10)], rules: RULES });
    // 2 × 250 = 500, −5 % = 475, raised to 700
    expect(q.subtotal).toBe(47_500);
    expect(q.lines.at(-1)).toEqual({ kind: "minimum", minimum: 70_000, amount: 22_500 });
    expect(q.total).toBe(70_000);
    expect(quoteForCar({ car: car({ category: "VIP" }), legs: [leg(1)], rules: RULES }).total).toBe(10_000);
  });
  it("never discounts a one-way trip", () => {
    expect(quoteForCar({ car: car(), legs: [leg(100)], rules: RULES }).lines.some((l) => l.kind === "returnDiscount")).toBe(false);
  });
});

describe("quoteForCar: hourly hire", () => {
  it("is hours × the hourly rate, whatever the kilometres", () => {
    const q = quoteForCar({ car: car(), legs: [leg(0)], hours: 4, rules: RULES });
    expect(q.lines).toEqual([{ kind: "hourly", hours: 4, ratePerHour: 90_000, amount: 360_000 }]);
    expect(q).toMatchObject({ hourly: true, fixedPrice: false, distanceKm: 0, returnKm: null, total: 360_000 });
  });
  it("takes the night surcharge when the hire starts at night, and the minimum", () => {
    const night = quoteForCar({ car: car(), legs: [leg(0, { startsAt: "2026-12-01T21:00:00.000Z" })], hours: 3, rules: RULES });
    expect(night.total).toBe(270_000 + 54_000);
    const cheap = quoteForCar({ car: car({ price_per_hour: kurus(20_000) }), legs: [leg(0)], hours: 2, rules: RULES });
    expect(cheap.total).toBe(70_000);
  });
});

describe("quoteForCar: extras", () => {
  it("prices per unit × quantity and per booking once, after the minimum, and keeps what was booked", () => {
    const q = quoteForCar({
      car: car(),
      legs: [leg(36, { fare: fare(2000) })],
      extras: [
        { extra: childSeat, quantity: 2 },
        { extra: sign, quantity: 1, text: "  Mr Smith " },
        { extra: stop, quantity: 3 },
        { extra: childSeat, quantity: 0 },
      ],
      rules: RULES,
    });
    expect(q.lines.filter((l) => l.kind === "extra")).toEqual([
      { kind: "extra", code: "child-seat", quantity: 2, unitPrice: 30_000, amount: 60_000 },
      { kind: "extra", code: "name-sign", quantity: 1, unitPrice: 0, amount: 0 },
      { kind: "extra", code: "extra-stop", quantity: 3, unitPrice: 40_000, amount: 40_000 },
    ]);
    expect(q.extras.find((e) => e.code === "name-sign")?.text).toBe("Mr Smith");
    expect(q.total).toBe(200_000 + 60_000 + 40_000);
    expect(transportTotal(q)).toBe(200_000);
  });
  it("does not count extras towards the minimum", () => {
    const q = quoteForCar({ car: car(), legs: [leg(2)], extras: [{ extra: childSeat, quantity: 1 }], rules: RULES });
    expect(q.total).toBe(70_000 + 30_000);
  });
});

describe("the lines add up", () => {
  it("in every combination", () => {
    for (const legs of [[leg(12)], [leg(36, { fare: fare(2000) }), back(36, { startsAt: "2026-12-08T22:00:00.000Z" })], [leg(3), back(3)]]) {
      for (const hours of [null, 2, 12]) {
        for (const extras of [[], [{ extra: childSeat, quantity: 3 }]]) {
          const q = quoteForCar({ car: car(), legs, hours, extras, rules: RULES });
          expect(sum(q.lines)).toBe(q.total);
          expect(q.total).toBeGreaterThanOrEqual(70_000);
        }
      }
    }
  });
});

describe("minimumFare (the car card's \"from\" price)", () => {
  it("is the category's minimum fare", () => {
    expect(minimumFare(car(), RULES)).toBe(70_000);
    expect(minimumFare(car({ category: "VIP" }), RULES)).toBe(10_000);
    expect(minimumFare(car(), NO_RULES)).toBe(MINIMUM_PRICE_KURUS);
  });
});

describe("currencies: rounding per currency", () => {
  const rates = { EUR: rateFromText("52.40"), USD: rateFromText("45,10"), GBP: 602_000, RUB: rateFromText(0.56) };
  it("converts kuruş to cents at the office's rate, rounding half up once", () => {
    expect(convertKurus(kurus(200_000), "EUR", rates)).toBe(3817); // 2000 / 52.40 = 38.167…
    expect(convertKurus(kurus(200_000), "USD", rates)).toBe(4435); // 44.345…
    expect(convertKurus(kurus(200_000), "GBP", rates)).toBe(3322);
    expect(convertKurus(kurus(200_000), "TRY", rates)).toBe(200_000);
  });
  it("keeps roubles whole", () => {
    expect(convertKurus(kurus(200_000), "RUB", rates)).toBe(3571); // 3571.43 ₽
    expect(formatCurrency(3571, "RUB", "ru")).toMatch(/^3\s571\s₽$/);
  });
  it("formats for the reader's language", () => {
    expect(formatCurrency(3817, "EUR", "en")).toBe("€38.17");
    expect(formatCurrency(3817, "EUR", "de")).toMatch(/^38,17\s€$/);
    expect(formatCurrency(200_000, "TRY", "tr")).toBe("₺2.000,00");
  });
  it("reads typed rates and refuses nonsense", () => {
    expect(rateFromText("52,4")).toBe(524_000);
    expect(rateFromText("abc")).toBeNaN();
    expect(rateFromText("-1")).toBeNaN();
  });
});
