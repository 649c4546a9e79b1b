/**
 * zod schemas of what the API sends back, and of the few request bodies that no form schema
 * describes, for the OpenAPI document (app/routes/api/openapi.document.ts builds it with
 * `z.toJSONSchema`). Each response schema is checked at compile time against the type the route
 * really returns (`describes<T>()`), so the document cannot drift from the code without the
 * typecheck failing.
 */
import { z } from "zod";
import { type BookingEvent } from "~/booking/index.server";
import type { AdminBooking } from "~/routes/admin/booking-view.server";
import type { presentLeg, presentOfferedExtra, presentPrice, PresentedBookingProducts, PresentedExtra, PresentedPriceLine, PresentedTripTerms } from "~/routes/api/present.server";
import { CURRENCIES } from "~/pricing/currency";
import { currencySchema, extraChoicesSchema, luggageAnswerFields } from "~/routes/api/booking-payload.server";
import { EXTRA_PRICING } from "~/booking/rules/extras";
import { BOOKING_STATUSES } from "~/booking/rules/status";
import { BOOKING_CHANNELS } from "~/booking/rules/channel";
import type { Car } from "~/fleet/car";
import { DRIVER_LANGUAGES, MAX_DRIVER_NAME, MAX_LICENCE, type Driver } from "~/drivers/drivers";
import type { ConflictingBooking } from "~/fleet/maintenance.server";
import { CAR_STATUSES, GUEST_CHANGES, PAY_MODES, PAYMENT_STATUSES, USER_ROLES } from "~/server/db/schema";
import type { PlaceSuggestion } from "~/places/types";
import type { UploadedImage } from "~/uploads/uploads.server";
import type { ApiError } from "../api";
import { CHANGE_FIELDS, type ChangeField } from "~/booking/rules/booking-changes";
import { LUGGAGE_KINDS, type LuggageKind } from "~/booking/rules/capacity";

/**
 * Compile-time: every value of T is a valid value of the schema (the schema may say more, e.g.
 * formats). A field added to T without a place in the schema fails the typecheck here.
 */
export const describes =
  <T>() =>
  <S extends z.ZodType>(schema: S & ([T] extends [z.input<S>] ? unknown : { "schema does not describe": T })): S =>
    schema;

export const instant = z.string().meta({ format: "date-time" });
export const lira = (description = "lira, two decimals") => z.number().meta({ description });

/** `{ success: false, error }`: the domain's code in `reason` (a catalogue key), its Turkish text in `message`. */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: describes<ApiError>()(
      z.object({
        code: z.enum([
          "bad_request",
          "validation_failed",
          "unauthorized",
          "forbidden",
          "not_found",
          "method_not_allowed",
          "conflict",
          "car_unavailable",
          "driver_unavailable",
          "payload_too_large",
          "rate_limited",
          "cross_origin",
          "unsupported_media_type",
          "idempotency_mismatch",
          "unavailable",
          "storage_unavailable",
          "internal",
        ]),
        message: z.string().meta({ description: "Turkish, from the catalogue" }),
        reason: z.string().optional().meta({ description: "The catalogue key behind `code`, e.g. booking:errors.rateLimited" }),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional().meta({ description: "Values of the reason's text" }),
        fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: "Field → Turkish messages" }),
        fieldCodes: z.record(z.string(), z.array(z.string())).optional().meta({ description: "Field → catalogue keys, for clients that translate themselves" }),
        conflicts: z
          .array(
            z.object({
              kind: z.enum(["booking", "maintenance", "inactive", "missing"]),
              reference: z.string().optional(),
              full_name: z.string().optional(),
              leg: z.enum(["outbound", "return"]).optional(),
              start: instant.optional(),
              end: instant.optional(),
              from: instant.nullable().optional(),
              to: instant.nullable().optional(),
            }),
          )
          .optional()
          .meta({ description: "`car_unavailable`: what the car is busy with (another booking's leg, a maintenance window)" }),
      }),
    ),
  });

