/**
 * The results page's work, kept out of the route module: read the search from the URL, plan the
 * trip, price the fitting cars; and, on confirmation, validate the contact form and book.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getLanguage } from "~/i18n/i18next.server";
import type { FieldProblems } from "~/i18n/problem";
import { getApp } from "~/server/context";
import { requestFromSearch } from "./api.server";
import { bookingAddresses, createBooking } from "./bookings.server";
import { contactSchema } from "./contact";
import { bookingDeps } from "./deps.server";
import { placeServices } from "~/server/http/places.server";
import { RATE_LIMITS } from "~/server/http/rate-limit.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { quotesForTrip, searchSpans, type Quote } from "./quotes.server";
import { hasSearch, searchParamsOf, withReturnDefaults, type Search } from "./search";
import { checkSearch } from "./search-check.server";
import { startsAtAirport, type LocationField, type Trip } from "./trip.server";
import type { PlaceSuggestion } from "~/places/types";
import { readLeadTime, termsIn, type BookingTermsText, type LeadTime } from "./booking-rules.server";
import { getSettings } from "~/settings/settings.server";

/** Problems as the form shows them: codes the page translates with `t(code)` in the visitor's language. */
const codesByField = (fields: FieldProblems): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((p) => p.code)]));

export type SearchOutcome =
  | { kind: "empty" }
  | { kind: "invalid"; values: Record<string, string>; errors: Record<string, string[]>; candidates?: Partial<Record<LocationField, PlaceSuggestion[]>>; tooSoon?: LeadTime }
  | { kind: "ok"; search: Search; trip: Trip; query: string; values: Record<string, string> };

export async function readSearch(url: URL, context: Readonly<RouterContextProvider>): Promise<SearchOutcome> {
  const given = searchParamsOf(url.searchParams);
  if (!hasSearch(given)) return { kind: "empty" };
  const params = withReturnDefaults(given);
  const values = Object.fromEntries(params);
  // The minimum lead time lives in settings, so the server decides it (the schema runs in browsers too).
  const lead = await readLeadTime(getApp(context).db.kysely);
  const checked = await checkSearch(placeServices(context), params, getLanguage(context), lead);
  if (!checked.ok) return { kind: "invalid", values, errors: codesByField(checked.fields), candidates: checked.candidates, tooSoon: checked.tooSoon };
  return { kind: "ok", search: checked.search, trip: checked.trip, query: params.toString(), values };
}

/** The fitting cars priced, each saying whether it is free for every leg of the search. */
export async function quotesFor(context: Readonly<RouterContextProvider>, search: Search, trip: Trip): Promise<Quote[]> {
  return quotesForTrip(getApp(context).db.kysely, trip, search, searchSpans(trip, search));
}

export { startsAtAirport };

/** The cancellation and payment terms in the visitor's language (shown beside the price and in the success box). */
export async function bookingTermsFor(context: Readonly<RouterContextProvider>): Promise<BookingTermsText> {
  return termsIn(await getSettings(getApp(context).db.kysely), getLanguage(context));
}

export async function confirmBooking(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  const outcome = await readSearch(new URL(request.url), context);
  if (outcome.kind !== "ok") {
    return { status: "error" as const, reply: submission.reply({ formErrors: ["bookingResults.noBookingData"] }), booking: null };
  }
  if (submission.status !== "success") {
    return { status: "error" as const, reply: submission.reply(), booking: null };
  }
  const { clientIp, db } = getApp(context);
  const limit = await hitRateLimit(db.kysely, `bookings:${clientIp}`, RATE_LIMITS.bookings);
  if (!limit.allowed) {
    return { status: "error" as const, reply: submission.reply({ formErrors: ["errors.rateLimited"] }), booking: null };
  }
  const result = await createBooking(bookingDeps(context), requestFromSearch(outcome.search, submission.value), {
    locale: getLanguage(context),
    idempotencyKey: submission.value.idempotencyKey,
    clientIp,
  });
  if (!result.ok) {
    const contactKeys = new Set(Object.keys(contactSchema.shape));
    const codes = codesByField(result.fields);
    const fieldErrors = Object.fromEntries(Object.entries(codes).filter(([k]) => contactKeys.has(k)));
    const other = Object.entries(codes).filter(([k]) => !contactKeys.has(k)).flatMap(([, v]) => v);
    return {
      status: "error" as const,
      reply: submission.reply({ fieldErrors, formErrors: other.length ? other : ["booking.bookingError"] }),
      booking: null,
    };
  }
  const b = result.booking;
  return {
    status: "success" as const,
    reply: submission.reply({ resetForm: true }),
    booking: {
      reference: b.reference,
      tripType: b.trip_type,
      // the same places as stored (canonically), named in the visitor's language
      pickup: outcome.trip.outbound.from.label,
      dropoff: outcome.trip.outbound.to.label,
      pickupDate: b.pickup_date,
      returnPickup: b.return_pickup_location && (outcome.trip.return?.from.label ?? b.return_pickup_location),
      returnDropoff: b.return_dropoff_location && (outcome.trip.return?.to.label ?? b.return_dropoff_location),
      returnDate: b.return_date,
      carId: b.car_id,
      addresses: bookingAddresses(b),
      carName: b.car_name,
      totalPrice: b.total_price,
      totalDistance: b.total_distance,
      email: b.email,
      phone: b.phone,
      privateLink: result.token ? `/my-booking/${result.token}` : null,
    },
  };
}
