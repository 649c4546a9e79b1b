import { describe, expect, it } from "vitest";
import { kurus } from "~/utils/money";
import { firstCarShare, groupCombinations, groupPrice, splitParty } from "./groups";
import type { PriceBreakdown } from "./pricing";

const car = (id: string, seats: number, luggage: number, total: number) => ({ car: { id, seats, luggage }, price: { total } });

describe("a party split over several cars", () => {
  it("shares people and bags in proportion to each car's room, at least one passenger a car", () => {
    expect(splitParty([{ seats: 16, luggage: 16 }, { seats: 8, luggage: 8 }], { passengers: 14, luggage: 20 })).toEqual([
      { passengers: 10, luggage: 14 },
      { passengers: 4, luggage: 6 },
    ]);
    expect(splitParty([{ seats: 3, luggage: 3 }, { seats: 3, luggage: 3 }], { passengers: 5, luggage: null })).toEqual([
      { passengers: 3, luggage: null },
      { passengers: 2, luggage: null },
    ]);
    expect(splitParty([{ seats: 16, luggage: 16 }, { seats: 8, luggage: 8 }], { passengers: 2, luggage: 0 })).toEqual([
      { passengers: 1, luggage: 0 },
      { passengers: 1, luggage: 0 },
    ]);
  });

  it("refuses what the cars cannot carry: too many people, too many bags, a car left empty", () => {
    expect(splitParty([{ seats: 8, luggage: 8 }, { seats: 3, luggage: 3 }], { passengers: 12, luggage: null })).toBeNull();
    expect(splitParty([{ seats: 16, luggage: 16 }, { seats: 8, luggage: 8 }], { passengers: 14, luggage: 25 })).toBeNull();
    expect(splitParty([{ seats: 8, luggage: 8 }, { seats: 3, luggage: 3 }, { seats: 3, luggage: 3 }], { passengers: 2, luggage: null })).toBeNull();
    expect(splitParty([], { passengers: 1, luggage: null })).toBeNull();
  });

  it("offers the cheapest pairs that carry the party, largest car first, the same set once", () => {
    const quotes = [car("sprinter", 16, 16, 5000), car("vito", 8, 8, 2500), car("vito2", 8, 8, 2500), car("sedan", 3, 3, 1500), car("s-class", 3, 3, 4000)];
    const combos = groupCombinations(quotes, { passengers: 14, luggage: 14 });
    expect(combos.map((c) => c.quotes.map((q) => q.car.id))).toEqual([["vito", "vito2"], ["sprinter", "sedan"], ["sprinter", "vito"]]);
    expect(combos[0]).toMatchObject({ total: 5000, split: [{ passengers: 7, luggage: 7 }, { passengers: 7, luggage: 7 }] });
  });

  it("goes to three cars only when no two carry the party", () => {
    const quotes = [car("a", 8, 8, 2500), car("b", 8, 8, 2600), car("c", 3, 3, 1500)];
    const combos = groupCombinations(quotes, { passengers: 18, luggage: null });
    expect(combos).toHaveLength(1);
    expect(combos[0]!.quotes.map((q) => q.car.id)).toEqual(["a", "b", "c"]);
  });
});

describe("one price for the party's cars", () => {
  it("adds one line per further car, the lines adding up to the total", () => {
    const first = { lines: [{ kind: "distance", leg: "outbound", km: 36, ratePerKm: kurus(4000), amount: kurus(144_000) }], total: kurus(144_000), fixedPrice: false } as unknown as PriceBreakdown;
    const van = { lines: [], total: kurus(90_000), fixedPrice: false } as unknown as PriceBreakdown;
    const price = groupPrice(first, [{ unit: 2, name: "VW Caravelle", price: van }]);
    expect(price.total).toBe(234_000);
    expect(price.lines.at(-1)).toEqual({ kind: "car", unit: 2, name: "VW Caravelle", amount: 90_000 });
    expect(price.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(price.total);
  });
});

describe("what the booking's own car carries of a party", () => {
  it("is the whole party for a booking in one car", () => {
    const party = { passengers: 5, luggage: 3, luggageItems: { prams: 1 } };
    expect(firstCarShare(party, [])).toBe(party);
  });

  it("is the party less the further cars' shares, the special luggage counted as places", () => {
    // golf bags take two places each (capacity.ts): 4 suitcases + 2 golf bags = 8 places, of which the van takes 5
    expect(firstCarShare({ passengers: 14, luggage: 4, luggageItems: { golfBags: 2 } }, [{ passengers: 6, luggage: 5 }])).toEqual({ passengers: 8, luggage: 3, luggageItems: null });
    expect(firstCarShare({ passengers: 14, luggage: null, luggageItems: null }, [{ passengers: 6, luggage: null }, { passengers: 4, luggage: null }])).toEqual({ passengers: 4, luggage: null, luggageItems: null });
  });
});