export const CarSchema = describes<Car & { bookings_count?: number; plate_number?: string | null; colour?: string | null }>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      make: z.string(),
      model: z.string(),
      category: z.string(),
      year: z.number().int().nullable(),
      fuel_type: z.string().nullable(),
      seats: z.number().int(),
      luggage: z.number().int(),
      price_per_km: lira("lira per km").nullable(),
      price_per_day: lira("lira per day").nullable(),
      price_per_hour: lira("lira per hour of hourly hire; null: the car is not hired by the hour").nullable(),
      status: z.enum(CAR_STATUSES),
      description: z.string(),
      features: z.array(z.string()),
      image: z.string().meta({ description: "First image, or /images/placeholder.jpg" }),
      images: z.array(z.string()),
      gallery: z.array(z.object({ url: z.string(), card: z.string().optional(), width: z.number().int().optional(), height: z.number().int().optional() })),
      bookings_count: z.number().int().optional().meta({ description: "Admin answers only" }),
      plate_number: z.string().nullable().optional().meta({ description: "Staff answers only (never public): the registration plate, e.g. 07 ABC 915" }),
      colour: z.string().nullable().optional().meta({ description: "Staff answers only: the colour as the guest is told it" }),
      maintenance_from: instant.nullable().meta({ description: "Start of the maintenance window (UTC); null: open" }),
      maintenance_to: instant.nullable().meta({ description: "End of the maintenance window (UTC); null: until further notice" }),
      created_at: instant,
      updated_at: instant,
    }),
);

/** A pending or confirmed leg that falls in a car's maintenance window (with the buffer after its drop-off). */
export const ConflictingBookingSchema = describes<ConflictingBooking>()(
  z.object({
    booking_id: z.string(),
    reference: z.string(),
    full_name: z.string(),
    leg: z.enum(["outbound", "return"]),
    pickup_at: instant,
    dropoff_at: instant,
    status: z.enum(BOOKING_STATUSES),
  }),
);

/** A car as a create or an update answers it. */
export const CarSaved = describes<Car & { conflicting_bookings?: ConflictingBooking[] }>()(
  CarSchema.omit({ bookings_count: true }).extend({
    conflicting_bookings: z
      .array(ConflictingBookingSchema)
      .optional()
      .meta({
        description:
          "Present when the saved car has a maintenance window (the maintenance status, or dates): its pending and confirmed legs that touch the window, from now on for an open start, in pickup order; empty when none. The office moves them to another car.",
      }),
  }),
);

const legDetails = z.object({
  distance: z.string().optional(),
  distance_value: z.number().optional().meta({ description: "km" }),
  duration: z.string().optional(),
  duration_value: z.number().optional().meta({ description: "seconds" }),
});

/** The hotel or street address the guest gave at a leg end (at most 200 characters), null when none. */
const address = z.string().nullable().meta({ description: "Hotel or street address at this leg end, e.g. Kempinski Hotel The Dome; null when none" });

const currencyCode = z.enum(CURRENCIES).meta({ description: "TRY, EUR, USD, GBP or RUB" });
const extraNames = z
  .object({ tr: z.string(), en: z.string(), de: z.string(), ru: z.string() })
  .meta({ description: "The extra's name in each public language" });

/** One line of a price (app/booking/pricing.ts): the kind says which of the other fields it has. */
export const PriceLineSchema = describes<PresentedPriceLine>()(
  z
    .object({
      kind: z.enum(["fixed", "distance", "hourly", "night", "returnDiscount", "minimum", "extra", "office", "car"]).meta({
        description:
          "fixed: the leg's route fare (leg, route_id); distance: km × rate_per_km (leg, km, rate_per_km); hourly: hours × rate_per_hour; night: the night surcharge on a leg (leg, percent); returnDiscount: percent off both legs (negative amount); minimum: the category's minimum fare raised the transport to `minimum`; extra: an extra (code, quantity, unit_price); office: the price the office agreed with the guest in place of the quote (`quoted`, the quote's total; amount: the difference); car: a further car of a party in several cars (`unit` 2, 3, …, `name`), its own total for the trip",
      }),
      amount: lira("lira, two decimals; negative for a discount"),
      leg: z.enum(["outbound", "return"]).optional(),
      route_id: z.string().optional().meta({ description: "The route fare's id (/admin/routes)" }),
      km: z.number().optional(),
      rate_per_km: lira("lira per km").optional(),
      hours: z.number().int().optional(),
      rate_per_hour: lira("lira per hour").optional(),
      percent: z.number().optional(),
      minimum: lira("the minimum fare, lira").optional(),
      code: z.string().optional(),
      quantity: z.number().int().optional(),
      unit_price: lira("lira per unit, or per booking").optional(),
      quoted: lira("the quote's total the office's price replaced, lira").optional(),
      unit: z.number().int().optional().meta({ description: "car: the car's unit in the booking (2, 3, …)" }),
      name: z.string().optional().meta({ description: "car: the car's name when booked" }),
    })
    .meta({ description: "The lines add up to the total" }),
);

