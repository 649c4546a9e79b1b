/**
 * Synthetic bookings for the benchmark: valid rows with varied names, places, dates and statuses,
 * built by the same pure row builder as `createBooking` (app/booking/booking-row.ts), so their
 * search text and distance details are stored exactly as the app stores them. Bulk-inserted by
 * bench/run.ts; tests make bookings through `createTestBooking` (db/seed/factories.ts) instead.
 */
import { randomUUID } from "node:crypto";
import { BOOKING_STATUSES, type NewBookingRow } from "~/server/db/schema";
import { buildBookingRow } from "~/booking/rules/booking-row";
import { newLinkNonce } from "~/booking/index.server";
import { quoteForCar } from "~/booking/rules/pricing";
import { km, minutes, seconds } from "~/booking/rules/units";
import { kurus } from "~/utils/money";

const FIRST = ["Ayşe", "Mehmet", "Zeynep", "Hans", "Olga", "İsmail", "Çağla", "John", "Şule", "Günther", "Irina", "Oğuz"];
const LAST = ["Yılmaz", "Kaya", "Demir", "Müller", "Ivanova", "Öztürk", "Smith", "Çelik", "Schmidt", "Şahin"];
const PLACES = [
  "Antalya Havalimanı (AYT)",
  "Belek",
  "Side",
  "Kemer",
  "Alanya",
  "Lara",
  "Kundu",
  "Manavgat",
  "Kaş",
  "İstanbul Havalimanı (IST)",
];

/**
 * Pickups every 15 minutes from two years ago: 100 000 bookings cover about 2 years 10 months
 * (two years past, ten months ahead), about 96 trips a day, as a busy office has them, so a day's
 * list or board reads a realistic number of rows.
 */
const PICKUP_STEP_MS = 15 * 60_000;
const FIRST_PICKUP = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 730 * 86_400_000 + 7 * 3_600_000;

const RATE = { price_per_km: kurus(2_500), price_per_day: null, category: "" };
const stop = (label: string) => ({ label, lat: null, lng: null });

export function bookingRow(i: number, car: { id: string | null; name: string } = { id: null, name: "" }): NewBookingRow {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const pickup = PLACES[i % PLACES.length]!;
  const dropoff = PLACES[(i * 7 + 3) % PLACES.length]!;
  const roundTrip = i % 5 === 0;
  const legKm = km(20 + (i % 180));
  const legMinutes = minutes(legKm);
  const at = new Date(FIRST_PICKUP + i * PICKUP_STEP_MS).toISOString();
  const row = buildBookingRow({
    id: randomUUID(),
    reference: `VT-${(i + 100_000).toString(32).toUpperCase().padStart(6, "2").slice(-6)}`,
    accessTokenHash: randomUUID(),
    tripType: roundTrip ? "roundTrip" : "oneWay",
    outbound: { from: stop(pickup), to: stop(dropoff), km: legKm, minutes: legMinutes },
    return: roundTrip ? { from: stop(dropoff), to: stop(pickup), km: legKm, minutes: legMinutes } : null,
    pickupAt: at,
    returnAt: roundTrip ? new Date(Date.parse(at) + 5 * 86_400_000).toISOString() : null,
    passengers: 1 + (i % 6),
    luggage: i % 4,
    car,
    contact: {
      fullName: `${first} ${last}`,
      email: `${first.toLowerCase().normalize("NFKD").replace(/[^a-z]/g, "")}.${i}@example.com`,
      phone: `+90 532 ${String(1_000_000 + i).slice(-7)}`,
      notes: "",
      flightNumber: null,
    },
    price: quoteForCar({
      car: RATE,
      legs: [
        { leg: "outbound", km: legKm, startsAt: at, fare: null },
        ...(roundTrip ? [{ leg: "return" as const, km: legKm, startsAt: null, fare: null }] : []),
      ],
    }),
    totalSeconds: seconds(legMinutes * 60 * (roundTrip ? 2 : 1)),
    routeSource: "builtin",
    status: BOOKING_STATUSES[i % BOOKING_STATUSES.length]!,
    locale: ["en", "tr", "de", "ru"][i % 4]!,
    at,
  });
  // createBooking adds the private link's nonce to the built row (the search text, distances and
  // products are the builder's)
  return { ...row, link_nonce: newLinkNonce() };
}
