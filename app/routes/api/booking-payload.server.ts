/**
 * The JSON API's view of a booking request (spec §3 "Booking payload", snake_case): locations as
 * place ids from /api/places, as `pickup_lat`/`pickup_lng`-style coordinates, or as text the server
 * resolves; `pickup_date` as an ISO date-time with an offset (+03:00). `total_price`,
 * `total_distance`, `distance_details` and `status` are accepted for old clients and ignored.
 * Hourly hire is `trip_type: "hourly"` with `hours` (no drop-off); extras are
 * `[{ code, quantity, text }]`; special luggage is `luggage_items: { prams, wheelchairs, golfBags, skis,
 * bicycles }` (counts by kind, app/booking/rules/capacity.ts); `currency` is the one the guest saw (the charge is in lira).
 *
 * Problems with extras are named for the API as `extras` (the list, an unknown or repeated code),
 * `extras.<code>` (its quantity) and `extras.<code>.text` (its text).
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/server/db/schema";
import { presentBookingProducts, type PresentedBookingProducts } from "./present.server";
import { addProblem, type FieldProblems } from "~/i18n/problem";
import { toInstant } from "~/booking/rules/datetime";
import { addressRule, contactFields, MAX_ADDRESS, MAX_NOTES, type Addresses } from "~/booking/rules/contact";
import { MAX_LUGGAGE, MAX_PASSENGERS, MAX_PLACE_TEXT, TRIP_TYPES } from "~/booking/rules/search";
import type { Search } from "~/booking/rules/search";
import { toBusinessDateTime } from "~/booking/rules/datetime";
import { CURRENCIES } from "~/pricing/currency";
import { MAX_EXTRA_QUANTITY, type ExtraChoice } from "~/booking/rules/extras";
import { LUGGAGE_KINDS, LUGGAGE_PLACES, MAX_LUGGAGE_ITEM, type LuggageItems, type LuggageKind } from "~/booking/rules/capacity";
import { MAX_GROUP_CARS } from "~/booking/rules/groups";
import { bookingProductRows, tripRequestFromSearch, type BookingRecord, type BookingRequest, type LocationInput } from "~/booking/index.server";
import { toAdminBooking, type AdminBooking } from "~/routes/admin/booking-view.server";

/**
 * A number, or a number written plainly as a string ("2", "36.85", "-1"): anything else ("0x2",
 * " 2 ", "1e3", an array) is left as it is, so the field's own rule refuses it with its code.
 */
const numberish = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && /^-?\d{1,15}(?:\.\d{1,15})?$/.test(v) ? Number(v) : v === "" ? undefined : v), schema);
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

/** A quantity as a number (numeric text is read too); range and whole-number checks are the extras rule's (checkExtraChoices). */
const extraQuantity = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.number({ error: "errors.extrasFormat" }).meta({ description: `How many: 1 to the extra's max_quantity (at most ${MAX_EXTRA_QUANTITY}); 0 leaves it out; default 1` }),
);

/** The extras asked for, as the API takes them (quotes and bookings): codes from GET /api/extras. */
export const extraChoicesSchema = z
  .array(
    z.object(
      {
        code: z.string({ error: "errors.extrasFormat" }).trim().max(40, "errors.extrasFormat").meta({ description: "The extra's code, e.g. child-seat (GET /api/extras)" }),
        quantity: extraQuantity.optional(),
        text: z.string({ error: "errors.extrasFormat" }).max(400, "errors.extrasFormat").optional().nullable().meta({ description: "The extra's text when it needs one (`needs_text`): the name on the sign" }),
      },
      { error: "errors.extrasFormat" },
    ),
    { error: "errors.extrasFormat" },
  )
  .max(20, "errors.extrasFormat");

export type ExtraChoicesInput = z.output<typeof extraChoicesSchema>;

export const choicesOf = (extras: ExtraChoicesInput | null | undefined): ExtraChoice[] =>
  (extras ?? []).map((e) => ({ code: e.code, quantity: e.quantity ?? 1, text: e.text ?? null }));

/**
 * The special luggage by kind: whole numbers (plain digits read too); the range (0 to
 * MAX_LUGGAGE_ITEM) is the capacity rule's, which says it with its bound. Unknown kinds are refused.
 */
const luggageCount = numberish(z.number({ error: "errors.luggageItemsFormat" })).optional().nullable();
export const luggageItemsSchema = z
  .strictObject(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, luggageCount])) as Record<LuggageKind, typeof luggageCount>, { error: "errors.luggageItemsFormat" })
  .optional()
  .nullable()
  .meta({
    description: `Special luggage by kind, each 0 to ${MAX_LUGGAGE_ITEM}: ${LUGGAGE_KINDS.map((k) => `\`${k}\` (${LUGGAGE_PLACES[k]} suitcase place${LUGGAGE_PLACES[k] === 1 ? "" : "s"})`).join(", ")}. Counted against the car's \`luggage\` with the suitcases: a car fits when luggage + the kinds' places ≤ its luggage (else \`booking:errors.tooMuchSpecialLuggage\` under \`luggage\`)`,
  });

