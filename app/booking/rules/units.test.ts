import { describe, expect, it } from "vitest";
import { formatTry, kurus, kurusToLira, liraToKurus, type Kurus } from "~/utils/money";
import { quoteForCar } from "./pricing";
import { addKm, km, metresToKm, minutes, secondsToMinutes, seconds, type Km, type Minutes } from "./units";

describe("units in types", () => {
  it("makes kilometres to one decimal, minutes and kuruş whole", () => {
    expect(km(38.46)).toBe(38.5);
    expect(km(-3)).toBe(0);
    expect(metresToKm(38_460)).toBe(38.5);
    expect(addKm(km(31.4), km(29.9), null)).toBe(61.3);
    expect(minutes(39.6)).toBe(40);
    expect(secondsToMinutes(seconds(2400))).toBe(40);
    expect(kurus(1999.6)).toBe(2000);
  });

  it("refuses a 100× mistake (lira where kuruş are expected) and km where minutes are expected, at compile time", () => {
    const lira = 38;
    const rate = liraToKurus(lira);
    // @ts-expect-error a plain number (here lira) is not kuruş
    formatTry(lira);
    // @ts-expect-error lira back from kurusToLira is not kuruş either
    formatTry(kurusToLira(rate));
    const leg = { leg: "outbound" as const, km: km(40), startsAt: null, fare: null };
    // @ts-expect-error a car's rate must be kuruş, not lira
    quoteForCar({ car: { price_per_km: 38, price_per_day: null, category: "" }, legs: [leg] });
    // @ts-expect-error a distance must be Km, not a plain number (metres, say)
    quoteForCar({ car: { price_per_km: rate, price_per_day: null, category: "" }, legs: [{ ...leg, km: 40_000 }] });
    const duration: Minutes = minutes(40);
    // @ts-expect-error minutes are not kilometres
    const wrong: Km = duration;
    // @ts-expect-error kilometres are not kuruş
    const money: Kurus = km(40);
    expect([wrong, money]).toEqual([40, 40]);
    expect(formatTry(rate)).toBe("₺38,00");
    expect(quoteForCar({ car: { price_per_km: rate, price_per_day: null, category: "Sedan" }, legs: [{ leg: "outbound", km: km(40), startsAt: null, fare: null }] }).total).toBe(152_000);
  });
});
