import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, listBookingEvents } from "~/booking/index.server";
import { createBooking, updateBooking, type BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createCar, updateCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { quoteForCar } from "~/booking/rules/pricing";
import { rulesOf } from "~/pricing/pricing.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const actor = { id: null, label: "Ofis Ayşe", kind: "office" as const };
/** A clock after every trip of this file: the office marks a trip completed only from its pickup on (rules/lifecycle.ts). */
const AFTER_THE_TRIPS = new Date("2100-01-01T00:00:00Z");
const DAY = 86_400_000;
/** A pickup on a whole hour, `days` ahead (Istanbul wall clock follows from the instant). */
const at = (days: number, hour: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * 3_600_000).toISOString();

describe.each(engines)("booking edits as history on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let vClass: string;
  let sedan: string;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely, mailer: createMailer({ from: "office@example.com", log: pino({ level: "silent" }) }) });
    vClass = (await createCar(db.kysely, buildCar({ name: "Mercedes V-Class", seats: 6, luggage: 6, price_per_km: kurus(3000) }))).id;
    sedan = (await createCar(db.kysely, buildCar({ name: "Skoda Superb", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2000), price_per_day: null }))).id;
  });
  afterAll(() => db?.destroy());

  const outbox = (id: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", id).where("kind", "=", "booking-change").execute();

  it("records one event per save with the changes and who made them, and mails the customer in the booking's language", async () => {
    const booking = await createTestBooking(deps, { carId: vClass, pickupAt: at(20, 7), fullName: "Hans Müller" }, { locale: "de" });
    const moved = toBusinessParts(at(20, 9));
    const result = await updateBooking(deps, booking.id, { pickup_date: moved.date, pickup_time: moved.time, notes: "Kindersitz" }, { actor });
    expect(result.ok).toBe(true);
    const events = (await listBookingEvents(db.kysely, booking.id)).filter((e) => e.changes);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ by_label: "Ofis Ayşe", from_status: "pending", to_status: "pending" });
    expect(events[0]!.changes!.fields).toEqual(
      expect.arrayContaining([
        { field: "pickup_date", from: booking.pickup_date, to: at(20, 9) },
        { field: "notes", from: null, to: "Kindersitz" },
      ]),
    );
    const mails = await outbox(booking.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "de", to_address: booking.email });
    expect(mails[0]!.subject).toContain("wurde geändert");
    expect(mails[0]!.text_body).toContain("Abholzeit");
    expect(mails[0]!.text_body).not.toContain("Kindersitz");
  });

  it("does not mail for a notes change, nor when the setting is off", async () => {
    const booking = await createTestBooking(deps, { carId: vClass, pickupAt: at(21, 7) }, { locale: "en" });
    await updateBooking(deps, booking.id, { notes: "Call on arrival" }, { actor });
    expect(await outbox(booking.id)).toHaveLength(0);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, notifications: { ...settings.notifications, bookingChangeNotification: false } }, null);
    try {
      const moved = toBusinessParts(at(21, 9));
      const result = await updateBooking(deps, booking.id, { pickup_date: moved.date, pickup_time: moved.time }, { actor });
      expect(result).toMatchObject({ ok: true, mailed: false });
      expect(await outbox(booking.id)).toHaveLength(0);
    } finally {
      await saveSettings(db.kysely, settings, null);
    }
  });

  it("refuses moving a booking onto a taken car and time, writing nothing; an override with a reason saves and records it", async () => {
    const taken = await createTestBooking(deps, { carId: vClass, pickupAt: at(30, 11), fullName: "Olga Ivanova" });
    const mine = await createTestBooking(deps, { carId: sedan, pickupAt: at(30, 11) });
    const refused = await updateBooking(deps, mine.id, { car_id: vClass }, { actor });
    expect(refused).toMatchObject({ ok: false, reason: "unavailable" });
    if (!refused.ok && refused.reason === "unavailable") expect(refused.conflicts[0]).toMatchObject({ kind: "booking", reference: taken.reference, fullName: "Olga Ivanova" });
    const unchanged = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(unchanged).toMatchObject({ car_id: sedan, updated_at: mine.updated_at });
    expect((await listBookingEvents(db.kysely, mine.id)).filter((e) => e.changes)).toHaveLength(0);

    const forced = await updateBooking(deps, mine.id, { car_id: vClass }, { actor, overrideReason: "Müşteri V-Class istedi, Superb serviste" });
    expect(forced).toMatchObject({ ok: true, booking: { car_id: vClass } });
    const [event] = (await listBookingEvents(db.kysely, mine.id)).filter((e) => e.changes);
    expect(event!.changes).toMatchObject({ override: "Müşteri V-Class istedi, Superb serviste", fields: expect.arrayContaining([{ field: "car_name", from: "Skoda Superb", to: "Mercedes V-Class" }]) });
  });

  it("an edit racing a public booking for the same car and time has exactly one winner", async () => {
    for (let round = 0; round < 8; round++) {
      const slot = at(40 + round, 10);
      const mine = await createTestBooking(deps, { carId: sedan, pickupAt: slot });
      const when = toBusinessParts(slot);
      const [edit, booked] = await Promise.all([
        updateBooking(deps, mine.id, { car_id: vClass, pickup_date: when.date, pickup_time: when.time }, { actor }),
        createBooking(
          deps,
          {
            tripType: "oneWay",
            pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
            dropoff: { text: "Belek" },
            pickupAt: slot,
            passengers: 2,
            luggage: null,
            carId: vClass,
            fullName: "Race Guest",
            email: "race@example.com",
            phone: "+90 532 111 22 33",
            notes: "",
            flightNumber: null,
          },
          { locale: "en" },
        ),
      ]);
      expect([edit.ok, booked.ok].filter(Boolean)).toHaveLength(1);
      const onCar = await db.kysely.selectFrom("bookings").select("id").where("car_id", "=", vClass).where("pickup_date", "=", slot).execute();
      expect(onCar).toHaveLength(1);
    }
  });

  it("refuses re-activating a completed booking onto a taken slot unless overridden with a reason", async () => {
    const first = await createTestBooking(deps, { carId: vClass, pickupAt: at(60, 8) });
    await changeBookingStatus(db.kysely, deps.mailer, { id: first.id, to: "completed", actor, now: AFTER_THE_TRIPS });
    await createTestBooking(deps, { carId: vClass, pickupAt: at(60, 8) });
    const again = await changeBookingStatus(db.kysely, deps.mailer, { id: first.id, to: "pending", actor });
    expect(again).toMatchObject({ ok: false, reason: "unavailable", conflicts: [expect.objectContaining({ kind: "booking" })] });
    const still = await db.kysely.selectFrom("bookings").select("status").where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(still.status).toBe("completed");
    const forced = await changeBookingStatus(db.kysely, deps.mailer, { id: first.id, to: "pending", actor, overrideReason: "İkinci araç ayarlandı" });
    expect(forced.ok).toBe(true);
    const last = (await listBookingEvents(db.kysely, first.id)).at(-1)!;
    expect(last).toMatchObject({ from_status: "completed", to_status: "pending", changes: { override: "İkinci araç ayarlandı", fields: [] } });
  });

  it("re-routes a changed place and re-prices it at the agreed rate, not the car's new one", async () => {
    const booking = await createTestBooking(deps, { carId: sedan, pickupAt: at(70, 8) });
    // The car's price goes up after the booking: the customer keeps the agreed rate.
    await updateCar(db.kysely, sedan, { ...buildCar({ name: "Skoda Superb", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2000), price_per_day: null }), price_per_km: kurus(9900) });
    const result = await updateBooking(deps, booking.id, { dropoff_location: "Kemer" }, { actor, language: "tr" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row.dropoff_location).toMatch(/^Kemer/);
    expect(row.total_distance).not.toBe(booking.total_distance);
    expect(row.rate_per_km).toBe(2000);
    // the agreed rate through the one price function, under the office's rules (the car's category minimum)
    const expected = quoteForCar({ car: { price_per_km: kurus(2000), price_per_day: null, category: "Sedan" }, legs: [{ leg: "outbound", km: row.total_distance, startsAt: row.pickup_date, fare: null }], rules: rulesOf(DEFAULT_SETTINGS.pricing) });
    expect(row.total_price).toBe(expected.total);
    expect(row.total_price).toBe(Math.max(70_000, Math.round(row.total_distance * 2000)));
    expect(row.pickup_end).not.toBe(booking.pickup_end);
    const [event] = (await listBookingEvents(db.kysely, booking.id)).filter((e) => e.changes);
    expect(event!.changes!.fields.map((c) => c.field)).toEqual(expect.arrayContaining(["dropoff_location", "total_distance", "total_price"]));

    const unknown = await updateBooking(deps, booking.id, { dropoff_location: "Qwxzv Nowhere" }, { actor });
    expect(unknown).toMatchObject({ ok: false, reason: "invalid", fields: { dropoff_location: [{ code: "admin:bookingChanges.messages.placeNotFound" }] } });
    await updateCar(db.kysely, sedan, buildCar({ name: "Skoda Superb", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2000), price_per_day: null }));
  });
});