/** A booking's suitcases and special luggage as the API answers them (the kinds brought with their counts; null: none). */
export const luggageAnswerFields = {
  luggage: z.number().int().nullable(),
  luggage_items: z
    .object(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, z.number().int().min(1).optional()])) as Record<LuggageKind, z.ZodOptional<z.ZodNumber>>)
    .nullable()
    .meta({ description: `Special luggage by kind (only the kinds brought): ${LUGGAGE_KINDS.join(", ")}; null: none` }),
};

/** The kinds sent, as the booking request takes them (the range is checked by the capacity rule). */
export const luggageItemsOf = (items: z.output<typeof luggageItemsSchema>): LuggageItems | null => {
  if (!items) return null;
  const out: LuggageItems = {};
  for (const kind of LUGGAGE_KINDS) if (typeof items[kind] === "number") out[kind] = items[kind];
  return out;
};

/** The currency prices are shown in (and a booking records); lira when not given. */
export const currencySchema = z.enum(CURRENCIES, { error: "errors.currency" }).meta({ description: "TRY (default), EUR, USD, GBP or RUB, at the office's rates" });

export const bookingPayloadSchema = z
  .object({
    trip_type: z.enum(TRIP_TYPES, { error: "errors.tripType" }).default("oneWay").meta({ description: "oneWay, roundTrip, or hourly (chauffeur by the hour from the pickup: `hours`, no drop-off)" }),
    hours: numberish(z.number({ error: "errors.hours" }).int("errors.hours").min(1, "errors.hours").max(24, "errors.hours"))
      .optional()
      .nullable()
      .meta({ description: "Hourly hire: its hours, within the office's bounds (settings pricing.hourlyMinHours–hourlyMaxHours, else `booking:errors.hoursRange`)" }),
    extras: extraChoicesSchema.optional().nullable(),
    currency: currencySchema.optional().nullable(),
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
    luggage_items: luggageItemsSchema,
    luggage: numberish(z.number({ error: "errors.luggage" }).int("errors.luggage").min(0, "errors.luggage").max(MAX_LUGGAGE, "errors.luggage")).optional().nullable(),
    car_id: z.string({ error: "errors.selectCar" }).trim().min(1, "errors.selectCar").max(64, "errors.carUnavailable"),
    additional_car_ids: z
      .array(z.string({ error: "errors.groupCars" }).trim().min(1, "errors.groupCars").max(64, "errors.groupCars"), { error: "errors.groupCars" })
      .max(MAX_GROUP_CARS - 1, "errors.groupCars")
      .optional()
      .meta({ description: `Issue 32: a party too large for one car, in several: the cars after car_id (at most ${MAX_GROUP_CARS - 1}), one booking with one reference and one price; the party is split over the cars in proportion to their room (\`cars\` in the answer). Every car must be free at those times.` }),
    full_name: contactFields.fullName,
    email: contactFields.email,
    phone: contactFields.phone,
    notes: z.string().trim().max(MAX_NOTES, "errors.notesTooLong").optional().nullable(),
    flight_number: contactFields.flightNumber.nullable(),
    messaging_consent: z
      .boolean({ error: "consent.invalid" })
      .optional()
      .meta({ description: "The guest agrees to booking updates by WhatsApp or SMS on `phone` (confirmation, changes, cancellation, reminder, driver). Default false: no messages" }),
    pickup_address: address,
    dropoff_address: address,
    return_pickup_address: address,
    return_dropoff_address: address,
    paid_by: z
      .enum(["guest", "partner"], { error: "errors.paidBy" })
      .optional()
      .meta({ description: "Issue 33, with a partner's API key only: who pays, `guest` (in the car) or `partner` (on its monthly statement; nothing is asked of the guest). Default: the partner's credit terms" }),
  })
  .superRefine((p, ctx) => {
    const located = (text: string | null | undefined, id: string | null | undefined, lat: unknown, lng: unknown) =>
      Boolean(text?.trim() || id?.trim() || (typeof lat === "number" && typeof lng === "number"));
    if (!located(p.pickup_location, p.pickup_place_id, p.pickup_lat, p.pickup_lng)) ctx.addIssue({ code: "custom", path: ["pickup_location"], message: "errors.required" });
    if (p.trip_type === "hourly") {
      if (p.hours == null) ctx.addIssue({ code: "custom", path: ["hours"], message: "errors.hours" });
      return;
    }
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
  const hourly = p.trip_type === "hourly";
  return {
    tripType: p.trip_type,
    pickup: location(p.pickup_location, p.pickup_place_id, p.pickup_lat, p.pickup_lng),
    // A hire starts and ends at its pickup: a drop-off sent with it is not a place of the trip.
    dropoff: hourly ? location("", null, null, null) : location(p.dropoff_location, p.dropoff_place_id, p.dropoff_lat, p.dropoff_lng),
    hours: hourly ? (p.hours ?? null) : null,
    extras: choicesOf(p.extras),
    currency: p.currency ?? "TRY",
    pickupAt: p.pickup_date,
    returnPickup: round ? location(p.return_pickup_location, p.return_pickup_place_id, p.return_pickup_lat, p.return_pickup_lng) : undefined,
    returnDropoff: round ? location(p.return_dropoff_location, p.return_dropoff_place_id, p.return_dropoff_lat, p.return_dropoff_lng) : undefined,
    returnAt: round && p.return_date ? (toInstant(p.return_date) ?? undefined) : undefined,
    passengers: p.passengers,
    luggage: p.luggage ?? null,
    luggageItems: luggageItemsOf(p.luggage_items),
    carId: p.car_id,
    ...(p.additional_car_ids?.length ? { moreCarIds: p.additional_car_ids } : {}),
    fullName: p.full_name,
    email: p.email,
    phone: p.phone,
    notes: p.notes ?? "",
    flightNumber: p.flight_number || null,
    messagingConsent: p.messaging_consent === true,
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
  messagingConsent: "messaging_consent",
  pickupAddress: "pickup_address",
  dropoffAddress: "dropoff_address",
  returnPickupAddress: "return_pickup_address",
  returnDropoffAddress: "return_dropoff_address",
  // a special luggage kind's count (the capacity rule names the kind)
  ...Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, "luggage_items"])),
};
/** An internal field name as the API names it; an extra's `extra.<code>` / `extraText.<code>` become `extras.<code>` / `extras.<code>.text`. */
export function apiFieldName(field: string): string {
  if (field.startsWith("extra.")) return `extras.${field.slice("extra.".length)}`;
  if (field.startsWith("extraText.")) return `extras.${field.slice("extraText.".length)}.text`;
  return API_FIELD_NAMES[field] ?? field;
}

