/**
 * The results page's work, kept out of the route module: read the search from the URL, plan the
 * trip, price the fitting cars; and, on confirmation, validate the contact form and book.
 */
import { bookingPartner, partnerPays, siteBookingPartner } from "~/partners/attribution.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import type { FieldProblems } from "~/i18n/problem";
import { getApp } from "~/server/context";
import { requestFromSearch } from "~/routes/api/booking-payload.server";
import { createBooking, startCheckout } from "~/booking/index.server";
import { bookingAddresses } from "~/booking/rules/addresses";
import { contactSchema } from "~/booking/rules/contact";
import { bookingDeps } from "~/server/booking-deps.server";
import { placeServices } from "~/server/http/places.server";
import { rateLimitRule } from "~/server/http/rate-limit.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { bufferMinutesOf, quotesForTrip, searchSpans, type Quote } from "~/booking/index.server";
import { hasSearch, searchParamsOf, withReturnDefaults, type Search } from "~/booking/rules/search";
import { checkSearch } from "~/booking/index.server";
import { startsAtAirport, type LocationField, type Trip } from "~/booking/index.server";
import type { PlaceSuggestion } from "~/places/types";
import { policyOf, policyStatement } from "~/booking/rules/self-service";
import { arrivalTermsOf, leadTimeOf, termsIn, type BookingTermsText, type LeadTime } from "~/booking/index.server";
import type { ArrivalTerms } from "~/booking/rules/payments";
import { paymentProvider } from "~/payments/registry.server";
import { PAY_MODES, type PayMode } from "~/booking/rules/payments";
import type { PaymentProviderName } from "~/payments/provider";
import type { PaymentTermsSettings } from "~/booking/rules/pay-terms";
import { getSettings } from "~/settings/settings.server";
import type { Settings } from "~/settings/settings";
import { answerToken, keepAnswerUntil } from "~/server/http/answer-tokens.server";
import { checkExtraChoices, choicesFromForm, WAITING_EXTRA_CODE, type Extra } from "~/booking/rules/extras";
import { currencyOf } from "~/pricing/currency.server";
import { readPricing, type PricingTables } from "~/pricing/pricing.server";
import { carRates } from "~/booking/rules/pricing";
import { priceTrip } from "~/booking/index.server";
import { toBusinessDateTime, toInstant } from "~/booking/rules/datetime";
import { kurus, type Kurus } from "~/utils/money";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import { hireTermsOf, type HireTerms } from "~/booking/rules/hire";
import { alternativeTo } from "~/booking/rules/alternative";
import { combinationId, groupCombinations, groupPrice, splitParty, type PartySplit } from "~/booking/rules/groups";
import type { PriceBreakdown } from "~/booking/rules/pricing";
import { bookingOutcome } from "~/server/metrics.server";
import { luggageAsPlaces, storedLuggageItems } from "~/booking/rules/capacity";

/** Problems as the form shows them: codes the page translates with `t(code)` in the visitor's language. */
const codesByField = (fields: FieldProblems): Record<string, string[]> =>
  Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((p) => p.code)]));

export type SearchOutcome =
  | { kind: "empty" }
  | { kind: "invalid"; values: Record<string, string>; errors: Record<string, string[]>; candidates?: Partial<Record<LocationField, PlaceSuggestion[]>>; tooSoon?: LeadTime }
  | { kind: "ok"; search: Search; trip: Trip; query: string; values: Record<string, string> };

/**
 * The office's settings, read once for the whole request: the search's lead time and hire bounds,
 * the pricing, the terms and the availability's buffer all take them from here (issue 32).
 */
export function settingsFor(context: Readonly<RouterContextProvider>): Promise<Settings> {
  return getSettings(getApp(context).db.kysely);
}

export async function readSearch(url: URL, context: Readonly<RouterContextProvider>, office?: Settings): Promise<SearchOutcome> {
  const given = searchParamsOf(url.searchParams);
  if (!hasSearch(given)) return { kind: "empty" };
  const params = withReturnDefaults(given);
  const values = Object.fromEntries(params);
  // The minimum lead time lives in settings, so the server decides it (the schema runs in browsers too).
  const settings = office ?? (await settingsFor(context));
  const lead = leadTimeOf(settings);
  const hire = { minHours: settings.pricing.hourlyMinHours, maxHours: settings.pricing.hourlyMaxHours };
  const checked = await checkSearch(placeServices(context), params, getLanguage(context), lead, hire);
  if (!checked.ok) return { kind: "invalid", values, errors: codesByField(checked.fields), candidates: checked.candidates, tooSoon: checked.tooSoon };
  return { kind: "ok", search: checked.search, trip: checked.trip, query: params.toString(), values };
}

