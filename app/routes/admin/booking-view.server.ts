/**
 * A booking as the back office and the admin API show it (spec §3): the booking module's record
 * (`BookingRecord`) with money in lira, distance in km and each leg's figures as the API has always
 * named them. The office's list and page, the admin API's answers and their tests read it.
 */
import { getPartner } from "~/partners/partners.server";
import { storedLuggageItems, type LuggageItems } from "~/booking/rules/capacity";
import type { Kysely } from "kysely";
import type { BookingChannel, BookingStatus, Database, GuestChange, PaymentStatus, PayMode, TripType } from "~/server/db/schema";
import { parseImages } from "~/fleet/car";
import { kurusToLira } from "~/utils/money";
import { amountDueOf, bookingCarsOf, getBooking, listBookings, readDistanceDetails, type BookingCar, type BookingFilter, type BookingRecord } from "~/booking/index.server";
import { bookingProducts, type BookingProducts } from "~/booking/rules/booking-products";
import { presentDistanceDetails, type PresentedLeg } from "~/routes/api/present.server";

/** A leg as the admin API has always shown it (DESIGN.md §4), made from the stored numbers. */
export type BookingLeg = PresentedLeg;

export interface AdminBooking {
  id: string;
  reference: string;
  full_name: string;
  email: string;
  phone: string;
  status: BookingStatus;
  /** issue 32: when the system confirmed it as it was made (instant confirmation); null otherwise */
  auto_confirmed_at: string | null;
  /** where the booking came from (issue 29) */
  channel: BookingChannel;
  /** the guest the office knows (issue 29); null before the booking was linked or after the guest was erased */
  customer_id: string | null;
  created_at: string;
  updated_at: string;
  trip_type: TripType;
  car_id: string | null;
  car: { name: string; images: string[] } | null;
  pickup_date: string;
  return_date: string | null;
  passengers: number;
  luggage: number | null;
  /** issue 32: the special luggage by kind (`{ prams: 1, golfBags: 2 }`, app/booking/rules/capacity.ts); null: none */
  luggage_items: LuggageItems | null;
  pickup_location: string;
  dropoff_location: string;
  return_pickup_location: string | null;
  return_dropoff_location: string | null;
  /** the hotel or street address at each leg end, null when none was given */
  pickup_address: string | null;
  dropoff_address: string | null;
  return_pickup_address: string | null;
  return_dropoff_address: string | null;
  flight_number: string | null;
  total_price: number;
  /** issue 30: the ledger's state (unpaid, part_paid, paid, refunded), what it received net and what is still owed, in lira like `total_price` */
  payment_status: PaymentStatus;
  amount_paid: number;
  balance_due: number;
  /** what the guest was asked: arrival, deposit or full */
  pay_mode: PayMode;
  total_distance: number;
  total_duration: number;
  rate_per_km: number;
  distance_details: { outbound: BookingLeg | null; return: BookingLeg | null };
  notes: string;
  locale: string;
  /** issue 16: what the guest did from the private link ("changed", "cancelled") until the office marks it seen; null otherwise */
  guest_change: GuestChange | null;
  guest_changed_at: string | null;
  /** issue 16: when the guest agreed to booking updates by WhatsApp or SMS; null: no messages */
  messaging_consent_at: string | null;
}

export function toAdminBooking(record: BookingRecord): AdminBooking {
  const carName = record.current_car_name ?? record.car_name;
  return {
    id: record.id,
    reference: record.reference,
    full_name: record.full_name,
    email: record.email,
    phone: record.phone,
    status: record.status,
    auto_confirmed_at: record.auto_confirmed_at ?? null,
    channel: record.channel,
    customer_id: record.customer_id ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    trip_type: record.trip_type,
    car_id: record.car_id,
    car: record.car_id || carName ? { name: carName, images: parseImages(record.car_images).map((i) => i.url) } : null,
    pickup_date: record.pickup_date,
    return_date: record.return_date,
    passengers: record.passengers,
    luggage: record.luggage,
    luggage_items: storedLuggageItems(record.luggage_items),
    pickup_location: record.pickup_location,
    dropoff_location: record.dropoff_location,
    return_pickup_location: record.return_pickup_location,
    return_dropoff_location: record.return_dropoff_location,
    pickup_address: record.pickup_address ?? null,
    dropoff_address: record.dropoff_address ?? null,
    return_pickup_address: record.return_pickup_address ?? null,
    return_dropoff_address: record.return_dropoff_address ?? null,
    flight_number: record.flight_number,
    total_price: kurusToLira(record.total_price),
    payment_status: record.payment_status,
    amount_paid: kurusToLira(record.amount_paid),
    balance_due: kurusToLira(amountDueOf(record).due),
    pay_mode: record.pay_mode,
    total_distance: record.total_distance,
    total_duration: record.total_duration,
    rate_per_km: kurusToLira(record.rate_per_km),
    distance_details: presentDistanceDetails(readDistanceDetails(record)),
    notes: record.notes,
    locale: record.locale,
    guest_change: record.guest_change ?? null,
    guest_changed_at: record.guest_changed_at ?? null,
    messaging_consent_at: record.messaging_consent_at ?? null,
  };
}

export async function getAdminBooking(db: Kysely<Database>, id: string): Promise<AdminBooking | undefined> {
  const record = await getBooking(db, id);
  return record ? toAdminBooking(record) : undefined;
}

/** One booking for the office's page: as the admin API shows it, with its products and its car's category (the minimum fare's line names it). */
/** Who sold a partner's booking (issue 33): the partner, what it earns on the booking and who pays. */
export interface BookingSoldBy {
  id: string;
  code: string;
  name: string;
  /** kuruş */
  commission: number;
  /** kuruş: the price less the commission */
  net: number;
  partnerPays: boolean;
}

export async function getAdminBookingDetail(db: Kysely<Database>, id: string): Promise<{ booking: AdminBooking; products: BookingProducts; category: string | null; cars: BookingCar[]; partner: BookingSoldBy | null } | undefined> {
  const record = await getBooking(db, id);
  if (!record) return undefined;
  const partner = record.partner_id ? await getPartner(db, record.partner_id) : undefined;
  const soldBy = partner
    ? { id: partner.id, code: partner.code, name: partner.name, commission: record.partner_commission, net: record.total_price - record.partner_commission, partnerPays: record.partner_pays === 1 }
    : null;
  // a party in several cars (issue 32): each car with its share of the party
  return { booking: toAdminBooking(record), products: bookingProducts(record), category: record.car_category, cars: await bookingCarsOf(db, record), partner: soldBy };
}

/** A page of the office's list as it shows it: the bookings and, by id, each one's service, extras, price lines and currency (issue 14). */
export interface AdminBookingPage extends Omit<Awaited<ReturnType<typeof listBookings>>, "bookings"> {
  bookings: AdminBooking[];
  products: Record<string, BookingProducts>;
}

export async function listAdminBookings(db: Kysely<Database>, filter: BookingFilter = {}, page = 1, pageSize?: number, options: { countAhead?: number } = {}): Promise<AdminBookingPage> {
  const found = await listBookings(db, filter, page, pageSize, options);
  return { ...found, bookings: found.bookings.map(toAdminBooking), products: Object.fromEntries(found.bookings.map((b) => [b.id, bookingProducts(b)])) };
}
