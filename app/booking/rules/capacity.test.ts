import { describe, expect, it } from "vitest";
import { capacityProblems, itemPlaces, luggageAsPlaces, LUGGAGE_PLACES, luggageItemList, luggagePlaces, MAX_LUGGAGE_ITEM, normaliseLuggageItems, readLuggageItems } from "./capacity";

const sedan = { seats: 4, luggage: 3 };
const van = { seats: 7, luggage: 7 };

describe("capacityProblems with special luggage", () => {
  it("counts each kind's suitcase places", () => {
    expect(LUGGAGE_PLACES).toEqual({ prams: 1, wheelchairs: 2, golfBags: 2, skis: 2, bicycles: 3 });
    expect(itemPlaces({ prams: 1, golfBags: 2, bicycles: 1 })).toBe(1 + 4 + 3);
    expect(luggagePlaces({ luggage: 2, luggageItems: { wheelchairs: 1 } })).toBe(4);
    expect(luggagePlaces({ luggage: null, luggageItems: { skis: 2 } })).toBe(4);
    expect(luggagePlaces({ luggage: null })).toBe(0);
    // for a party split over cars: the suitcases with the kinds' places, null when nothing was said
    expect(luggageAsPlaces({ luggage: 2, luggageItems: { bicycles: 1 } })).toBe(5);
    expect(luggageAsPlaces({ luggage: null, luggageItems: { prams: 1 } })).toBe(1);
    expect(luggageAsPlaces({ luggage: 3, luggageItems: null })).toBe(3);
    expect(luggageAsPlaces({ luggage: null })).toBeNull();
  });

  it("fits a car when suitcases and the kinds' places are within its luggage", () => {
    expect(capacityProblems({ passengers: 4, luggage: 2, luggageItems: { prams: 1 } }, sedan)).toEqual({});
    expect(capacityProblems({ passengers: 4, luggage: null, luggageItems: { bicycles: 1 } }, sedan)).toEqual({});
    expect(capacityProblems({ passengers: 4, luggage: 5, luggageItems: { golfBags: 1 } }, van)).toEqual({});
  });

  it("refuses a boot too small, naming its size and the places asked", () => {
    expect(capacityProblems({ passengers: 4, luggage: 3, luggageItems: { prams: 1 } }, sedan)).toEqual({
      luggage: [{ code: "booking:errors.tooMuchSpecialLuggage", params: { luggage: 3, places: 4 } }],
    });
    expect(capacityProblems({ passengers: 2, luggage: null, luggageItems: { bicycles: 2 } }, sedan).luggage?.[0]?.code).toBe("booking:errors.tooMuchSpecialLuggage");
    // suitcases alone keep their own message
    expect(capacityProblems({ passengers: 2, luggage: 4, luggageItems: {} }, sedan)).toEqual({ luggage: [{ code: "booking:errors.tooMuchLuggage", params: { luggage: 3 } }] });
  });

  it("refuses a count out of range under the kind's own name, with or without a car", () => {
    for (const bad of [-1, 1.5, MAX_LUGGAGE_ITEM + 1, Number.NaN]) {
      expect(capacityProblems({ passengers: 2, luggage: 0, luggageItems: { golfBags: bad } }, null)).toEqual({ golfBags: [{ code: "booking:errors.luggageItem", params: { max: MAX_LUGGAGE_ITEM } }] });
    }
    expect(capacityProblems({ passengers: 2, luggage: 0, luggageItems: { prams: 99 } }, van)).toEqual({ prams: [{ code: "booking:errors.luggageItem", params: { max: MAX_LUGGAGE_ITEM } }] });
  });

  it("keeps the passenger rule beside the luggage rule", () => {
    expect(Object.keys(capacityProblems({ passengers: 5, luggage: 0, luggageItems: { wheelchairs: 2 } }, sedan)).sort()).toEqual(["luggage", "passengers"]);
  });
});

describe("luggage items as stored", () => {
  it("lists and keeps only the kinds brought, in a stable order", () => {
    expect(luggageItemList({ bicycles: 1, prams: 2, skis: 0 })).toEqual([
      { kind: "prams", count: 2 },
      { kind: "bicycles", count: 1 },
    ]);
    expect(normaliseLuggageItems({ skis: 0 })).toBeNull();
    expect(normaliseLuggageItems({ skis: 2, prams: 0 })).toEqual({ skis: 2 });
  });

  it("reads stored or sent JSON defensively", () => {
    expect(readLuggageItems({ prams: 1, golfBags: 2, rockets: 3, skis: -1, bicycles: "2" })).toEqual({ prams: 1, golfBags: 2 });
    expect(readLuggageItems(null)).toBeNull();
    expect(readLuggageItems([1])).toBeNull();
    expect(readLuggageItems({})).toBeNull();
  });
});