/** The fitting cars priced, each saying whether it is free for every leg of the search. */
export async function quotesFor(context: Readonly<RouterContextProvider>, search: Search, trip: Trip, tables?: PricingTables, settings?: Settings): Promise<Quote[]> {
  return quotesForTrip(getApp(context).db.kysely, trip, search, searchSpans(trip, search), { tables, buffer: settings && bufferMinutesOf(settings) });
}

/**
 * The results page's answer is kept by the page cache (issue 32) only while it holds: a quote until
 * its pickup comes inside the lead time (the page would then say "too soon"), any other answer (a
 * search to fix, whose dates the clock may make right or wrong) a minute.
 */
export function keepResultsWhileTrue(search: Search | null, settings: Settings): void {
  const pickupAt = search ? Date.parse(toInstant(toBusinessDateTime(search.date, search.time)) ?? "") : NaN;
  keepAnswerUntil(Number.isFinite(pickupAt) ? pickupAt - settings.booking.leadTimeHours * 3_600_000 : Date.now() + 60_000);
}

/** The booking form's idempotency key: this answer's own, so a kept page gets a fresh one per visitor (answer-tokens.server.ts). */
export const newIdempotencyKey = answerToken;

export { startsAtAirport };

/**
 * A party no single free car carries (issue 32): the combinations of free cars that do (at most
 * three, cheapest first), each as the page shows a car: its id the cars' ids joined (`?car=a,b`),
 * the cars with their share, one price. The combination in the URL (`wanted`) stays, marked when
 * one of its cars was taken meanwhile (or by this very booking).
 */
export async function groupCardsFor(context: Readonly<RouterContextProvider>, search: Search, trip: Trip, tables?: PricingTables, wanted?: string | null, settings?: Settings) {
  if (trip.hours !== null) return [];
  // the special luggage travels as suitcase places in the split (capacity.ts)
  const needs = { passengers: search.passengers, luggage: luggageAsPlaces({ luggage: search.luggage ?? null, luggageItems: search.luggageItems }) };
  const all = await quotesForTrip(getApp(context).db.kysely, trip, needs, searchSpans(trip, search), { tables, anySize: true, buffer: settings && bufferMinutesOf(settings) });
  const card = (quotes: Quote[], split: PartySplit) => {
    const [first, ...more] = quotes;
    return {
      ...carCard(first!),
      id: combinationId(quotes.map((q) => q.car.id)),
      name: quotes.map((q) => q.car.name).join(" + "),
      seats: quotes.reduce((sum, q) => sum + q.car.seats, 0),
      luggage: quotes.reduce((sum, q) => sum + q.car.luggage, 0),
      price: groupPrice(first!.price, more.map((q, i) => ({ unit: i + 2, name: q.car.name, price: q.price }))),
      unavailable: quotes.find((q) => q.unavailable !== null)?.unavailable ?? null,
      group: quotes.map((q, i) => ({ id: q.car.id, name: q.car.name, category: q.car.category, image: carCard(q).image, passengers: split[i]!.passengers, luggage: split[i]!.luggage })),
    };
  };
  const cards = groupCombinations(all.filter((q) => q.unavailable === null), needs).map((c) => card(c.quotes, c.split));
  const ids = wanted?.split(",") ?? [];
  if (ids.length > 1 && !cards.some((c) => c.id === wanted)) {
    const quotes = ids.map((id) => all.find((q) => q.car.id === id));
    const split = quotes.every(Boolean) ? splitParty(quotes.map((q) => q!.car), needs) : null;
    if (split) cards.unshift(card(quotes as Quote[], split));
  }
  return cards;
}

/**
 * The cancellation and payment terms in the visitor's language (shown beside the price and in the
 * success box), with the online change and cancellation cut-offs for the searched pickup (issue 16).
 */
