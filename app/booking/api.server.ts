/**
 * The JSON API's view of a booking request (spec §3 "Booking payload", snake_case): locations as
 * place ids from /api/places, as `pickup_lat`/`pickup_lng`-style coordinates, or as text the server
 * resolves; `pickup_date` as an ISO date-time with an offset (+03:00). `total_price`,
 * `total_distance`, `distance_details` and `status` are accepted for old clients and ignored.
 */
import { z } from "zod";
import { addProblem, type FieldProblems } from "~/i18n/problem";
import { toInstant } from "./datetime";
import { addressRule, contactFields, MAX_ADDRESS, type Addresses } from "./contact";
import { tripRequestFromSearch } from "./search-trip";
import { MAX_LUGGAGE, MAX_PASSENGERS, MAX_PLACE_TEXT, TRIP_TYPES } from "./search";
import type { BookingRequest } from "./bookings.server";
import type { LocationInput } from "./trip.server";
import type { Search } from "./search";
import { toBusinessDateTime } from "./datetime";

const numberish = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v), schema);
const coordinate = numberish(z.number({ error: "errors.coordinates" }).finite("errors.coordinates")).optional().nullable();
const placeText = z.string().trim().max(MAX_PLACE_TEXT, "errors.tooLong");
const placeId = z.string().trim().max(300, "errors.tooLong").optional().nullable();
const instant = z
  .string({ error: "errors.required" })
  .trim()
  .max(40, "errors.date")
  .transform((v, ctx) => {
    const at = toInstant(v);
    if (!at) {
      ctx.addIssue({ code: "custom", message: "errors.date" });
      return z.NEVER;
    }
    return at;
  });

/** The guest's hotel or street address at a leg end, optional (contact.ts's one address rule). */
const address = addressRule("errors.address")
  .optional()
  .nullable()
  .meta({ description: `Hotel or street address at this end, e.g. "Kempinski Hotel The Dome": one line, at most ${MAX_ADDRESS} characters; return ends are kept on round trips only` });

export const bookingPayloadSchema = z
  .object({
    trip_type: z.enum(TRIP_TYPES, { error: "errors.tripType" }).default("oneWay"),
    pickup_location: placeText.default(""),
    pickup_place_id: placeId,
    pickup_lat: coordinate,
    pickup_lng: coordinate,
    dropoff_location: placeText.default(""),
    dropoff_place_id: placeId,
    dropoff_lat: coordinate,
    dropoff_lng: coordinate,
    pickup_date: instant,
    return_pickup_location: placeText.optional().nullable(),
    return_pickup_place_id: placeId,
    return_pickup_lat: coordinate,
    return_pickup_lng: coordinate,
    return_dropoff_location: placeText.optional().nullable(),
    return_dropoff_place_id: placeId,
    return_dropoff_lat: coordinate,
    return_dropoff_lng: coordinate,
    return_date: z.string().trim().max(40, "errors.date").optional().nullable(),
    passengers: numberish(z.number({ error: "errors.passengers" }).int("errors.passengers").min(1, "errors.passengers").max(MAX_PASSENGERS, "errors.passengers")).default(1),
    luggage: numberish(z.number({ error: "errors.luggage" }).int("errors.luggage").min(0, "errors.luggage").max(MAX_LUGGAGE, "errors.luggage")).optional().nullable(),
    car_id: z.string({ error: "errors.selectCar" }).trim().min(1, "errors.selectCar").max(64, "errors.carUnavailable"),
    full_name: contactFields.fullName,
    email: contactFields.email,
    phone: contactFields.phone,
    notes: z.string().trim().max(1000, "errors.tooLong").optional().nullable(),
    flight_number: contactFields.flightNumber.nullable(),
    pickup_address: address,
    dropoff_address: address,
    return_pickup_address: address,
    return_dropoff_address: address,
  })
  .superRefine((p, ctx) => {
    const located = (text: string | null | undefined, id: string | null | undefined, lat: unknown, lng: unknown) =>
      Boolean(text?.trim() || id?.trim() || (typeof lat === "number" && typeof lng === "number"));
    if (!located(p.pickup_location, p.pickup_place_id, p.pickup_lat, p.pickup_lng)) ctx.addIssue({ code: "custom", path: ["pickup_location"], message: "errors.required" });
    if (!located(p.dropoff_location, p.dropoff_place_id, p.dropoff_lat, p.dropoff_lng)) ctx.addIssue({ code: "custom", path: ["dropoff_location"], message: "errors.required" });
    if (p.trip_type !== "roundTrip") return;
    if (!located(p.return_pickup_location, p.return_pickup_place_id, p.return_pickup_lat, p.return_pickup_lng)) ctx.addIssue({ code: "custom", path: ["return_pickup_location"], message: "errors.required" });
    if (!located(p.return_dropoff_location, p.return_dropoff_place_id, p.return_dropoff_lat, p.return_dropoff_lng)) ctx.addIssue({ code: "custom", path: ["return_dropoff_location"], message: "errors.required" });
    if (!p.return_date) ctx.addIssue({ code: "custom", path: ["return_date"], message: "errors.required" });
    else if (!toInstant(p.return_date)) ctx.addIssue({ code: "custom", path: ["return_date"], message: "errors.date" });
  });

