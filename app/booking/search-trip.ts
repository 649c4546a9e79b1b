/**
 * A validated search (the /booking-results URL, or the same fields as JSON to /api/quotes) as the
 * trip to plan: each end a typed text with the place id chosen from the suggestions, the return
 * leg only for a round trip. The results page and the quote API both plan from this.
 */
import type { Search } from "./rules/search";
import type { TripRequest } from "./trip.server";

export function tripRequestFromSearch(search: Search): TripRequest {
  return {
    tripType: search.tripType,
    ...(search.tripType === "hourly" ? { hours: search.hours } : {}),
    pickup: { text: search.pickup, placeId: search.pickupPlace },
    dropoff: { text: search.dropoff, placeId: search.dropoffPlace },
    ...(search.tripType === "roundTrip"
      ? {
          returnPickup: { text: search.returnPickup, placeId: search.returnPickupPlace },
          returnDropoff: { text: search.returnDropoff, placeId: search.returnDropoffPlace },
        }
      : {}),
  };
}
