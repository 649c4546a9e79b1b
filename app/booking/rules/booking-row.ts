/**
 * The stored shape of a booking, built by one pure function: `createBooking` uses it for every
 * booking the site, the API and the tests make, and the benchmark uses it for its bulk rows, so
 * search text and distance details are the same whoever writes. Also the one search-text rule
 * (`bookingSearchText`, phone digits included) that the office's edits reuse.
 */
import type { BookingRow, BookingStatus, NewBookingRow, TripType } from "~/server/db/schema";
import { fromBool, parseJson, toJson } from "~/server/db/convert";
import { flightSearchForms, foldSearchText, phoneSearchDigits } from "~/utils/search-text";
import { addMinutes } from "./availability";
import type { PriceBreakdown } from "./pricing";
import { km, minutes, type Km, type Minutes, type Seconds } from "./units";
import { normaliseLuggageItems, type LuggageItems } from "./capacity";

/** The special luggage as stored: the kinds brought as JSON, or null when none. */
export const luggageItemsJson = (items: LuggageItems | null | undefined): string | null => {
  const kept = normaliseLuggageItems(items);
  return kept ? toJson(kept) : null;
};

/** One leg's route as stored: numbers only (texts are made by presenters). */
export interface LegDistance {
  km: Km;
  minutes: Minutes;
}

/** `bookings.distance_details` (migration 0027). */
export interface DistanceDetails {
  outbound: LegDistance;
  return: LegDistance | null;
}

const isLeg = (v: unknown): v is LegDistance =>
  typeof v === "object" && v !== null && typeof (v as LegDistance).km === "number" && typeof (v as LegDistance).minutes === "number";

const isDetails = (v: unknown): v is DistanceDetails =>
  typeof v === "object" && v !== null && isLeg((v as DistanceDetails).outbound) && ((v as DistanceDetails).return === null || isLeg((v as DistanceDetails).return));

export function readDistanceDetails(row: Pick<BookingRow, "distance_details">): DistanceDetails | null {
  const details = parseJson<DistanceDetails | null>(row.distance_details, null, isDetails);
  return details && { outbound: leg(details.outbound), return: details.return ? leg(details.return) : null };
}

const leg = (l: { km: number; minutes: number }): LegDistance => ({ km: km(l.km), minutes: minutes(l.minutes) });

export const distanceDetailsJson = (details: DistanceDetails): string =>
  toJson({ outbound: leg(details.outbound), return: details.return ? leg(details.return) : null } satisfies DistanceDetails);

type SearchSource = Pick<
  BookingRow,
  "full_name" | "email" | "phone" | "reference" | "pickup_location" | "dropoff_location" | "return_pickup_location" | "return_dropoff_location"
> &
  Partial<Pick<BookingRow, "pickup_address" | "dropoff_address" | "return_pickup_address" | "return_dropoff_address" | "flight_number">>;

/**
 * The folded text the office's list searches: reference, name, e-mail, phone (as typed and as
 * international digits, `phoneSearchDigits`), places, hotels or addresses and the flight number
 * (as typed, compact and spaced, `flightSearchForms`). Migration 0035 holds a frozen copy.
 */
export function bookingSearchText(b: SearchSource): string {
  return foldSearchText(
    b.reference,
    b.full_name,
    b.email,
    b.phone,
    phoneSearchDigits(b.phone),
    b.pickup_location,
    b.dropoff_location,
    b.return_pickup_location,
    b.return_dropoff_location,
    b.pickup_address,
    b.dropoff_address,
    b.return_pickup_address,
    b.return_dropoff_address,
    ...flightSearchForms(b.flight_number),
  );
}

export interface StopInput {
  label: string;
  lat: number | null;
  lng: number | null;
  /** the hotel or street address the guest gave for this end, if any */
  address?: string | null;
}

export interface LegInput extends LegDistance {
  from: StopInput;
  to: StopInput;
}