/** An extra taken: names and prices as priced (a booking keeps them as booked). */
export const ChosenExtraSchema = describes<PresentedExtra>()(
  z.object({
    code: z.string(),
    names: extraNames,
    pricing: z.enum(EXTRA_PRICING).meta({ description: "booking: once per booking; unit: per unit × quantity" }),
    quantity: z.number().int(),
    unit_price: lira(),
    amount: lira(),
    text: z.string().nullable().meta({ description: "The text given with it (the name on the sign); null when none" }),
  }),
);

/** An extra offered (GET /api/extras). */
export const OfferedExtraSchema = describes<ReturnType<typeof presentOfferedExtra>>()(
  z.object({
    code: z.string().meta({ description: "Send it in `extras[].code` of /api/quotes and /api/bookings" }),
    names: extraNames,
    price: lira(),
    pricing: z.enum(EXTRA_PRICING).meta({ description: "booking: once per booking; unit: per unit × quantity" }),
    max_quantity: z.number().int(),
    needs_text: z.boolean().meta({ description: "A text is required with it (`extras[].text`: the name on the sign)" }),
    currency: currencyCode.optional().meta({ description: "With ?currency=: the currency of price_in_currency" }),
    price_in_currency: z.number().optional().meta({ description: "With ?currency=: the price in that currency at the office's rates (roubles whole)" }),
  }),
);

/** What a booking keeps of its products and price, as every booking answer of the API shows it. */
const bookingProducts = {
  trip_type: z.enum(["oneWay", "roundTrip", "hourly"]).meta({ description: "hourly: chauffeur by the hour from the pickup, for `hours`" }),
  hours: z.number().int().nullable().meta({ description: "Hourly hire: its hours; null for a transfer" }),
  extras: z.array(ChosenExtraSchema),
  price_lines: z.array(PriceLineSchema).meta({ description: "The price as computed when booked or last re-priced; empty for bookings made before itemised prices" }),
  currency: currencyCode.meta({ description: "The currency the guest saw; `total_price` is what is charged, in lira" }),
  currency_rate: z.number().meta({ description: "Lira per unit of `currency` when booked (1 for TRY)" }),
  currency_total: z.number().meta({ description: "The total in `currency`'s units as the guest saw it (roubles whole)" }),
};
export const BookingProductsSchema = describes<PresentedBookingProducts>()(z.object(bookingProducts));

export const AdminBookingSchema = describes<AdminBooking>()(
  z
    .object({
      id: z.string(),
      reference: z.string().meta({ description: "e.g. VT-7K3Q9X" }),
      full_name: z.string(),
      email: z.string(),
      phone: z.string(),
      status: z.enum(BOOKING_STATUSES),
      auto_confirmed_at: instant.nullable().meta({ description: "Issue 32: when the system confirmed the booking as it was made (instant confirmation: settings booking.autoConfirm); null when a person or a payment confirmed it, or it is not confirmed" }),
      channel: z.enum(BOOKING_CHANNELS).meta({ description: "Where the booking came from: site, api, phone, whatsapp, email, desk, partner (issue 29); bookings made before channels were kept read site" }),
      customer_id: z.string().nullable().meta({ description: "The guest the office knows (GET /api/customers), matched by phone or e-mail; null until linked or after the guest was erased" }),
      created_at: instant,
      updated_at: instant,
      trip_type: z.enum(["oneWay", "roundTrip"]),
      car_id: z.string().nullable(),
      car: z.object({ name: z.string(), images: z.array(z.string()) }).nullable(),
      pickup_date: instant,
      return_date: instant.nullable(),
      passengers: z.number().int(),
      ...luggageAnswerFields,
      pickup_location: z.string(),
      dropoff_location: z.string(),
      return_pickup_location: z.string().nullable(),
      return_dropoff_location: z.string().nullable(),
      pickup_address: address,
      dropoff_address: address,
      return_pickup_address: address,
      return_dropoff_address: address,
      flight_number: z.string().nullable(),
      total_price: lira(),
      payment_status: z
        .enum(PAYMENT_STATUSES)
        .meta({ description: "Issue 30: from the booking's ledger: unpaid, part_paid, paid, or refunded (money went back and nothing more is owed)" }),
      amount_paid: lira("what the ledger received, net of refunds, in lira"),
      balance_due: lira("what is still owed, in lira like total_price; 0 once paid and for a cancelled booking"),
      pay_mode: z.enum(PAY_MODES).meta({ description: "What the guest was asked: arrival (everything to the driver), deposit or full (online)" }),
      total_distance: z.number().meta({ description: "km" }),
      total_duration: z.number().int().meta({ description: "seconds" }),
      rate_per_km: lira(),
      distance_details: z.object({ outbound: legDetails.nullable(), return: legDetails.nullable() }),
      notes: z.string(),
      locale: z.string(),
      guest_change: z
        .enum(GUEST_CHANGES)
        .nullable()
        .meta({ description: "Issue 16: what the guest last did from the private link (changed, cancelled), until the office marks it seen (admin page \"Gördüm\"); null otherwise" }),
      guest_changed_at: instant.nullable().meta({ description: "When the guest did it; null with guest_change" }),
      messaging_consent_at: instant
        .nullable()
        .meta({ description: "Issue 16: when the guest agreed to booking updates by WhatsApp or SMS (POST /api/bookings `messaging_consent`); null: no messages are sent" }),
    }),
);