export async function bookingTermsFor(
  context: Readonly<RouterContextProvider>,
  trip?: { pickupAt: string; roundTrip: boolean },
  office?: Settings,
): Promise<BookingTermsText & { policy?: string; arrival: ArrivalTerms; online: OnlineTerms }> {
  const settings = office ?? (await settingsFor(context));
  const lng = getLanguage(context);
  // how the driver takes the money on arrival, and what may be paid online and through whom (issue 30)
  const p = settings.payments;
  const online: OnlineTerms = {
    provider: paymentProvider()?.name ?? null,
    terms: { payModes: p.payModes, depositKind: p.depositKind, depositPercent: p.depositPercent, depositFixed: p.depositFixed, holdMinutes: p.holdMinutes, lateCancelFeePercent: p.lateCancelFeePercent, channelRules: p.channelRules, categoryRules: p.categoryRules },
  };
  const terms = { ...termsIn(settings, lng), arrival: arrivalTermsOf(settings), online };
  if (!trip || !Number.isFinite(Date.parse(trip.pickupAt))) return terms;
  const t = getInstance(context).getFixedT(lng, "booking");
  return { ...terms, policy: policyStatement(t, lng, trip.pickupAt, policyOf(settings), trip.roundTrip) };
}

/** What may be paid online (issue 30): the provider (none: pay on arrival only) and the office's terms. */
export interface OnlineTerms {
  provider: PaymentProviderName | null;
  terms: PaymentTermsSettings;
}

/** What the booking form shows about prices besides the cars' breakdowns: the rules' texts, the extras on offer, the free waiting. */
export interface PriceTerms {
  rules: { nightStart: string; nightEnd: string; includedKmPerHour: number };
  extras: Array<Pick<Extra, "code" | "names" | "price" | "pricing" | "maxQuantity" | "needsText">>;
  waiting: { airportMinutes: number; otherMinutes: number; price: Kurus | null };
}

/** The pricing texts of the office's tables (rules, active extras, waiting) for the page. */
export function priceTermsOf(tables: Pick<PricingTables, "settings" | "extras">): PriceTerms {
  const active = tables.extras.filter((e) => e.active);
  const waiting = active.find((e) => e.code === WAITING_EXTRA_CODE);
  const s = tables.settings;
  return {
    rules: { nightStart: s.nightStart, nightEnd: s.nightEnd, includedKmPerHour: s.includedKmPerHour },
    extras: active.map(({ code, names, price, pricing, maxQuantity, needsText }) => ({ code, names, price, pricing, maxQuantity, needsText })),
    waiting: { airportMinutes: s.freeWaitingAirportMinutes, otherMinutes: s.freeWaitingOtherMinutes, price: waiting ? waiting.price : null },
  };
}

/** The office's pricing tables with the page's texts of them: the price terms and hourly hire's bounds (settings → pricing). */
export async function pricingTermsFor(context: Readonly<RouterContextProvider>, settings?: Settings): Promise<{ tables: PricingTables; priceTerms: PriceTerms; hireTerms: HireTerms }> {
  const tables = await readPricing(getApp(context).db.kysely, settings);
  return { tables, priceTerms: priceTermsOf(tables), hireTerms: hireTermsOf(tables.settings) };
}

/** The form's extras fields as typed (`extra.<code>`, `extraText.<code>`), echoed so a re-rendered form keeps them. */
const extraValuesOf = (formData: FormData): Record<string, string> =>
  Object.fromEntries(
    [...new Set(formData.keys())]
      .filter((k) => (k.startsWith("extra.") || k.startsWith("extraText.")) && k.length <= 60)
      .map((k) => [k, String(formData.get(k) ?? "").slice(0, 200)]),
  );

/** The extras' problems as the page shows them (code and values, translated there), by field. */
const extraProblemsOf = (fields: FieldProblems): FieldProblems =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => k === "extras" || k.startsWith("extra.") || k.startsWith("extraText.")));

/**
 * "Update price" (no JavaScript): the chosen car priced again with the chosen extras, nothing
 * booked, every typed value kept; a problem with an extra is shown at it.
 */
