/**
 * A booking as the guest reads it in a mail and on the private page: its detail rows (when, where,
 * who, the price lines in the currency they saw, the free waiting, hotels and addresses), in the
 * guest's language through `t`.
 */
import { storedLuggageItems } from "~/booking/rules/capacity";
import { luggageItemsText } from "~/booking/rules/luggage-text";
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { isHeld } from "~/booking/rules/pay-terms";
import { formatDeadline } from "~/booking/rules/self-service";
import { arrivalTermsOf, bookingStartsAtAirport, meetingPoint, readDistanceDetails } from "~/booking/index.server";
import { amountDueOf, type ArrivalTerms } from "~/booking/rules/payments";
import { paymentRows } from "~/booking/rules/payment-text";
import { addressLabelKey, bookingAddresses, shortPlaceName, type AddressLeg } from "~/booking/rules/addresses";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { extraName, WAITING_EXTRA_CODE } from "~/booking/rules/extras";
import { formatDistanceKm, formatDuration } from "~/booking/rules/format";
import { priceLineTexts, waitingStatement } from "~/booking/rules/price-text";
import { carRates, rateFor } from "~/booking/rules/pricing";
import { categoryLabel } from "~/fleet/category";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import { formatCurrency, formatIn, isCurrency } from "~/pricing/currency";
import { readExtras } from "~/pricing/pricing.server";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { dateTimeFormat } from "~/utils/intl";
import { formatMoney, kurus, type Kurus } from "~/utils/money";

export function formatWhen(instant: string, lng: Language): string {
  return dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "full", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));
}

/** "Hotel or address — Belek: Kempinski Hotel The Dome" for each given end the guest named one for. */
function addressRows(t: TFunction, ends: Array<[place: string | null, address: string | null, leg: AddressLeg]>): Array<[string, string]> {
  return ends.filter(([, address]) => address).map(([place, address, leg]) => [t(addressLabelKey(leg), { place: shortPlaceName(place) }), address!]);
}

/** What the detail rows read of the office's pricing: the rules' texts, the free waiting and its price, the car's category. */
export interface DetailPricing {
  settings: Pick<Settings["pricing"], "nightStart" | "nightEnd" | "includedKmPerHour" | "freeWaitingAirportMinutes" | "freeWaitingOtherMinutes">;
  /** the active extra waiting's price per 15 minutes, null when it is not sold */
  waitingPrice: Kurus | null;
  /** the booked car's category as stored (for the minimum fare's line) */
  category: string;
  /** the car's rate per km: what a kilometre beyond an hourly hire's included distance costs */
  ratePerKm: Kurus | null;
  /** how the driver takes the money on arrival (settings.payments, issue 30) */
  arrival: ArrivalTerms;
}

export async function detailPricingOf(db: Kysely<Database>, booking: Pick<BookingRow, "car_id">): Promise<DetailPricing> {
  const [settings, waiting, car] = await Promise.all([
    getSettings(db),
    readExtras(db, { activeOnly: true }).then((extras) => extras.find((e) => e.code === WAITING_EXTRA_CODE)),
    booking.car_id ? db.selectFrom("cars").select(["category", "price_per_km", "price_per_day"]).where("id", "=", booking.car_id).executeTakeFirst() : undefined,
  ]);
  return {
    settings: settings.pricing,
    waitingPrice: waiting ? waiting.price : null,
    category: car?.category ?? "",
    ratePerKm: car ? rateFor(carRates(car)).ratePerKm : null,
    arrival: arrivalTermsOf(settings),
  };
}

/** A booking's amounts in the currency the guest saw (at the rate of that day), lira when that was lira. */
function bookingMoney(booking: Pick<BookingRow, "currency" | "currency_rate">, lng: Language): (amount: Kurus) => string {
  const code = booking.currency;
  if (!isCurrency(code) || code === "TRY" || !booking.currency_rate) return (amount) => formatMoney(amount, lng);
  const rates = { EUR: booking.currency_rate, USD: booking.currency_rate, GBP: booking.currency_rate, RUB: booking.currency_rate };
  return (amount) => formatIn(amount, code, rates, lng);
}

/** The booking's price rows: each line, then the total as the guest saw it and the lira charged. */
function priceRows(booking: BookingRow, t: TFunction, lng: Language, pricing: DetailPricing | undefined): Array<[string, string]> {
  const lines = readPriceLines(booking);
  const money = bookingMoney(booking, lng);
  const name = (stored: string | null) => (stored ? placeNameIn(stored, lng) : "");
  const texts = priceLineTexts(
    lines,
    {
      routes: {
        outbound: `${name(booking.pickup_location)} → ${name(booking.dropoff_location)}`,
        return: booking.return_pickup_location ? `${name(booking.return_pickup_location)} → ${name(booking.return_dropoff_location)}` : undefined,
      },
      nightStart: pricing?.settings.nightStart ?? "",
      nightEnd: pricing?.settings.nightEnd ?? "",
      category: categoryLabel((key) => t(key), pricing?.category ?? ""),
      includedKmPerHour: pricing?.settings.includedKmPerHour ?? 0,
      ratePerKm: pricing?.ratePerKm ?? null,
      extras: readBookedExtras(booking),
      language: lng,
    },
    t,
    money,
  );
  const total = kurus(booking.total_price);
  const code = booking.currency;
  const shown = isCurrency(code) && code !== "TRY" && booking.currency_total !== null ? formatCurrency(booking.currency_total, code, lng) : null;
  return [
    ...texts.map((line): [string, string] => [line.note ? `${line.label} (${line.note})` : line.label, line.amount]),
    [t("summary.price"), shown ? t("price.lines.chargedAs", { shown, lira: formatMoney(total, lng) }) : formatMoney(total, lng)],
  ];
}