export const BookingEventSchema = describes<BookingEvent>()(
  z
    .object({
      id: z.string(),
      from_status: z.enum(BOOKING_STATUSES).nullable(),
      to_status: z.enum(BOOKING_STATUSES),
      by_label: z.string(),
      note: z.string(),
      created_at: instant,
      changes: z
        .object({
          fields: z.array(
            z.object({
              field: z.enum(Object.keys(CHANGE_FIELDS) as [ChangeField, ...ChangeField[]]),
              from: z.union([z.string(), z.number()]).nullable(),
              to: z.union([z.string(), z.number()]).nullable(),
            }),
          ),
          override: z.string().nullable().meta({ description: "The office's reason for saving although the car was taken" }),
        })
        .nullable()
        .meta({
          description:
            "What an edit changed (from_status = to_status), raw values: instants (UTC), money in kuruş (`total_price`, `rate_per_km`), km, place names; null for a plain status change",
        }),
    }),
);

/** A booking as the API answers it (GET /api/bookings, GET and PATCH /api/bookings/{id}, PUT …/status). */
export const ApiBookingSchema = describes<Omit<AdminBooking, "trip_type"> & PresentedBookingProducts>()(AdminBookingSchema.extend(bookingProducts));

export const BookingWithEvents = ApiBookingSchema.extend({ events: z.array(BookingEventSchema) });

/** What POST /api/bookings answers (app/routes/api/bookings.ts). */
export const BookingCreated = z
  .object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(BOOKING_STATUSES).meta({ description: "confirmed at once when instant confirmation applies (auto_confirmed_at set), else pending" }),
    auto_confirmed_at: instant.nullable(),
    channel: z.enum(BOOKING_CHANNELS),
    pickup_location: z.string(),
    dropoff_location: z.string(),
    pickup_date: instant,
    return_pickup_location: z.string().nullable(),
    return_dropoff_location: z.string().nullable(),
    return_date: instant.nullable(),
    pickup_address: address,
    dropoff_address: address,
    return_pickup_address: address,
    return_dropoff_address: address,
    passengers: z.number().int(),
    ...luggageAnswerFields,
    car_id: z.string().nullable(),
    car_name: z.string(),
    total_price: lira("lira charged, two decimals"),
    total_distance: z.number().meta({ description: "km" }),
    distance_details: z.unknown(),
    created_at: instant,
    ...bookingProducts,
    warnings: z.array(z.string()).meta({ description: "Codes of what the office should know about its own booking, e.g. booking:errors.tooSoon (inside the visitors' lead time); empty for a visitor's" }),
  });

const point = z.object({ id: z.string(), label: z.string(), lat: z.number(), lng: z.number(), kind: z.string() });

export const PresentedLeg = describes<ReturnType<typeof presentLeg>>()(
  z
    .object({
      from: point,
      to: point,
      distance_km: z.number(),
      duration_seconds: z.number().int(),
      distance: z.string().meta({ description: "e.g. 38 km, in the visitor's language" }),
      duration: z.string(),
      polyline: z.string().nullable(),
      source: z.string(),
      estimate: z.boolean(),
    }),
);

