/**
 * The leg ends a guest may name a hotel or street address for: every end of the trip that is not
 * an airport (at an airport the flight number tells the driver where to wait). Pure; the results
 * page asks it with the planned trip, and the contact form shows one field per end it returns.
 */
import type { AddressField } from "./contact";

export interface AddressStop {
  field: AddressField;
  /** the place as the visitor named it in the search, e.g. "Belek" */
  place: string;
}

interface End {
  kind: string;
}

interface TripEnds {
  outbound: { from: End; to: End };
  return: { from: End; to: End } | null;
}

interface Names {
  pickup: string;
  dropoff: string;
  returnPickup?: string | null;
  returnDropoff?: string | null;
}

export function addressStops(names: Names, trip: TripEnds): AddressStop[] {
  const ends: Array<[AddressField, string | null | undefined, End | undefined]> = [
    ["pickupAddress", names.pickup, trip.outbound.from],
    ["dropoffAddress", names.dropoff, trip.outbound.to],
    ["returnPickupAddress", names.returnPickup, trip.return?.from],
    ["returnDropoffAddress", names.returnDropoff, trip.return?.to],
  ];
  return ends
    .filter(([, , end]) => end !== undefined && end.kind !== "airport")
    .map(([field, place]) => ({ field, place: place?.trim() ?? "" }));
}
