import { describe, expect, it } from "vitest";
import { compareCarsForParty, premiumRank, PREMIUM_ORDER, type OrderedCar, type Party } from "./car-order";
import { CAR_CATEGORIES } from "~/fleet/car";

const car = (name: string, category: string, seats: number, luggage: number, total: number) => ({ name, category, seats, luggage, total });
// The demo fleet's shapes (db/seed/fleet.ts), with made-up totals in the seed's proportions.
const FLEET = [
  car("Golf", "Hatchback", 3, 2, 190_000),
  car("Passat", "Sedan", 3, 3, 200_000),
  car("E 220", "Sedan", 3, 3, 260_000),
  car("S 500", "Luxury", 3, 3, 500_000),
  car("Range Rover", "SUV", 4, 4, 360_000),
  car("V 300 VIP", "VIP", 6, 6, 360_000),
  car("Caravelle", "Minivan", 8, 8, 260_000),
  car("Sprinter", "Minibüs", 16, 10, 440_000),
];

const order = (cars: ReadonlyArray<OrderedCar & { name: string }>, party: Party) => [...cars].sort((a, b) => compareCarsForParty(a, b, party)).map((c) => c.name);

describe("the order of the cars for a party", () => {
  it("shows the smallest car that fits first, not the big ones, for two with their bags", () => {
    expect(order(FLEET, { passengers: 2, luggage: 2 })).toEqual(["Golf", "Passat", "E 220", "S 500", "Range Rover", "V 300 VIP", "Caravelle", "Sprinter"]);
  });

  it("puts a car too small for a bag each after the ones that take them when no luggage was given", () => {
    expect(order(FLEET, { passengers: 3, luggage: null })[0]).toBe("Passat");
    expect(order(FLEET, { passengers: 3, luggage: null }).indexOf("Golf")).toBe(FLEET.length - 1);
  });

  it("does not offer the minibus first to a family of five, nor to two", () => {
    const fitting = FLEET.filter((c) => c.seats >= 5);
    expect(order(fitting, { passengers: 5, luggage: 5 })).toEqual(["V 300 VIP", "Caravelle", "Sprinter"]);
    expect(order(FLEET, { passengers: 2, luggage: null }).at(-1)).toBe("Sprinter");
  });

  it("puts the premium car first where the fit and the price are equal", () => {
    const equal = [car("Sedan", "Sedan", 3, 3, 300_000), car("Hatch", "Hatchback", 3, 3, 300_000), car("Luxury", "Luxury", 3, 3, 300_000), car("Own", "Estate", 3, 3, 300_000)];
    expect(order(equal, { passengers: 1, luggage: 1 })).toEqual(["Luxury", "Sedan", "Hatch", "Own"]);
  });

  it("ranks every category of the one list, whatever its spelling", () => {
    expect([...PREMIUM_ORDER].sort()).toEqual([...CAR_CATEGORIES].sort());
    expect(premiumRank("MINIBÜS")).toBe(premiumRank("Minibüs"));
    expect(premiumRank(" ultra luxury ")).toBe(0);
    expect(premiumRank("Estate")).toBe(PREMIUM_ORDER.length);
  });
});