export const PresentedPrice = describes<ReturnType<typeof presentPrice>>()(
  z
    .object({
      total: lira(),
      distance_km: z.number(),
      outbound_km: z.number(),
      return_km: z.number().nullable(),
      rate_per_km: lira(),
      rate_source: z.enum(["per_km", "per_day", "default"]),
      subtotal: lira(),
      minimum: lira(),
      minimum_applied: z.boolean(),
      fixed_price: z.boolean().meta({ description: "Every leg at a route's fixed fare (the site says \"Fixed price\")" }),
      hourly: z.boolean().meta({ description: "Priced by the hour" }),
      lines: z.array(PriceLineSchema),
      extras: z.array(ChosenExtraSchema),
      currency: currencyCode.meta({ description: "The currency asked for (TRY by default); `total` stays lira" }),
      total_in_currency: z.number().meta({ description: "The total in `currency`'s units at the office's rate (cents; roubles whole)" }),
      rate: z.number().meta({ description: "Lira per unit of `currency` (1 for TRY)" }),
    }),
);

const tripTerms = describes<PresentedTripTerms>()(
  z.object({
    hours: z.number().int().nullable().meta({ description: "Hourly hire: its hours; null for a transfer" }),
    included_km: z.number().nullable().meta({ description: "Hourly hire: the kilometres included (hours × settings pricing.includedKmPerHour)" }),
    free_waiting_minutes: z.number().int().meta({ description: "Free waiting at the pickup: 60 at an airport, 15 elsewhere by default (settings)" }),
    return_free_waiting_minutes: z.number().int().nullable().meta({ description: "The same at the return pickup; null without a return" }),
    waiting_price_per_15_min: lira("lira per 15 minutes of waiting after the free time (the extra-waiting extra); null when not offered").nullable(),
    waiting_price_per_15_min_in_currency: z.number().nullable().meta({ description: "The same in the asked currency" }),
  }),
);

/** What POST /api/quotes takes beside the search's fields: the same extras and currency rules as a booking. */
export const QuoteOptions = z.object({
  extras: extraChoicesSchema.optional().meta({ description: "Extras to price with every car (GET /api/extras); their lines are in each price" }),
  currency: currencySchema.optional().meta({ description: "Show totals in it too (`total_in_currency`); default TRY" }),
});

export const QuotesResult = z
  .object({
    trip: z
      .object({
        trip_type: z.enum(["oneWay", "roundTrip", "hourly"]),
        outbound: PresentedLeg,
        return: PresentedLeg.nullable(),
        total_distance_km: z.number(),
        total_duration_seconds: z.number().int(),
        estimate: z.boolean(),
      })
      .extend(tripTerms.shape),
    currency: z.object({
      code: currencyCode,
      rate: z.number().meta({ description: "Lira per unit (1 for TRY)" }),
      rates_set_at: z.string().meta({ format: "date", description: "The day the office set the rates" }),
    }),
    quotes: z.array(z.object({ car: CarSchema, price: PresentedPrice })),
  });

export const PlaceSuggestionSchema = describes<PlaceSuggestion>()(
  z.object({ id: z.string(), label: z.string(), kind: z.enum(["airport", "city", "town", "area", "address"]) }),
);

export const UploadSchema = describes<UploadedImage>()(
  z
    .object({
      id: z.string(),
      url: z.string(),
      card: z.string().optional(),
      card_url: z.string().optional(),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
      bytes: z.number().int(),
    }),
);

/** The multipart body of the upload endpoints. */
export const UploadForm = z
  .object({
    files: z.array(z.file()).min(1).max(10).meta({ description: "JPEG, PNG or WebP, each under 5 MB" }),
    bucket: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/).optional().meta({ description: "Default car-images" }),
  });

export const StatusChange = z
  .object({
    status: z.enum(BOOKING_STATUSES),
    note: z.string().optional().meta({ description: "The reason; required to cancel" }),
    override_reason: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: "Re-activating a booking whose car is taken for its times is refused (409 `car_unavailable`, `error.conflicts`); with a reason it is saved and the override recorded in the history" }),
  });

export const ApiUser = z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(USER_ROLES) });

export const Pagination = z
  .object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), pageCount: z.number().int() });

export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) });

const driverLanguage = z.enum(DRIVER_LANGUAGES).meta({ description: "ISO 639-1: tr, en, de, ru, ar, fr, uk, pl, nl, it, es, fa" });