async function quoteWithExtras(context: Readonly<RouterContextProvider>, search: Search, trip: Trip, carId: string, formData: FormData) {
  const db = getApp(context).db.kysely;
  const tables = await readPricing(db);
  const checked = checkExtraChoices(choicesFromForm(formData), tables.extras, { passengers: search.passengers });
  const car = /^[\w-]{1,64}$/.test(carId) ? await db.selectFrom("cars").selectAll().where("id", "=", carId).where("status", "=", "active").executeTakeFirst() : undefined;
  if (!car) return { price: null, problems: checked.fields };
  const pickupAt = toInstant(toBusinessDateTime(search.date, search.time));
  const returnAt = search.tripType === "roundTrip" ? toInstant(toBusinessDateTime(search.returnDate, search.returnTime)) : null;
  const price = priceTrip(tables, carRates(car), trip, { pickupAt, returnAt }, checked.chosen);
  return { price: { carId: car.id, ...price }, problems: checked.fields };
}

/** A car of the results as the page shows it (the cards and the taken car's offer). */
export interface CarCard {
  id: string;
  name: string;
  category: string;
  seats: number;
  luggage: number;
  image: string;
  price: PriceBreakdown;
}

export const carCard = (q: Quote): CarCard => ({
  id: q.car.id,
  name: q.car.name,
  category: q.car.category,
  seats: q.car.seats,
  luggage: q.car.luggage,
  image: q.car.gallery[0]?.card ?? q.car.image,
  price: q.price,
});

/**
 * What the page offers when the chosen car was taken: its name and price as they were, and the
 * cheapest free car of the same class or higher (rules/alternative.ts) priced with the same
 * extras, or none. The form's fields come back so the offer can be booked in one click.
 */
async function takenCarOffer(context: Readonly<RouterContextProvider>, search: Search, trip: Trip, takenId: string, formData: FormData) {
  const db = getApp(context).db.kysely;
  const tables = await readPricing(db);
  const extras = checkExtraChoices(choicesFromForm(formData), tables.extras).chosen;
  const quotes = await quotesForTrip(db, trip, search, searchSpans(trip, search), { tables, extras });
  const taken = quotes.find((q) => q.car.id === takenId);
  const alternative = taken ? alternativeTo(quotes, taken.car) : null;
  // The form as sent, the car swapped: what the one-click form posts again (no file fields here).
  const fields = [...formData.entries()].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "carId" && e[0] !== "intent").slice(0, 80);
  return {
    car: taken ? { name: taken.car.name, total: taken.price.total } : null,
    alternative: alternative ? carCard(alternative) : null,
    fields: alternative ? [...fields, ["carId", alternative.car.id] as [string, string]] : [],
  };
}

