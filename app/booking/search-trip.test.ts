import { describe, expect, it } from "vitest";
import { tripRequestFromSearch } from "./search-trip";
import type { Search } from "./rules/search";

const base = { pickup: "AYT", pickupPlace: "ayt-airport", dropoff: "Side", dropoffPlace: undefined, date: "2030-07-01", time: "10:00", passengers: 2, luggage: 1, luggageItems: null };

describe("tripRequestFromSearch", () => {
  it("maps a one-way search to its two ends, without a return leg", () => {
    const search: Search = { ...base, tripType: "oneWay" };
    expect(tripRequestFromSearch(search)).toEqual({
      tripType: "oneWay",
      pickup: { text: "AYT", placeId: "ayt-airport" },
      dropoff: { text: "Side", placeId: undefined },
    });
  });

  it("maps a round trip's return ends too", () => {
    const search: Search = {
      ...base,
      tripType: "roundTrip",
      returnPickup: "Side",
      returnPickupPlace: undefined,
      returnDropoff: "AYT",
      returnDropoffPlace: "ayt-airport",
      returnDate: "2030-07-08",
      returnTime: "12:00",
    };
    expect(tripRequestFromSearch(search)).toMatchObject({
      tripType: "roundTrip",
      returnPickup: { text: "Side", placeId: undefined },
      returnDropoff: { text: "AYT", placeId: "ayt-airport" },
    });
  });
});