/** The free waiting as the guest reads it, in the booking's currency (an hourly hire: the car waits during its hours). */
export function bookingWaitingText(booking: BookingRow, t: TFunction, lng: Language, pricing: DetailPricing): string {
  const airport = bookingStartsAtAirport(booking);
  const minutes = airport ? pricing.settings.freeWaitingAirportMinutes : pricing.settings.freeWaitingOtherMinutes;
  return waitingStatement(t, airport, minutes, pricing.waitingPrice === null ? null : bookingMoney(booking, lng)(pricing.waitingPrice), booking.hours ?? null);
}

/**
 * The booking's details as label/value rows in a language (mail and private page share them):
 * an hourly hire's hours instead of a drop-off, the extras with their texts, the itemised price
 * in the currency the guest saw with the lira charged, what was paid and what is owed on arrival,
 * and the free waiting (given `pricing`).
 */
export function bookingDetailRows(booking: BookingRow, t: TFunction, lng: Language, pricing?: DetailPricing): Array<[string, string]> {
  const details = readDistanceDetails(booking);
  // Stored under their canonical names; the reader sees them in their language ("Кемер, Анталья").
  const name = (stored: string | null) => (stored ? placeNameIn(stored, lng) : "");
  const ends = bookingAddresses(booking).map(([place, address, leg]) => [place && name(place), address, leg] as [string | null, string | null, AddressLeg]);
  const hourly = booking.hours !== null;
  const rows: Array<[string, string]> = [
    [t("summary.reference"), booking.reference],
    [t("summary.tripType"), hourly ? t("confirmation.hourlyHire") : t(booking.trip_type === "roundTrip" ? "form.roundTrip" : "form.oneWay")],
    // An hourly hire starts at a place and has no drop-off: its hours and included distance instead.
    ...(hourly
      ? ([
          [t("confirmation.startPlace"), name(booking.pickup_location)],
          ...addressRows(t, ends.slice(0, 1)),
          [t("confirmation.hourlyHire"), t("confirmation.hourlyHireValue", { hours: booking.hours, km: booking.hours! * (pricing?.settings.includedKmPerHour ?? 0) })],
        ] as Array<[string, string]>)
      : ([[t("summary.outbound"), `${name(booking.pickup_location)} → ${name(booking.dropoff_location)}`], ...addressRows(t, ends.slice(0, 2))] as Array<[string, string]>)),
    [t("summary.pickupTime"), formatWhen(booking.pickup_date, lng)],
    // issue 31: where the driver meets the guest, in the confirmation and on the page, not only in the .ics
    [t("driverMail.meet"), meetingPoint(t, lng, booking, "outbound")],
  ];
  if (booking.trip_type === "roundTrip" && booking.return_date) {
    rows.push([t("summary.return"), `${name(booking.return_pickup_location)} → ${name(booking.return_dropoff_location)}`]);
    rows.push(...addressRows(t, ends.slice(2)));
    rows.push([t("summary.returnTime"), formatWhen(booking.return_date, lng)]);
    rows.push([t("driverMail.meet"), meetingPoint(t, lng, booking, "return")]);
  }
  if (!hourly) rows.push([t("summary.distance"), formatDistanceKm(booking.total_distance, lng)]);
  if (details && !hourly) rows.push([t("summary.duration"), formatDuration((details.outbound.minutes + (details.return?.minutes ?? 0)) * 60, lng)]);
  rows.push([t("summary.passengers"), String(booking.passengers)]);
  if (booking.luggage !== null) rows.push([t("summary.luggage"), String(booking.luggage)]);
  const special = luggageItemsText(t, storedLuggageItems(booking.luggage_items));
  if (special) rows.push([t("luggageItems.title"), special]);
  rows.push([t("summary.car"), booking.car_name]);
  if (booking.flight_number) rows.push([t("contact.flightNumber"), booking.flight_number]);
  const extras = readBookedExtras(booking);
  if (extras.length > 0) {
    const listed = extras.map((e) => `${extraName(e.names, lng)}${e.pricing === "booking" && e.quantity === 1 ? "" : ` × ${e.quantity}`}${e.text ? ` ${t("price.lines.extraText", { text: e.text })}` : ""}`);
    rows.push([t("extras.title"), listed.join("; ")]);
  }
  rows.push(...priceRows(booking, t, lng, pricing));
  // issue 30: what was paid, what is owed on arrival (the guest's currency and lira) and how
  // and, while the booking waits for its online payment, what is due now and by when
  const held = isHeld(booking) && booking.hold_until ? { amount: kurus(booking.pay_now - (booking.amount_paid ?? 0)), until: formatDeadline(booking.hold_until, lng) } : null;
  if (pricing) rows.push(...paymentRows(t, lng, { ...amountDueOf(booking), rate: booking.currency_rate, cancelled: booking.status === "cancelled", held, byPartner: booking.partner_pays === 1 }, pricing.arrival));
  if (pricing) rows.push([t("waiting.title"), bookingWaitingText(booking, t, lng, pricing)]);
  return rows;
}