export type BookingPayload = z.output<typeof bookingPayloadSchema>;

const location = (text: string | null | undefined, id: string | null | undefined, lat: number | null | undefined, lng: number | null | undefined): LocationInput => ({
  text: text?.trim() ?? "",
  placeId: id?.trim() || undefined,
  lat: typeof lat === "number" ? lat : undefined,
  lng: typeof lng === "number" ? lng : undefined,
});

export function requestFromPayload(p: BookingPayload): BookingRequest {
  const round = p.trip_type === "roundTrip";
  return {
    tripType: p.trip_type,
    pickup: location(p.pickup_location, p.pickup_place_id, p.pickup_lat, p.pickup_lng),
    dropoff: location(p.dropoff_location, p.dropoff_place_id, p.dropoff_lat, p.dropoff_lng),
    pickupAt: p.pickup_date,
    returnPickup: round ? location(p.return_pickup_location, p.return_pickup_place_id, p.return_pickup_lat, p.return_pickup_lng) : undefined,
    returnDropoff: round ? location(p.return_dropoff_location, p.return_dropoff_place_id, p.return_dropoff_lat, p.return_dropoff_lng) : undefined,
    returnAt: round && p.return_date ? (toInstant(p.return_date) ?? undefined) : undefined,
    passengers: p.passengers,
    luggage: p.luggage ?? null,
    carId: p.car_id,
    fullName: p.full_name,
    email: p.email,
    phone: p.phone,
    notes: p.notes ?? "",
    flightNumber: p.flight_number || null,
    addresses: {
      pickupAddress: p.pickup_address ?? null,
      dropoffAddress: p.dropoff_address ?? null,
      returnPickupAddress: round ? (p.return_pickup_address ?? null) : null,
      returnDropoffAddress: round ? (p.return_dropoff_address ?? null) : null,
    },
  };
}

/** Internal field names (search and contact form) → the API's snake_case names. */
export const API_FIELD_NAMES: Record<string, string> = {
  pickup: "pickup_location",
  dropoff: "dropoff_location",
  returnPickup: "return_pickup_location",
  returnDropoff: "return_dropoff_location",
  date: "pickup_date",
  time: "pickup_date",
  returnDate: "return_date",
  returnTime: "return_date",
  carId: "car_id",
  fullName: "full_name",
  flightNumber: "flight_number",
  pickupAddress: "pickup_address",
  dropoffAddress: "dropoff_address",
  returnPickupAddress: "return_pickup_address",
  returnDropoffAddress: "return_dropoff_address",
};
export const apiFieldName = (field: string) => API_FIELD_NAMES[field] ?? field;

/** Problems by internal field name → by the API's field names (two fields may merge, e.g. date and time). */
export function renameFields(fields: FieldProblems, rename: (field: string) => string = apiFieldName): FieldProblems {
  const out: FieldProblems = {};
  for (const [field, list] of Object.entries(fields)) for (const p of list) addProblem(out, rename(field), p);
  return out;
}

/** A validated search (URL) plus the contact form → a booking request: the search's trip, planned as the results page shows it. */
export function requestFromSearch(
  search: Search,
  contact: { carId: string; fullName: string; email: string; phone: string; notes?: string; flightNumber?: string } & Addresses,
): BookingRequest {
  const round = search.tripType === "roundTrip";
  return {
    ...tripRequestFromSearch(search),
    pickupAt: toInstant(toBusinessDateTime(search.date, search.time))!,
    returnAt: search.tripType === "roundTrip" ? (toInstant(toBusinessDateTime(search.returnDate, search.returnTime)) ?? undefined) : undefined,
    passengers: search.passengers,
    luggage: search.luggage ?? null,
    carId: contact.carId,
    fullName: contact.fullName,
    email: contact.email,
    phone: contact.phone,
    notes: contact.notes ?? "",
    flightNumber: contact.flightNumber || null,
    addresses: {
      pickupAddress: contact.pickupAddress || null,
      dropoffAddress: contact.dropoffAddress || null,
      returnPickupAddress: round ? contact.returnPickupAddress || null : null,
      returnDropoffAddress: round ? contact.returnDropoffAddress || null : null,
    },
  };
}