/** A driver as /api/drivers answers it (app/drivers/drivers.ts). */
export const DriverSchema = describes<Driver>()(
  z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().meta({ description: "Turkish numbers as +90 532 123 45 67; others as typed" }),
    whatsapp: z.string().nullable(),
    languages: z.array(driverLanguage),
    licenceNumber: z.string().nullable(),
    active: z.boolean().meta({ description: "false: not offered for new legs" }),
    userId: z.string().nullable().meta({ description: "The linked `driver` account (signs in at /driver), or null" }),
    photo: z
      .string()
      .nullable()
      .meta({ description: "Read-only: the driver's photo (WebP, at most 640 px wide) from the site's storage, or null; set in the office's driver form" }),
    payout: z
      .union([
        z.object({ rule: z.literal("trip"), perTripKurus: z.number().int() }),
        z.object({ rule: z.literal("km"), perKmKurus: z.number().int() }),
        z.object({ rule: z.literal("share"), shareBp: z.number().int() }),
      ])
      .nullable()
      .meta({ description: "How the driver is paid in the reports (issue 34): per leg (kuruş), per km (kuruş) or a share of the legs' price (basis points: 25 % = 2500); null: no rule" }),
    createdAt: instant,
    updatedAt: instant,
  }),
);

/** What POST /api/drivers takes (PATCH: the same fields, each optional; null clears an optional one). */
export const DriverWrite = z.object({
  name: z.string().max(MAX_DRIVER_NAME).meta({ description: "Required, spaces collapsed" }),
  phone: z.string().max(30).meta({ description: "Required; a Turkish number in any usual form (0532 123 45 67) is kept as +90 532 123 45 67" }),
  whatsapp: z.string().max(30).nullable().optional(),
  languages: z.array(driverLanguage).optional(),
  licenceNumber: z.string().max(MAX_LICENCE).nullable().optional(),
  active: z.boolean().optional().meta({ description: "Default true" }),
  userId: z.string().nullable().optional().meta({ description: "Id of a `driver` account not linked to another driver" }),
  payoutRule: z.enum(["trip", "km", "share"]).nullable().optional().meta({ description: "How the driver is paid (issue 34); null: no rule" }),
  payoutAmount: z.number().positive().optional().meta({ description: "Lira per leg (`trip`) or per km (`km`), at most two decimals" }),
  payoutShare: z.number().positive().max(100).optional().meta({ description: "Percent of the legs' price (`share`), at most two decimals" }),
});

/** A guest the office knows (GET /api/customers, issue 29). */
export const CustomerSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string().meta({ description: "A Turkish number as +90 5xx xxx xx xx; another country's as typed" }),
    language: z.string(),
    notes: z.string().meta({ description: "Notes for drivers" }),
    marketing_consent_at: instant.nullable(),
    last_booked_at: instant.nullable(),
    last_trip_at: instant.nullable(),
    created_at: instant,
  })
  .meta({ description: "Matched from bookings by phone (any format) or e-mail" });

/** A quote request as staff read it (GET /api/quote-requests, the offer's answer). */
export const QuoteRequestSchema = z
  .object({
    id: z.string(),
    reference: z.string().meta({ description: "TQ- and six characters" }),
    status: z.enum(["open", "offered", "accepted", "closed"]),
    reasons: z.array(z.enum(["place", "passengers", "tooSoon", "noCar", "hours", "other"])).meta({ description: "Why the site could not price it" }),
    trip_type: z.enum(["oneWay", "roundTrip", "hourly"]),
    pickup: z.string().meta({ description: "As the guest typed it" }),
    dropoff: z.string().nullable(),
    pickup_date: instant,
    return_date: instant.nullable(),
    hours: z.number().int().nullable(),
    passengers: z.number().int(),
    luggage: z.number().int().nullable(),
    luggage_items: z
      .object(Object.fromEntries(LUGGAGE_KINDS.map((kind) => [kind, z.number().int().min(1).optional()])) as Record<LuggageKind, z.ZodOptional<z.ZodNumber>>)
      .nullable()
      .meta({ description: `Special luggage asked for, by kind (only the kinds brought): ${LUGGAGE_KINDS.join(", ")}; null: none` }),
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    language: z.string(),
    message: z.string(),
    customer_id: z.string().nullable().meta({ description: "The guest the office knows by this phone or e-mail" }),
    offer: z
      .object({ total_price: z.number().nullable().meta({ description: "Lira" }), car_id: z.string(), car_name: z.string(), note: z.string().nullable(), offered_at: instant.nullable(), expires_at: instant.nullable() })
      .nullable(),
    booking_id: z.string().nullable().meta({ description: "The booking it became when the guest accepted" }),
    accepted_at: instant.nullable(),
    closed_at: instant.nullable(),
    created_at: instant,
  })
  .meta({ description: "A trip the site could not price, sent to the office (issue 29)" });
