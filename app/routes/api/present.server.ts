/**
 * How the API shows trips, legs and prices: kilometres, seconds and lira (DESIGN.md §4), with the
 * display texts of spec §9 next to the numbers.
 */
import { kurus, kurusToLira, type Kurus } from "~/utils/money";
import { CURRENCY_DECIMALS, convertKurus, isCurrency, rateOf, type Currency, type CurrencyRates } from "~/pricing/currency";
import type { BookedExtra, Extra, ExtraNames, ExtraPricing } from "~/booking/rules/extras";
import type { BookingRow, PaymentRow, QuoteRequestRow } from "~/server/db/schema";
import { readOffer, readReasons, type BookingMoney } from "~/booking/index.server";
import type { DistanceDetails, LegDistance } from "~/booking/rules/booking-row";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import type { LegName, PriceBreakdown, PriceLine } from "~/booking/rules/pricing";
import { formatDistanceKm, formatDuration } from "~/booking/rules/format";
import { minutesToSeconds, type Km } from "~/booking/rules/units";
import { storedLuggageItems } from "~/booking/rules/capacity";

export interface LegLike {
  from: { id: string; label: string; lat: number; lng: number; kind: string };
  to: { id: string; label: string; lat: number; lng: number; kind: string };
  km: Km;
  route: { durationSeconds: number; polyline: string | null; source: string; estimate: boolean };
}

export function presentLeg(leg: LegLike, lng: string) {
  return {
    from: leg.from,
    to: leg.to,
    distance_km: leg.km,
    duration_seconds: leg.route.durationSeconds,
    distance: formatDistanceKm(leg.km, lng),
    duration: formatDuration(leg.route.durationSeconds, lng),
    polyline: leg.route.polyline,
    source: leg.route.source,
    estimate: leg.route.estimate,
  };
}

/** A price line for API clients: its kind, its amount in lira, and the figures it was computed from. */
export interface PresentedPriceLine {
  kind: PriceLine["kind"];
  /** lira; negative for a discount */
  amount: number;
  leg?: LegName;
  route_id?: string;
  km?: number;
  rate_per_km?: number;
  hours?: number;
  rate_per_hour?: number;
  percent?: number;
  minimum?: number;
  code?: string;
  quantity?: number;
  unit_price?: number;
  /** an office price: the quote's total it replaced, lira */
  quoted?: number;
  /** a further car of a party in several cars (issue 32): its unit (2, 3, …) and name */
  unit?: number;
  name?: string;
}

export function presentPriceLine(line: PriceLine): PresentedPriceLine {
  const amount = kurusToLira(line.amount);
  switch (line.kind) {
    case "fixed":
      return { kind: line.kind, amount, leg: line.leg, route_id: line.routeId };
    case "distance":
      return { kind: line.kind, amount, leg: line.leg, km: line.km, rate_per_km: kurusToLira(line.ratePerKm) };
    case "hourly":
      return { kind: line.kind, amount, hours: line.hours, rate_per_hour: kurusToLira(line.ratePerHour) };
    case "night":
      return { kind: line.kind, amount, leg: line.leg, percent: line.percent };
    case "returnDiscount":
      return { kind: line.kind, amount, percent: line.percent };
    case "minimum":
      return { kind: line.kind, amount, minimum: kurusToLira(line.minimum) };
    case "extra":
      return { kind: line.kind, amount, code: line.code, quantity: line.quantity, unit_price: kurusToLira(line.unitPrice) };
    case "office":
      return { kind: line.kind, amount, quoted: kurusToLira(line.quoted) };
    case "car":
      return { kind: line.kind, amount, unit: line.unit, name: line.name };
  }
}

/** An extra as a price or a booking carries it: names as booked, money in lira. */
export interface PresentedExtra {
  code: string;
  names: ExtraNames;
  pricing: ExtraPricing;
  quantity: number;
  unit_price: number;
  amount: number;
  text: string | null;
}

export const presentExtra = (e: BookedExtra): PresentedExtra => ({
  code: e.code,
  names: e.names,
  pricing: e.pricing,
  quantity: e.quantity,
  unit_price: kurusToLira(e.unitPrice),
  amount: kurusToLira(e.amount),
  text: e.text,
});

/** Minor units of a currency (cents, whole roubles) as a number in its units: 3817 EUR → 38.17. */
export const minorToUnits = (minor: number, currency: Currency): number => minor / 10 ** CURRENCY_DECIMALS[currency];