/** Everything a new booking row is made of, already checked and priced. */
export interface BookingRowInput {
  id: string;
  reference: string;
  accessTokenHash: string;
  tripType: TripType;
  /** hourly hire: its hours (the trip type is then oneWay) */
  hours?: number | null;
  /** the currency the guest saw: code, its rate (lira × 10,000, null for TRY) and the total in its minor units */
  currency?: { code: string; rate: number | null; total: number };
  outbound: LegInput;
  /** round trips only */
  return: LegInput | null;
  /** UTC instants */
  pickupAt: string;
  returnAt: string | null;
  passengers: number;
  luggage: number | null;
  /** the special luggage by kind (issue 32); none: null */
  luggageItems?: LuggageItems | null;
  car: { id: string | null; name: string };
  contact: { fullName: string; email: string; phone: string; notes: string; flightNumber: string | null };
  price: PriceBreakdown;
  totalSeconds: Seconds;
  routeSource: string;
  status?: BookingStatus;
  locale: string;
  idempotencyKey?: string | null;
  idempotencyHash?: string | null;
  clientIp?: string | null;
  /** when it was made (created, updated, consent) */
  at: string;
}

export function buildBookingRow(input: BookingRowInput): NewBookingRow {
  const back = input.tripType === "roundTrip" ? input.return : null;
  const row: NewBookingRow = {
    id: input.id,
    reference: input.reference,
    access_token_hash: input.accessTokenHash,
    trip_type: input.tripType,
    pickup_location: input.outbound.from.label,
    dropoff_location: input.outbound.to.label,
    pickup_lat: input.outbound.from.lat,
    pickup_lng: input.outbound.from.lng,
    dropoff_lat: input.outbound.to.lat,
    dropoff_lng: input.outbound.to.lng,
    pickup_date: input.pickupAt,
    return_pickup_location: back?.from.label ?? null,
    return_dropoff_location: back?.to.label ?? null,
    return_pickup_lat: back?.from.lat ?? null,
    return_pickup_lng: back?.from.lng ?? null,
    return_dropoff_lat: back?.to.lat ?? null,
    return_dropoff_lng: back?.to.lng ?? null,
    return_date: back ? input.returnAt : null,
    pickup_end: addMinutes(input.pickupAt, input.outbound.minutes),
    return_end: back && input.returnAt ? addMinutes(input.returnAt, back.minutes) : null,
    pickup_address: input.outbound.from.address || null,
    dropoff_address: input.outbound.to.address || null,
    return_pickup_address: back?.from.address || null,
    return_dropoff_address: back?.to.address || null,
    passengers: input.passengers,
    luggage: input.luggage,
    // only when there is some (migration 0213): rows built for an older schema (the benchmark's, a migration's test) stay as they were
    ...(input.luggageItems && luggageItemsJson(input.luggageItems) ? { luggage_items: luggageItemsJson(input.luggageItems) } : {}),
    car_id: input.car.id,
    car_name: input.car.name,
    full_name: input.contact.fullName,
    email: input.contact.email,
    phone: input.contact.phone,
    notes: input.contact.notes,
    flight_number: input.contact.flightNumber || null,
    total_distance: input.price.distanceKm,
    total_duration: input.totalSeconds,
    total_price: input.price.total,
    rate_per_km: input.price.ratePerKm,
    minimum_applied: fromBool(input.price.minimumApplied),
    distance_details: distanceDetailsJson({ outbound: input.outbound, return: back }),
    route_source: input.routeSource,
    hours: input.hours ?? null,
    extras: toJson(input.price.extras),
    price_lines: toJson(input.price.lines),
    currency: input.currency?.code ?? "TRY",
    currency_rate: input.currency?.rate ?? null,
    currency_total: input.currency?.total ?? input.price.total,
    status: input.status ?? "pending",
    locale: input.locale,
    idempotency_key: input.idempotencyKey ?? null,
    idempotency_hash: input.idempotencyHash ?? null,
    consent_at: input.at,
    client_ip: input.clientIp ?? null,
    search_text: "",
    created_at: input.at,
    updated_at: input.at,
  };
  row.search_text = bookingSearchText({ ...row, car_name: row.car_name ?? "" } as SearchSource);
  return row;
}
