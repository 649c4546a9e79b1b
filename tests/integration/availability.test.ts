/**
 * Availability (issue 13 part 1), through the one write path: a car is busy for each leg from
 * pickup to pickup + route duration + the office's buffer and during its maintenance window; a
 * busy car is refused by `createBooking` and by POST /api/bookings (409 `car_unavailable`); the
 * quotes list only the cars free for every leg; two bookings of one car at one time, sent at once,
 * have exactly one winner on SQLite and PostgreSQL.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { hearChanges } from "../setup/results-site";
import { changeBookingStatus } from "~/booking/index.server";
import { createBooking, type BookingRequest } from "~/booking/index.server";
import { quotesForTrip, searchSpans } from "~/booking/index.server";
import { planTrip } from "~/booking/index.server";
import { createCar, updateCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { createPlaceServices } from "~/places/service.server";
import * as bookingsRoute from "~/routes/api/bookings";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { SEED_FLEET } from "../../db/seed/fleet";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate } from "../setup/trip-date";

const log = pino({ level: "silent" });

/** An Istanbul date `days` ahead at an Istanbul time, as the stored UTC instant. */
const at = (days: number, time: string) => tripDate(days, time);
const plusMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

describe.each(engines)("availability on %s", (engine) => {
  let db: TestDb;
  let vanId: string;
  let sedanId: string;
  let ip = 0;
  const places = createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log as never);

  beforeAll(async () => {
    db = await testDb(engine);
    vanId = (await createCar(db.kysely, buildCar({ name: "V-Class", seats: 7, luggage: 7 }))).id;
    sedanId = (await createCar(db.kysely, buildCar({ name: "E-Class" }, SEED_FLEET[1]))).id;
  });
  afterAll(async () => {
    await db.destroy();
  });

  const deps = () => ({ db: db.kysely });
  const request = (carId: string, pickupAt: string, overrides: Partial<BookingRequest> = {}): Partial<BookingRequest> & { carId: string } => ({
    carId,
    pickupAt,
    ...overrides,
  });

  /** AYT → Belek's route minutes on the builtin provider, as createBooking plans it. */
  async function outboundMinutes(): Promise<number> {
    const planned = await planTrip(places, { tripType: "oneWay", pickup: { text: "AYT", placeId: "ayt-airport" }, dropoff: { text: "Belek" } }, "en");
    if (!planned.ok) throw new Error("no route");
    return planned.trip.outbound.minutes;
  }

  it("stores when each leg ends", async () => {
    const pickupAt = at(30, "09:00");
    const booking = await createTestBooking(deps(), request(vanId, pickupAt));
    expect(booking.pickup_end).toBe(plusMinutes(pickupAt, await outboundMinutes()));
    expect(booking.return_end).toBeNull();
  });

  it("stores a pickup given with an offset as the UTC instant, so the same moment is the same text", async () => {
    const z = at(33, "09:00");
    const withOffset = `${new Date(Date.parse(z) + 3 * 3_600_000).toISOString().slice(0, 16)}:00+03:00`;
    const booking = await createTestBooking(deps(), request(sedanId, withOffset));
    expect(booking.pickup_date).toBe(z);
    await expect(createTestBooking(deps(), request(sedanId, z))).rejects.toThrow(/carBusy/);
  });

  it("refuses the same car at the same time with carBusy, and takes another car", async () => {
    const pickupAt = at(31, "14:30");
    await createTestBooking(deps(), request(vanId, pickupAt));
    await expect(createTestBooking(deps(), request(vanId, pickupAt))).rejects.toThrow(/booking:errors.carBusy/);
    const other = await createTestBooking(deps(), request(sedanId, pickupAt));
    expect(other.car_id).toBe(sedanId);
  });

  it("frees the car at the end of the buffer, and the buffer follows the setting", async () => {
    const first = at(32, "10:00");
    const minutes = await outboundMinutes();
    await createTestBooking(deps(), request(vanId, first));
    const justAfter = plusMinutes(first, minutes + 30);
    const tooSoon = plusMinutes(first, minutes + 29);
    await expect(createTestBooking(deps(), request(vanId, tooSoon))).rejects.toThrow(/carBusy/);
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, booking: { ...DEFAULT_SETTINGS.booking, bufferMinutes: 0 } }, null);
    try {
      // with no buffer, the car may leave again the minute it arrives
      expect((await createTestBooking(deps(), request(vanId, plusMinutes(first, minutes)))).car_id).toBe(vanId);
    } finally {
      await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    }
    // back to 30 minutes: the leg that ended at first+2·minutes blocks until +30
    const second = plusMinutes(first, minutes);
    await expect(createTestBooking(deps(), request(vanId, plusMinutes(second, minutes + 29)))).rejects.toThrow(/carBusy/);
    expect((await createTestBooking(deps(), request(vanId, plusMinutes(second, minutes + 30)))).car_id).toBe(vanId);
    expect(justAfter > tooSoon).toBe(true);
  });

  it("checks a round trip's return leg on its own", async () => {
    const taken = at(40, "18:00");
    await createTestBooking(deps(), request(sedanId, taken));
    const round = (returnAt: string) =>
      request(sedanId, at(35, "09:00"), {
        tripType: "roundTrip",
        returnPickup: { text: "Belek" },
        returnDropoff: { text: "AYT", placeId: "ayt-airport" },
        returnAt,
      });
    await expect(createTestBooking(deps(), round(plusMinutes(taken, 10)))).rejects.toThrow(/carBusy/);
    const ok = await createTestBooking(deps(), round(at(41, "18:00")));
    expect(ok.return_end).toBe(plusMinutes(at(41, "18:00"), await outboundMinutes()));
  });

  it("frees the slot when a booking is cancelled", async () => {
    const pickupAt = at(45, "12:00");
    const first = await createTestBooking(deps(), request(vanId, pickupAt));
    const mailer = createMailer({ from: "office@example.com", log });
    const cancelled = await changeBookingStatus(db.kysely, mailer, { id: first.id, to: "cancelled", note: "guest changed plans", actor: { id: null, label: "test", kind: "office" } });
    expect(cancelled.ok).toBe(true);
    expect((await createTestBooking(deps(), request(vanId, pickupAt))).car_id).toBe(vanId);
  });

  it("keeps a car out of its maintenance window, at its edges, and for the status without dates", async () => {
    const car = await createCar(db.kysely, buildCar({ name: "Service S-Class" }, SEED_FLEET[2]));
    const from = at(50, "08:00");
    const to = at(51, "08:00");
    await updateCar(db.kysely, car.id, { ...buildCar({ name: "Service S-Class" }, SEED_FLEET[2]), maintenance_from: from, maintenance_to: to } as never);
    const minutes = await outboundMinutes();
    await expect(createTestBooking(deps(), request(car.id, at(50, "12:00")))).rejects.toThrow(/booking:errors.carInMaintenance/);
    // arriving with its buffer done exactly when the window opens is fine; starting when it closes too
    expect((await createTestBooking(deps(), request(car.id, plusMinutes(from, -(minutes + 30))))).car_id).toBe(car.id);
    expect((await createTestBooking(deps(), request(car.id, to))).car_id).toBe(car.id);
    await updateCar(db.kysely, car.id, { ...buildCar({ name: "Service S-Class" }, SEED_FLEET[2]), status: "maintenance", maintenance_from: null, maintenance_to: null } as never);
    await expect(createTestBooking(deps(), request(car.id, at(200, "12:00")))).rejects.toThrow(/carInMaintenance/);
  });

  it("lists only the cars free for every leg in the quotes", async () => {
    const pickupAt = at(60, "11:00");
    await createTestBooking(deps(), request(vanId, pickupAt));
    const search = { tripType: "oneWay", date: pickupAt.slice(0, 10), time: "", passengers: 2 } as never;
    const planned = await planTrip(places, { tripType: "oneWay", pickup: { text: "AYT", placeId: "ayt-airport" }, dropoff: { text: "Belek" } }, "en");
    if (!planned.ok) throw new Error("no route");
    const istanbul = new Date(Date.parse(pickupAt) + 3 * 3_600_000).toISOString();
    const spans = searchSpans(planned.trip, { ...(search as object), date: istanbul.slice(0, 10), time: istanbul.slice(11, 16) } as never);
    expect(spans[0]!.start).toBe(pickupAt);
    const quotes = await quotesForTrip(db.kysely, planned.trip, { passengers: 2 }, spans);
    const van = quotes.find((q) => q.car.id === vanId);
    const sedan = quotes.find((q) => q.car.id === sedanId);
    expect(van?.unavailable).toBe("booking");
    expect(sedan?.unavailable).toBeNull();
    // free cars first
    expect(quotes.findIndex((q) => q.unavailable !== null)).toBeGreaterThan(quotes.findIndex((q) => q.unavailable === null));
    // without times every car counts as free
    expect((await quotesForTrip(db.kysely, planned.trip, { passengers: 2 })).every((q) => q.unavailable === null)).toBe(true);
  });

  it("answers a search from its kept read of the fleet's bookings as the database does, and reads it again after a booking", async () => {
    // on PostgreSQL a read is kept only while this instance hears the changes (LISTEN), as the site does
    const notifier = await hearChanges(db);
    onTestFinished(() => notifier?.close());
    expect(db.changes.fresh()).toBe(true);
    const planned = await planTrip(places, { tripType: "oneWay", pickup: { text: "AYT", placeId: "ayt-airport" }, dropoff: { text: "Belek" } }, "en");
    if (!planned.ok) throw new Error("no route");
    const third = (await createCar(db.kysely, buildCar({ name: "Kept Third", seats: 7, luggage: 7 }))).id;
    await createTestBooking(deps(), request(vanId, at(90, "09:00")));
    await createTestBooking(deps(), request(sedanId, at(90, "07:00"), { tripType: "roundTrip", returnPickup: { text: "Belek" }, returnDropoff: { text: "AYT", placeId: "ayt-airport" }, returnAt: at(91, "16:00") }));
    await createTestBooking(deps(), request(third, at(91, "12:00"), { passengers: 9, moreCarIds: [vanId] }));
    const cancelled = await createTestBooking(deps(), request(vanId, at(92, "10:00")));
    const dropped = await changeBookingStatus(db.kysely, createMailer({ from: "office@example.com", log }), { id: cancelled.id, to: "cancelled", note: "test", actor: { id: null, label: "test", kind: "office" } });
    expect(dropped.ok).toBe(true);
    const busy = async (kysely: Parameters<typeof quotesForTrip>[0], spans: ReturnType<typeof searchSpans>) =>
      (await quotesForTrip(kysely, planned.trip, { passengers: 2 }, spans)).filter((q) => q.unavailable !== null).map((q) => `${q.car.id}:${q.unavailable}`).sort();
    const spansAt = (instant: string) => {
      const istanbul = new Date(Date.parse(instant) + 3 * 3_600_000).toISOString();
      return searchSpans(planned.trip, { tripType: "oneWay", date: istanbul.slice(0, 10), time: istanbul.slice(11, 16), passengers: 2 } as never);
    };
    let differing = 0;
    let seenBusy = 0;
    for (let hour = 0; hour < 84; hour++) {
      const spans = spansAt(plusMinutes(at(89, "12:00"), hour * 45));
      const kept = await busy(db.kysely, spans);
      // inside a transaction nothing is kept: the database's own answer
      const read = await db.kysely.transaction().execute((trx) => busy(trx, spans));
      if (kept.join() !== read.join()) differing++;
      if (kept.length > 0) seenBusy++;
    }
    expect(differing).toBe(0);
    expect(seenBusy).toBeGreaterThan(5);
    // a booking made now is in the next answer
    const spans = spansAt(at(95, "10:00"));
    expect(await busy(db.kysely, spans)).toEqual([]);
    await createTestBooking(deps(), request(third, at(95, "10:30")));
    expect(await busy(db.kysely, spans)).toEqual([`${third}:booking`]);
  });

  it("has exactly one winner when bookings of one car at one time race", async () => {
    for (let round = 0; round < 5; round++) {
      const pickupAt = at(70 + round, "14:30");
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          createBooking(
            { db: db.kysely, places, mailer: createMailer({ from: "office@example.com", log }), env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com" }, log, translator: () => ((key: string) => key) as never },
            {
              tripType: "oneWay",
              pickup: { text: "AYT", placeId: "ayt-airport" },
              dropoff: { text: "Belek" },
              pickupAt,
              passengers: 2,
              luggage: null,
              carId: vanId,
              fullName: `Racer ${i}`,
              email: `racer${i}@example.com`,
              phone: "+90 532 111 22 33",
              notes: "",
              flightNumber: "TK 2412",
            },
            { locale: "en" },
          ),
        ),
      );
      const won = results.filter((r) => r.ok);
      expect(won).toHaveLength(1);
      for (const lost of results.filter((r) => !r.ok)) expect(lost).toMatchObject({ ok: false, unavailable: { code: "booking:errors.carBusy" } });
      const stored = await db.kysely.selectFrom("bookings").select("id").where("car_id", "=", vanId).where("pickup_date", "=", pickupAt).execute();
      expect(stored).toHaveLength(1);
    }
  });

  it("answers POST /api/bookings for a busy car with 409 car_unavailable and the catalogue's code", async () => {
    const date = at(80, "16:00");
    await createTestBooking(deps(), request(vanId, date));
    const istanbul = new Date(Date.parse(date) + 3 * 3_600_000).toISOString();
    const body = {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${istanbul.slice(0, 16)}:00+03:00`,
      passengers: 2,
      car_id: vanId,
      full_name: "Ivan Petrov",
      email: "ivan@example.com",
      phone: "+7 912 345 67 89",
      flight_number: "SU 2134",
    };
    const answer = await post(body, "ru");
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, error: { code: "car_unavailable", reason: "booking:errors.carBusy" } });
    // the API's message is the catalogue's Turkish (DESIGN.md: errors as codes); clients translate `reason`
    expect(answer.body.error.message).toMatch(/seçtiğiniz saatlerde dolu/);
    // the same request for the free car is booked
    expect((await post({ ...body, car_id: sedanId }, "ru")).status).toBe(201);
  });

  async function post(body: unknown, lng: string): Promise<{ status: number; body: { success: boolean; error: { code: string; reason: string; message: string } } }> {
    const req = new Request(`http://localhost/api/bookings?lng=${lng}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" }, clientIp: `10.9.${engine === "sqlite" ? 1 : 2}.${++ip}` });
    let result: unknown;
    await i18nextMiddleware({ request: req, context, params: {}, unstable_pattern: "/api/bookings" } as never, async () => {
      result = await bookingsRoute.action({ request: req, context, params: {} } as never);
      return new Response();
    });
    const answer = result as { init?: { status?: number }; data: never };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }
});