/** A rate (lira × 10,000 per unit) as lira per unit: 524000 → 52.4. */
export const rateToLira = (rate: number): number => rate / 10_000;

/** Kuruş in a currency's units at the office's rates (the one conversion, app/pricing/currency.ts). */
export const inCurrency = (amount: Kurus, currency: Currency, rates: CurrencyRates): number => minorToUnits(convertKurus(amount, currency, rates), currency);

/** The currency a price is shown in, and the rates to show it. */
export interface CurrencyChoice {
  currency: Currency;
  rates: CurrencyRates;
}

/**
 * A quote's price: the old figures (lira, per km) for old clients, the lines and extras of the one
 * price function, and the total in the asked currency with the rate it was converted at.
 */
export function presentPrice(p: PriceBreakdown, shown: CurrencyChoice) {
  return {
    total: kurusToLira(p.total),
    distance_km: p.distanceKm,
    outbound_km: p.outboundKm,
    return_km: p.returnKm,
    rate_per_km: kurusToLira(p.ratePerKm),
    rate_source: p.rateSource,
    subtotal: kurusToLira(p.subtotal),
    minimum: kurusToLira(p.minimum),
    minimum_applied: p.minimumApplied,
    fixed_price: p.fixedPrice,
    hourly: p.hourly,
    lines: p.lines.map(presentPriceLine),
    extras: p.extras.map(presentExtra),
    currency: shown.currency,
    total_in_currency: inCurrency(p.total, shown.currency, shown.rates),
    rate: rateToLira(rateOf(shown.currency, shown.rates)),
  };
}

/**
 * What a booking keeps of its products and price (migration 0040) as the API shows it: an hourly
 * hire is `trip_type: "hourly"` with its hours (stored as a one-way trip), the extras and lines as
 * booked, the currency the guest saw with its rate (lira per unit) and the total in its units.
 * A booking made before these columns shows no lines, no extras and TRY.
 */
export interface PresentedBookingProducts {
  trip_type: "oneWay" | "roundTrip" | "hourly";
  hours: number | null;
  extras: PresentedExtra[];
  price_lines: PresentedPriceLine[];
  currency: Currency;
  currency_rate: number;
  currency_total: number;
}

export function presentBookingProducts(
  row: Pick<BookingRow, "trip_type" | "hours" | "extras" | "price_lines" | "currency" | "currency_rate" | "currency_total" | "total_price">,
): PresentedBookingProducts {
  const named: Currency = isCurrency(row.currency) ? row.currency : "TRY";
  // A foreign currency without its rate or total (a damaged row) is shown as what was charged: lira.
  const foreign = named !== "TRY" && row.currency_rate != null && row.currency_total != null;
  const currency: Currency = foreign ? named : "TRY";
  return {
    trip_type: row.hours != null ? "hourly" : row.trip_type,
    hours: row.hours ?? null,
    extras: readBookedExtras(row).map(presentExtra),
    price_lines: readPriceLines(row).map(presentPriceLine),
    currency,
    currency_rate: foreign ? rateToLira(row.currency_rate!) : 1,
    currency_total: foreign ? minorToUnits(row.currency_total!, currency) : kurusToLira(kurus(row.total_price)),
  };
}

/** A stored leg as the API has always shown it: texts in Turkish, km, and seconds (DESIGN.md §4). */
export interface PresentedLeg {
  distance: string;
  distance_value: number;
  duration: string;
  duration_value: number;
}

function presentStoredLeg(leg: LegDistance): PresentedLeg {
  const secs = minutesToSeconds(leg.minutes);
  return { distance: formatDistanceKm(leg.km, "tr"), distance_value: leg.km, duration: formatDuration(secs, "tr"), duration_value: secs };
}

/** `distance_details` for API clients, in the field names they know, made from the stored numbers. */
export function presentDistanceDetails(details: DistanceDetails | null): { outbound: PresentedLeg | null; return: PresentedLeg | null } {
  return {
    outbound: details ? presentStoredLeg(details.outbound) : null,
    return: details?.return ? presentStoredLeg(details.return) : null,
  };
}

