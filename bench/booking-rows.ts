/**
 * Synthetic bookings for the benchmark and the admin integration tests: valid rows with varied
 * names, places, dates and statuses, and the same folded search text the app stores.
 */
import { randomUUID } from "node:crypto";
import { toJson } from "~/server/db/convert";
import { BOOKING_STATUSES, type NewBookingRow } from "~/server/db/schema";
import { bookingSearchText } from "~/booking/admin-bookings.server";

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

export function bookingRow(i: number, overrides: Partial<NewBookingRow> = {}): NewBookingRow {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const pickup = PLACES[i % PLACES.length]!;
  const dropoff = PLACES[(i * 7 + 3) % PLACES.length]!;
  const roundTrip = i % 5 === 0;
  const km = 20 + (i % 180);
  const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 * 7).toISOString();
  const row: NewBookingRow = {
    id: randomUUID(),
    reference: `VT-${(i + 100_000).toString(32).toUpperCase().padStart(6, "2").slice(-6)}`,
    access_token_hash: randomUUID(),
    trip_type: roundTrip ? "roundTrip" : "oneWay",
    pickup_location: pickup,
    dropoff_location: dropoff,
    pickup_lat: null,
    pickup_lng: null,
    dropoff_lat: null,
    dropoff_lng: null,
    pickup_date: at,
    return_pickup_location: roundTrip ? dropoff : null,
    return_dropoff_location: roundTrip ? pickup : null,
    return_pickup_lat: null,
    return_pickup_lng: null,
    return_dropoff_lat: null,
    return_dropoff_lng: null,
    return_date: roundTrip ? new Date(Date.parse(at) + 5 * 86_400_000).toISOString() : null,
    passengers: 1 + (i % 6),
    luggage: i % 4,
    car_id: null,
    car_name: "",
    full_name: `${first} ${last}`,
    email: `${first.toLowerCase().normalize("NFKD").replace(/[^a-z]/g, "")}.${i}@example.com`,
    phone: `+90 532 ${String(1_000_000 + i).slice(-7)}`,
    notes: "",
    flight_number: null,
    total_distance: roundTrip ? km * 2 : km,
    total_duration: km * 60,
    total_price: Math.max(10_000, (roundTrip ? km * 2 : km) * 2_500),
    rate_per_km: 2_500,
    minimum_applied: 0,
    distance_details: toJson({
      outbound: { distance: `${km} km`, distance_value: km, duration: `${km} dk`, duration_value: km * 60 },
      return: roundTrip ? { distance: `${km} km`, distance_value: km, duration: `${km} dk`, duration_value: km * 60 } : null,
    }),
    route_source: "builtin",
    status: BOOKING_STATUSES[i % BOOKING_STATUSES.length]!,
    locale: ["en", "tr", "de", "ru"][i % 4]!,
    idempotency_key: null,
    consent_at: at,
    client_ip: null,
    search_text: "",
    created_at: at,
    updated_at: at,
    ...overrides,
  };
  row.search_text = bookingSearchText(row as Parameters<typeof bookingSearchText>[0]);
  return row;
}