export async function confirmBooking(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  const outcome = await readSearch(new URL(request.url), context);
  const extraValues = extraValuesOf(formData);
  if (outcome.kind !== "ok") {
    return { status: "error" as const, reply: submission.reply({ formErrors: ["bookingResults.noBookingData"] }), booking: null, extraValues, extraProblems: {} };
  }
  if (formData.get("intent") === "quote") {
    const quoted = await quoteWithExtras(context, outcome.search, outcome.trip, String(formData.get("carId") ?? ""), formData);
    // The typed values come back without the contact form's complaints: nothing was sent to book yet.
    const reply = { ...submission.reply(), status: undefined, error: undefined };
    return { status: "quote" as const, reply, booking: null, extraValues, extraProblems: quoted.problems, quote: quoted.price };
  }
  if (submission.status !== "success") {
    return { status: "error" as const, reply: submission.reply(), booking: null, extraValues, extraProblems: {} };
  }
  const { clientIp, db } = getApp(context);
  const limit = await hitRateLimit(db.kysely, `bookings:${clientIp}`, rateLimitRule(context, "bookings"));
  if (!limit.allowed) {
    return { status: "error" as const, reply: submission.reply({ formErrors: ["errors.rateLimited"] }), booking: null, extraValues, extraProblems: {} };
  }
  const language = getLanguage(context);
  const askedMode = formData.get("payMode");
  const payMode = typeof askedMode === "string" && (PAY_MODES as readonly string[]).includes(askedMode) ? (askedMode as PayMode) : undefined;
  // one car, or a party's cars (issue 32): their ids joined by commas
  const [carId = "", ...moreCarIds] = submission.value.carId.split(",").map((id) => id.trim());
  const bookingRequest = {
    ...requestFromSearch(outcome.search, { ...submission.value, carId }),
    ...(moreCarIds.length ? { moreCarIds } : {}),
    extras: choicesFromForm(formData),
    currency: await currencyOf(request, language),
    ...(payMode ? { payMode } : {}),
  };
  // a partner's user in the portal, or a visitor who came by a partner's link (issue 33)
  const sold = await siteBookingPartner(request, context);
  const result = await createBooking(bookingDeps(context), bookingRequest, {
    locale: getLanguage(context),
    idempotencyKey: submission.value.idempotencyKey,
    clientIp,
    channel: "site",
    ...(sold ? { partner: bookingPartner(sold.partner, sold.via === "portal" && partnerPays(sold.partner, formData.get("payer")), sold.via === "portal") } : {}),
  });
  getApp(context).metrics?.booking(bookingOutcome(result));
  // The car was taken between the results and now (issue 32): said once, everything typed kept, the next free car offered.
  if (!result.ok && result.unavailable) {
    const reply = { ...submission.reply(), status: undefined, error: undefined };
    const offer = moreCarIds.length ? { car: null, alternative: null, fields: [] } : await takenCarOffer(context, outcome.search, outcome.trip, bookingRequest.carId, formData);
    return { status: "taken" as const, reply, booking: null, extraValues, extraProblems: {}, taken: { problem: result.unavailable.code, ...offer } };
  }
  if (!result.ok) {
    const contactKeys = new Set(Object.keys(contactSchema.shape));
    const extraProblems = extraProblemsOf(result.fields);
    const codes = codesByField(Object.fromEntries(Object.entries(result.fields).filter(([k]) => !(k in extraProblems))));
    const fieldErrors = Object.fromEntries(Object.entries(codes).filter(([k]) => contactKeys.has(k)));
    const other = Object.entries(codes).filter(([k]) => !contactKeys.has(k)).flatMap(([, v]) => v);
    // Only the extras wrong: the fieldset says which; the box at the top leads there.
    const formErrors = other.length ? other : Object.keys(extraProblems).length ? ["bookingResults.fixExtras"] : ["booking.bookingError"];
    return {
      status: "error" as const,
      reply: submission.reply({ fieldErrors, formErrors }),
      booking: null,
      extraValues,
      extraProblems,
    };
  }
  const b = result.booking;
  // the partner's desk goes on to the booking in its portal (issue 33)
  if (sold?.via === "portal") throw redirect(`/partner/bookings/${b.id}?booked=1`);
  // A deposit or the fare online (issue 30): on to the provider's page; the private page if it cannot open now.
  if (result.created && b.hold_until && result.token) {
    const privatePage = `/my-booking/${result.token}?lng=${b.locale}`;
    const t = getInstance(context).getFixedT(b.locale, "booking");
    const app = getApp(context);
    const started = await startCheckout({ db: app.db.kysely, env: app.env, log: app.log, mailer: app.mailer, messenger: app.messenger }, b.id, {
      ip: clientIp,
      describe: (purpose, reference) => t(`payment.online.describe.${purpose}`, { reference }),
    });
    throw redirect(started.ok ? started.url : `${privatePage}&payment=unavailable#payment`);
  }
  return {
    status: "success" as const,
    reply: submission.reply({ resetForm: true }),
    extraValues: {},
    extraProblems: {},
    booking: {
      reference: b.reference,
      /** confirmed at once (issue 32: instant confirmation) or pending, awaiting the office */
      confirmed: b.status === "confirmed",
      tripType: b.trip_type,
      hours: b.hours,
      price: { lines: readPriceLines(b), extras: readBookedExtras(b), total: kurus(b.total_price) },
      airport: startsAtAirport(outcome.trip),
      // the same places as stored (canonically), named in the visitor's language
      pickup: outcome.trip.outbound.from.label,
      dropoff: outcome.trip.outbound.to.label,
      pickupDate: b.pickup_date,
      returnPickup: b.return_pickup_location && (outcome.trip.return?.from.label ?? b.return_pickup_location),
      returnDropoff: b.return_dropoff_location && (outcome.trip.return?.to.label ?? b.return_dropoff_location),
      returnDate: b.return_date,
      // the card it was booked from: one car's id, or the party's cars joined
      carId: submission.value.carId,
      passengers: b.passengers,
      luggage: b.luggage,
      luggageItems: storedLuggageItems(b.luggage_items),
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
