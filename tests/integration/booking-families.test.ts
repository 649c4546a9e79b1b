/**
 * Families (issue 32): a booking with a pram and an infant carrier is stored, priced and refused in
 * a car too small, through the front door and through the JSON API; child seats are no more than
 * the passengers; the API checks the special luggage (codes, 400 `validation_failed`); the office's
 * edit keeps the pram in the capacity rule; the German mail names the carrier and the pram.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { assignLeg, createBooking, jobLinkOf, updateBooking, type BookingDeps, type BookingRequest } from "~/booking/index.server";
import { jobSheetOfToken } from "~/drivers/job.server";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import { storedLuggageItems } from "~/booking/rules/capacity";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { liraToKurus } from "~/utils/money";
import * as bookingsRoute from "~/routes/api/bookings";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as quotesRoute from "~/routes/api/quotes";
import { buildCar, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { seedPricing } from "../../db/seed/pricing";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDate, tripDay } from "../setup/trip-date";

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: { success: boolean; data?: unknown; error?: { code: string; fieldCodes?: Record<string, string[]> } };
}
const actor = { id: null, label: "Ofis Ayşe", kind: "office" as const };

describe.each(engines)("families on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let token: string;
  /** seats 4, room for 3 suitcases; a van with room for 8 */
  let sedan: string;
  let van: string;
  let day = 60;
  let ip = 0;

  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
    deps = await testBookingDeps({ db: db.kysely });
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    sedan = (await createCar(db.kysely, buildCar({ name: "Family Sedan", category: "Sedan", seats: 4, luggage: 3, price_per_km: liraToKurus(25), price_per_day: null }))).id;
    van = (await createCar(db.kysely, buildCar({ name: "Family Van", category: "Minivan", seats: 7, luggage: 8, price_per_km: liraToKurus(35), price_per_day: null }))).id;
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
    tripType: "oneWay",
    pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    dropoff: { text: "Belek" },
    pickupAt: tripDate(day++, "10:00"),
    passengers: 4,
    luggage: 2,
    luggageItems: { prams: 1 },
    extras: [{ code: "infant-seat", quantity: 1 }],
    carId: sedan,
    fullName: "Familie Weber",
    email: "weber@example.com",
    phone: "+49 151 23456789",
    notes: "",
    flightNumber: "XQ 141",
    ...overrides,
  });
  const count = async () => Number((await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  /** A route handler as React Router runs it: behind the language middleware, with the app context. */
  async function call(handler: (args: never) => unknown, method: string, path: string, options: { body?: unknown; auth?: boolean; params?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const req = new Request(`http://localhost${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" }, clientIp: `10.32.${engine === "sqlite" ? 1 : 2}.${++ip}` });
    let result: unknown;
    await i18nextMiddleware({ request: req, context, params: options.params ?? {}, unstable_pattern: path } as never, async () => {
      try {
        result = await handler({ request: req, context, params: options.params ?? {} } as never);
      } catch (thrown) {
        result = thrown;
      }
      return new Response();
    });
    const answer = result as { init?: { status?: number }; data: Answer["body"] };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }
  const refused = async (handler: (args: never) => unknown, path: string, body: Json) => {
    const answer = await call(handler, "POST", path, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error?.code).toBe("validation_failed");
    return answer.body.error!.fieldCodes ?? {};
  };

  it("stores and prices a family's booking with a pram and an infant carrier; the German mail names both", async () => {
    const result = await createBooking(deps, request(), { locale: "de" });
    expect(result.ok, JSON.stringify(!result.ok && result.fields)).toBe(true);
    if (!result.ok) return;
    const b = result.booking;
    expect(b.passengers).toBe(4);
    expect(storedLuggageItems(b.luggage_items)).toEqual({ prams: 1 });
    expect(readBookedExtras(b).map((e) => [e.code, e.quantity, e.amount])).toEqual([["infant-seat", 1, liraToKurus(300)]]);
    const lines = readPriceLines(b);
    expect(lines.find((l) => l.kind === "extra")).toMatchObject({ code: "infant-seat", quantity: 1, amount: liraToKurus(300) });
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(b.total_price);
    const mail = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", b.id).where("kind", "=", "booking-confirmation").executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Babyschale (0–12 Monate, bis 13 kg)");
    expect(mail.text_body).toContain("Sondergepäck");
    expect(mail.text_body).toContain("1 Kinderwagen");
  });

  it("tells the driver of the pram on the job sheet", async () => {
    const made = await createBooking(deps, request({ luggageItems: { prams: 1, golfBags: 0 } }), { locale: "de" });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const driver = await createTestDriver(db.kysely, { name: "Ali Yılmaz" });
    const secret = "families-test-secret-that-is-long-enough";
    expect((await assignLeg(db.kysely, made.booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret })).ok).toBe(true);
    const link = (await jobLinkOf(db.kysely, secret, made.booking.id, "outbound"))!;
    const sheet = await jobSheetOfToken(db.kysely, link.split("/").pop()!, "tr");
    expect(sheet?.luggageItems).toEqual({ prams: 1 });
    expect(sheet?.passengers).toBe(4);
  });

  it("refuses the pram in a car whose boot is full, and more child seats than passengers, booking nothing", async () => {
    const before = await count();
    const full = await createBooking(deps, request({ luggage: 3 }), { locale: "en" });
    expect(full.ok).toBe(false);
    if (!full.ok) expect(full.fields.luggage).toEqual([{ code: "booking:errors.tooMuchSpecialLuggage", params: { luggage: 3, places: 4 } }]);
    const bikes = await createBooking(deps, request({ luggage: 0, luggageItems: { bicycles: 2 } }), { locale: "en" });
    expect(bikes.ok).toBe(false);
    const seats = await createBooking(deps, request({ passengers: 2, extras: [{ code: "infant-seat", quantity: 1 }, { code: "child-seat", quantity: 2 }] }), { locale: "en" });
    expect(seats.ok).toBe(false);
    if (!seats.ok) {
      expect(seats.fields["extra.infant-seat"]).toEqual([{ code: "booking:errors.childSeatsOverPassengers", params: { passengers: 2 } }]);
      expect(seats.fields["extra.child-seat"]?.[0]?.code).toBe("booking:errors.childSeatsOverPassengers");
    }
    expect(await count()).toBe(before);
    // the van takes the bicycles
    expect((await createBooking(deps, request({ carId: van, luggage: 0, luggageItems: { bicycles: 2 } }), { locale: "en" })).ok).toBe(true);
  });

  it("keeps the pram in the capacity rule when the office moves the booking to a smaller car", async () => {
    const made = await createBooking(deps, request({ carId: van, luggage: 3 }), { locale: "en" });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const moved = await updateBooking(deps, made.booking.id, { car_id: sedan }, { actor });
    expect(moved.ok).toBe(false);
    if (!moved.ok && moved.reason === "invalid") expect(moved.fields.car_id?.map((p) => p.code)).toContain("booking:errors.tooMuchSpecialLuggage");
    // without the extra suitcase the sedan fits (2 suitcases + the pram's place = 3)
    const lighter = await updateBooking(deps, made.booking.id, { luggage: 2, car_id: sedan }, { actor });
    expect(lighter.ok, JSON.stringify(lighter)).toBe(true);
  });

  it("quotes only the cars the special luggage fits in, and checks the counts", async () => {
    const search = { tripType: "oneWay", pickup: "Antalya Havalimanı (AYT)", pickupPlace: "ayt-airport", dropoff: "Belek", date: tripDay(70), time: "10:00", passengers: 4, luggage: 2 };
    const ids = async (more: Json) => {
      const answer = await call(quotesRoute.action, "POST", "/api/quotes", { body: { ...search, ...more } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { quotes: Array<{ car: { id: string } }> }).quotes.map((q) => q.car.id);
    };
    expect(await ids({ prams: 1 })).toEqual(expect.arrayContaining([sedan, van]));
    const withGolf = await ids({ prams: 1, golfBags: 1 });
    expect(withGolf).toContain(van);
    expect(withGolf).not.toContain(sedan);
    expect(await refused(quotesRoute.action, "/api/quotes", { ...search, prams: 7, bicycles: -1 })).toMatchObject({ prams: ["booking:errors.luggageItem"], bicycles: ["booking:errors.luggageItem"] });
    expect(await refused(quotesRoute.action, "/api/quotes", { ...search, passengers: 2, extras: [{ code: "infant-seat", quantity: 1 }, { code: "booster-seat", quantity: 2 }] })).toMatchObject({
      "extras.infant-seat": ["booking:errors.childSeatsOverPassengers"],
    });
  });

  describe("through POST /api/bookings", () => {
    const payload = (more: Json = {}): Json => ({
      pickup_location: "Antalya Havalimanı (AYT)",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${tripDay(day++)}T10:00:00+03:00`,
      passengers: 4,
      luggage: 2,
      luggage_items: { prams: 1 },
      extras: [{ code: "infant-seat", quantity: 1 }],
      car_id: sedan,
      full_name: "Familie Weber",
      email: "weber@example.com",
      phone: "+49 151 23456789",
      flight_number: "XQ 141",
      ...more,
    });

    it("books the pram and the infant carrier and answers them, as GET /api/bookings/:id does", async () => {
      const made = await call(bookingsRoute.action, "POST", "/api/bookings?lng=de", { body: payload() });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const booking = made.body.data as Json;
      expect(booking).toMatchObject({ passengers: 4, luggage: 2, luggage_items: { prams: 1 } });
      expect(booking.extras).toEqual([expect.objectContaining({ code: "infant-seat", quantity: 1, amount: 300 })]);
      const read = await call(bookingRoute.loader, "GET", `/api/bookings/${booking.id as string}`, { auth: true, params: { id: booking.id as string } });
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ luggage: 2, luggage_items: { prams: 1 } });
    });

    it("refuses bad special luggage with codes, and a car too small for it", async () => {
      const before = await count();
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { prams: -1 } }))).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { prams: 7 } }))).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { prams: 1.5 } }))).toEqual({ luggage_items: ["booking:errors.luggageItem"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { rockets: 1 } }))).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { prams: "one" } }))).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: [1] }))).toEqual({ luggage_items: ["booking:errors.luggageItemsFormat"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ luggage_items: { prams: 1, golfBags: 1 } }))).toEqual({ luggage: ["booking:errors.tooMuchSpecialLuggage"] });
      expect(await refused(bookingsRoute.action, "/api/bookings", payload({ passengers: 1, extras: [{ code: "infant-seat", quantity: 1 }, { code: "child-seat", quantity: 1 }] }))).toEqual({
        "extras.infant-seat": ["booking:errors.childSeatsOverPassengers"],
        "extras.child-seat": ["booking:errors.childSeatsOverPassengers"],
      });
      expect(await count()).toBe(before);
    });
  });
});
