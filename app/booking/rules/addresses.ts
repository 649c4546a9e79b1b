/**
 * The leg ends a guest may name a hotel or street address for: every end of the trip that is not
 * an airport (at an airport the flight number tells the driver where to wait). Pure; the results
 * page asks it with the planned trip, and the contact form shows one field per end it returns.
 */
import type { BookingRow } from "~/server/db/schema";
import type { AddressField } from "./contact";

/** Which leg an end belongs to; null on a one-way trip, where there is only one. */
export type AddressLeg = "outbound" | "return" | null;

export interface AddressStop {
  field: AddressField;
  /** the place as the visitor named it in the search, e.g. "Belek" */
  place: string;
  leg: AddressLeg;
}

/**
 * The `booking` key that labels a hotel or address: "Hotel or address — Belek", and on a round
 * trip (where Belek is often both the outbound's drop-off and the return's pickup) with its leg.
 */
export const addressLabelKey = (leg: AddressLeg): string =>
  leg === "outbound" ? "contact.addressOutbound" : leg === "return" ? "contact.addressReturn" : "contact.address";

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

/** A place's short name for a label: "Belek" of "Belek, Antalya", "Кемер" of "Кемер, Анталья". */
export const shortPlaceName = (label: string | null | undefined): string => (label ?? "").split(",")[0]!.trim();

export function addressStops(names: Names, trip: TripEnds): AddressStop[] {
  const round = trip.return !== null;
  const ends: Array<[AddressField, string | null | undefined, End | undefined, AddressLeg]> = [
    ["pickupAddress", names.pickup, trip.outbound.from, round ? "outbound" : null],
    ["dropoffAddress", names.dropoff, trip.outbound.to, round ? "outbound" : null],
    ["returnPickupAddress", names.returnPickup, trip.return?.from, "return"],
    ["returnDropoffAddress", names.returnDropoff, trip.return?.to, "return"],
  ];
  return ends
    .filter(([, , end]) => end !== undefined && end.kind !== "airport")
    .map(([field, place, , leg]) => ({ field, place: shortPlaceName(place), leg }));
}

/** Each leg end of a booking as [place, hotel or address, leg] (the leg named on round trips only). */
export function bookingAddresses(
  b: Pick<BookingRow, "trip_type" | "pickup_location" | "dropoff_location" | "return_pickup_location" | "return_dropoff_location" | "pickup_address" | "dropoff_address" | "return_pickup_address" | "return_dropoff_address">,
): Array<[place: string | null, address: string | null, leg: AddressLeg]> {
  const outbound: AddressLeg = b.trip_type === "roundTrip" ? "outbound" : null;
  return [
    [b.pickup_location, b.pickup_address, outbound],
    [b.dropoff_location, b.dropoff_address, outbound],
    [b.return_pickup_location, b.return_pickup_address, "return"],
    [b.return_dropoff_location, b.return_dropoff_address, "return"],
  ];
}