/** Problems by internal field name → by the API's field names (two fields may merge, e.g. date and time). */
export function renameFields(fields: FieldProblems, rename: (field: string) => string = apiFieldName): FieldProblems {
  const out: FieldProblems = {};
  for (const [field, list] of Object.entries(fields)) for (const p of list) addProblem(out, rename(field), p);
  return out;
}

/** A validated search (URL) plus the contact form → a booking request: the search's trip, planned as the results page shows it. */
export function requestFromSearch(
  search: Search,
  contact: { carId: string; fullName: string; email: string; phone: string; notes?: string; flightNumber?: string; messagingConsent?: string } & Addresses,
): BookingRequest {
  const round = search.tripType === "roundTrip";
  return {
    ...tripRequestFromSearch(search),
    pickupAt: toInstant(toBusinessDateTime(search.date, search.time))!,
    returnAt: search.tripType === "roundTrip" ? (toInstant(toBusinessDateTime(search.returnDate, search.returnTime)) ?? undefined) : undefined,
    passengers: search.passengers,
    luggage: search.luggage ?? null,
    luggageItems: search.luggageItems,
    carId: contact.carId,
    fullName: contact.fullName,
    email: contact.email,
    phone: contact.phone,
    notes: contact.notes ?? "",
    flightNumber: contact.flightNumber || null,
    messagingConsent: Boolean(contact.messagingConsent),
    addresses: {
      pickupAddress: contact.pickupAddress || null,
      dropoffAddress: contact.dropoffAddress || null,
      returnPickupAddress: round ? contact.returnPickupAddress || null : null,
      returnDropoffAddress: round ? contact.returnDropoffAddress || null : null,
    },
  };
}

/** The product and price columns of bookings (migration 0040) as the API shows them, by booking id. */
export async function bookingProducts(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, PresentedBookingProducts>> {
  if (ids.length === 0) return new Map();
  const rows = await bookingProductRows(db, ids);
  return new Map(rows.map((row) => [row.id, presentBookingProducts(row)]));
}

/**
 * Bookings as the API answers them: the office's view (AdminBooking) with the hire's hours, the
 * extras, the price lines and the currency the guest saw; an hourly hire is `trip_type: "hourly"`.
 */
export async function withBookingProducts<B extends { id: string }>(db: Kysely<Database>, bookings: readonly B[]): Promise<Array<Omit<B, "trip_type"> & PresentedBookingProducts>> {
  const products = await bookingProducts(
    db,
    bookings.map((b) => b.id),
  );
  return bookings.flatMap((b) => {
    const more = products.get(b.id);
    return more ? [{ ...b, ...more }] : [];
  });
}

/** One booking record as the API answers it: the office's view with its products (as `withBookingProducts`, without reading them again). */
export function apiBooking(record: BookingRecord): Omit<AdminBooking, "trip_type"> & PresentedBookingProducts {
  return { ...toAdminBooking(record), ...presentBookingProducts(record) };
}