/** A quote's trip terms: the hire's hours and included kilometres, the free waiting at each pickup and what waiting costs after it. */
export interface PresentedTripTerms {
  hours: number | null;
  /** hourly hire: the kilometres included (hours × settings pricing.includedKmPerHour); null for a transfer */
  included_km: number | null;
  /** minutes the driver waits free at the pickup: settings pricing.freeWaitingAirportMinutes at an airport, freeWaitingOtherMinutes elsewhere */
  free_waiting_minutes: number;
  /** the same at the return pickup; null without a return */
  return_free_waiting_minutes: number | null;
  /** lira per 15 minutes of waiting after the free time (the extra-waiting extra's price); null when the office does not offer it */
  waiting_price_per_15_min: number | null;
  waiting_price_per_15_min_in_currency: number | null;
}

export function presentTripTerms(
  trip: { hours: number | null; outbound: { from: { kind: string } }; return: { from: { kind: string } } | null },
  terms: { includedKmPerHour: number; freeWaitingAirportMinutes: number; freeWaitingOtherMinutes: number },
  waitingPrice: Kurus | null,
  shown: CurrencyChoice,
): PresentedTripTerms {
  const freeAt = (kind: string) => (kind === "airport" ? terms.freeWaitingAirportMinutes : terms.freeWaitingOtherMinutes);
  return {
    hours: trip.hours,
    included_km: trip.hours === null ? null : trip.hours * terms.includedKmPerHour,
    free_waiting_minutes: freeAt(trip.outbound.from.kind),
    return_free_waiting_minutes: trip.return ? freeAt(trip.return.from.kind) : null,
    waiting_price_per_15_min: waitingPrice === null ? null : kurusToLira(waitingPrice),
    waiting_price_per_15_min_in_currency: waitingPrice === null ? null : inCurrency(waitingPrice, shown.currency, shown.rates),
  };
}

/** An extra the office offers, as GET /api/extras lists it: names in the four languages, price in lira (and in a currency when asked). */
export function presentOfferedExtra(e: Extra, shown: CurrencyChoice | null) {
  return {
    code: e.code,
    names: e.names,
    price: kurusToLira(e.price),
    pricing: e.pricing,
    max_quantity: e.maxQuantity,
    needs_text: e.needsText,
    ...(shown ? { currency: shown.currency, price_in_currency: inCurrency(e.price, shown.currency, shown.rates) } : {}),
  };
}

/** A request as the API shows it to staff. */
export function presentQuoteRequest(row: QuoteRequestRow) {
  const offer = readOffer(row);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    reasons: readReasons(row),
    trip_type: row.trip_type,
    pickup: row.pickup,
    dropoff: row.dropoff || null,
    pickup_date: row.pickup_at,
    return_date: row.return_at,
    hours: row.hours,
    passengers: row.passengers,
    luggage: row.luggage,
    luggage_items: storedLuggageItems(row.luggage_items),
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    message: row.message,
    customer_id: row.customer_id,
    offer: offer
      ? { total_price: row.offer_total === null ? null : kurusToLira(kurus(row.offer_total)), car_id: offer.request.carId, car_name: offer.shown.car, note: row.offer_note, offered_at: row.offered_at, expires_at: row.offer_expires_at }
      : null,
    booking_id: row.booking_id,
    accepted_at: row.accepted_at,
    closed_at: row.closed_at,
    created_at: row.created_at,
  };
}

/** A ledger row as the API shows it (issue 30): signed lira, the currency it moved in and the rate used. */
export function presentPayment(p: PaymentRow) {
  const currency: Currency = isCurrency(p.currency) ? p.currency : "TRY";
  return {
    id: p.id,
    kind: p.kind,
    method: p.method,
    amount: kurusToLira(kurus(p.amount)),
    currency,
    currency_amount: minorToUnits(p.currency_amount, currency),
    rate: p.currency_rate === null ? null : rateToLira(p.currency_rate),
    provider: p.provider,
    reason: p.reason,
    by: p.actor_label,
    created_at: p.created_at,
  };
}

/** A booking's money as GET /api/bookings/{id}/payments answers it: its state, in lira like `total_price`, and its ledger. */
export function presentBookingMoney(booking: Pick<BookingRow, "id" | "reference" | "total_price" | "pay_mode">, money: BookingMoney) {
  return {
    booking_id: booking.id,
    reference: booking.reference,
    payment_status: money.status,
    pay_mode: booking.pay_mode,
    total_price: kurusToLira(money.total),
    amount_paid: kurusToLira(money.paid),
    refunded: kurusToLira(money.refunded),
    balance_due: kurusToLira(money.balanceDue),
    credit: kurusToLira(money.credit),
    payments: money.payments.map(presentPayment),
  };
}
