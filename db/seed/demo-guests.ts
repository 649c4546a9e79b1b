/**
 * Demo guests (issue 29), seeded with the demo fleet on a new database unless DEMO_BOOKINGS=false:
 * three guests the office knows, with their bookings this week (entered by the office by phone or
 * WhatsApp, confirmed, no mail sent to the made-up addresses) and notes for drivers, and one
 * quote request waiting for an offer. Everything goes through the production write paths
 * (`createBooking` with the office's entry, `recordPayment`, `updateCustomer`, `requestQuote`), so the dashboard,
 * the guests and the quote requests open on something real.
 */
import { notify } from "~/admin/notifications.server";
import { createBooking, recordPayment, requestQuote, updateCustomer, type BookingRequest } from "~/booking/index.server";
import { getSettings } from "~/settings/settings.server";
import type { OfficeChannel } from "~/booking/rules/channel";
import { quoteTeller } from "~/notify/quote-mail.server";
import type { Db } from "~/server/db/connection.server";
import type { Logger } from "~/server/logger.server";
import { testBookingDeps } from "./factories";
import { capacityProblems, type LuggageItems } from "~/booking/rules/capacity";
import { hasProblems } from "~/i18n/problem";

const OFFICE = { kind: "office" as const, id: null, label: "demo" };

/** Istanbul day `days` from now at `time`, as an instant; day 0: three hours from now, on the quarter hour (today's trip never in the past). */
const at = (days: number, time: string) => {
  if (days === 0) return new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000).toISOString();
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Istanbul" });
  return new Date(`${day}T${time}:00+03:00`).toISOString();
};

interface DemoTrip {
  days: number;
  time: string;
  from: BookingRequest["pickup"];
  to: BookingRequest["dropoff"];
  flight?: string;
  hotel?: string;
  channel: OfficeChannel;
  seats: number;
  /** issue 30: money the office already received for it, by bank transfer (a share of the total) */
  paid?: { share: number; reason: string };
  /** issue 32: a family's children (passengers, default 2), their seats and their pram */
  family?: { passengers: number; luggageItems: LuggageItems; extras: BookingRequest["extras"] };
}

const GUESTS: Array<{ fullName: string; email: string; phone: string; locale: "de" | "ru" | "tr" | "en"; notes: string; trips: DemoTrip[] }> = [
  {
    fullName: "Anna Schmidt",
    email: "anna.schmidt@example.com",
    phone: "+49 151 2345 6789",
    locale: "de",
    notes: "Immer ein Kindersitz (Gruppe 1). / Her zaman çocuk koltuğu.",
    trips: [
      { days: 1, time: "14:30", from: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, to: { text: "Belek" }, flight: "XQ 141", hotel: "Regnum Carya", channel: "phone", seats: 4, family: { passengers: 4, luggageItems: { prams: 1 }, extras: [{ code: "infant-seat", quantity: 1 }, { code: "child-seat", quantity: 1 }] } },
      { days: 6, time: "09:00", from: { text: "Belek" }, to: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, hotel: "Regnum Carya", channel: "phone", seats: 4, paid: { share: 1, reason: "Havale — Anna Schmidt, tamamı" } },
    ],
  },
  {
    fullName: "Иван Петров",
    email: "ivan.petrov@example.com",
    phone: "+7 912 345 67 89",
    locale: "ru",
    notes: "VIP: içeride, isim tabelasıyla karşılayın.",
    trips: [{ days: 2, time: "11:15", from: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, to: { text: "Kemer" }, flight: "SU 2136", channel: "whatsapp", seats: 6, paid: { share: 0.3, reason: "Kapora, havale (WhatsApp ile anlaşıldı)" } }],
  },
  {
    fullName: "Mehmet Aydın",
    email: "mehmet.aydin@example.com",
    phone: "0532 111 22 33",
    locale: "tr",
    notes: "",
    trips: [{ days: 0, time: "22:00", from: { text: "Side" }, to: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, channel: "desk", seats: 3 }],
  },
];

export async function seedDemoGuests(db: Db, log: Logger): Promise<{ bookings: number; requests: number }> {
  const deps = await testBookingDeps({ db: db.kysely, log });
  const cars = await db.kysely.selectFrom("cars").select(["id", "seats", "luggage"]).where("status", "=", "active").orderBy("sort_order").execute();
  let bookings = 0;
  let slot = 0;
  for (const guest of GUESTS) {
    let customerId: string | null = null;
    for (const trip of guest.trips) {
      // a different car for each trip, so none collides with another
      const needs = { passengers: Math.max(trip.seats, trip.family?.passengers ?? 0), luggage: 2, luggageItems: trip.family?.luggageItems ?? null };
      const fitting = cars.filter((c) => !hasProblems(capacityProblems(needs, c)));
      const car = fitting[slot++ % Math.max(1, fitting.length)];
      if (!car) continue;
      const ends = trip.from.placeId ? { dropoffAddress: trip.hotel ?? null } : { pickupAddress: trip.hotel ?? null };
      const made = await createBooking(
        deps,
        { tripType: "oneWay", pickup: trip.from, dropoff: trip.to, pickupAt: at(trip.days, trip.time), passengers: trip.family?.passengers ?? 2, luggage: 2, luggageItems: trip.family?.luggageItems ?? null, extras: trip.family?.extras ?? [], carId: car.id, fullName: guest.fullName, email: guest.email, phone: guest.phone, notes: guest.notes, flightNumber: trip.flight ?? null, addresses: ends },
        { locale: guest.locale, office: { entry: { channel: trip.channel, price: null, reason: "demo", notifyGuest: false, confirm: true }, actor: OFFICE } },
      );
      if (!made.ok) {
        log.warn({ guest: guest.fullName, fields: made.fields }, "a demo booking was refused");
        continue;
      }
      bookings += 1;
      customerId = made.booking.customer_id ?? customerId;
      if (trip.paid) {
        const amount = Math.round(made.booking.total_price * trip.paid.share);
        const { rates } = (await getSettings(db.kysely)).currency;
        await recordPayment(db.kysely, { bookingId: made.booking.id, kind: "adjustment", method: "bank", amount, currency: "TRY", reason: trip.paid.reason, actor: OFFICE, rates, notifyGuest: false });
      }
    }
    if (customerId && guest.notes) await updateCustomer(db.kysely, customerId, { notes: guest.notes, language: guest.locale, marketingConsent: false }, OFFICE);
  }
  // A request the site could not price: the office's notice, but no mail to the made-up address.
  const teller = quoteTeller(deps);
  await requestQuote(
    { ...deps, tell: { ...teller, received: (trx, row) => notify(trx, { kind: "quote", message: { title: "notifications.quoteTitle", body: "notifications.quoteBody", values: { name: row.full_name, reference: row.reference, from: row.pickup, to: row.dropoff || "—" } }, link: `/admin/quote-requests/${row.id}`, relatedId: row.id }) } },
    {
      tripType: "oneWay",
      pickup: "Antalya Havalimanı",
      dropoff: "Kaş, Villa Mavi (Çukurbağ)",
      date: at(4, "10:00").slice(0, 10),
      time: "13:00",
      passengers: 15,
      luggage: 18,
      fullName: "Sophie Becker",
      email: "sophie.becker@example.com",
      phone: "+49 160 9876 5432",
      language: "de",
      message: "Wir sind 15 Personen (Hochzeit). Geht das mit zwei Fahrzeugen?",
      reasons: ["passengers", "place"],
    },
    { locale: "de" },
  );
  return { bookings, requests: 1 };
}
