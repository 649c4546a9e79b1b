/**
 * /admin/bookings/new (issue 29 part 1): the office's form posts the API's fields to the same
 * command. "Fiyatı göster" answers the site's quote itemised without booking; a save with problems
 * answers them by field with everything typed kept (Cyrillic too); a save books as the office
 * (phone, confirmed, the agreed price) and opens the booking; "Çoğalt" fills the form with the
 * way back. A driver may not open it. Requests go through React Router's handler with real
 * sessions, as a browser without JavaScript sends them.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { getBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { buildCar, createTestBooking, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";

const log = pino({ level: "silent" });
const SESSION_SECRET = "office-form-test-session-secret-0123456789ab";

describe.each(engines)("the office's new-booking form on %s", (engine) => {
  let db: TestDb;
  let car: string;
  const users: Record<string, string> = {};
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    for (const role of ["dispatcher", "driver"] as const) users[role] = (await createTestUser(db.kysely, { role })).id;
    car = (await createCar(db.kysely, buildCar({ name: "Form Vito", seats: 7 }))).id;
  });
  afterAll(() => db.destroy());

  async function send(role: "dispatcher" | "driver", method: string, path: string, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, users[role]!, { remember: false });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET, OFFICE_EMAIL: "office@example.com" }, mailer, clientIp: "10.29.50.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  const filled = (over: Record<string, string> = {}) => ({
    channel: "phone",
    trip_type: "oneWay",
    pickup_location: "Antalya Havalimanı",
    dropoff_location: "Belek",
    dropoff_address: "Kempinski Hotel The Dome",
    pickup_day: tripDay(20),
    pickup_time: "14:30",
    flight_number: "SU 2136",
    car_id: car,
    passengers: "3",
    full_name: "Мария Иванова",
    phone: "0532 123 45 67",
    email: "maria@example.com",
    language: "ru",
    confirm: "on",
    notify_guest: "on",
    ...over,
  });

  it("shows the site's quote itemised without booking, the form as typed", async () => {
    const before = await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const quote = await send("dispatcher", "POST", "/admin/bookings/new", { ...filled(), intent: "quote" });
    expect(quote.status).toBe(200);
    expect(quote.text).toContain("booking-price-lines");
    expect(quote.text).toContain("Мария Иванова");
    const after = await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers problems by field and keeps everything typed", async () => {
    const answer = await send("dispatcher", "POST", "/admin/bookings/new", { ...filled({ pickup_day: "", price_override: "1500", email: "not-an-email" }), intent: "create" });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Bazı alanlar eksik ya da hatalı");
    expect(answer.text).toContain("Fiyatı değiştirmek için bir gerekçe yazın.");
    // what was typed is still there
    for (const typed of ["Мария Иванова", "0532 123 45 67", "Kempinski Hotel The Dome", "SU 2136", "not-an-email", "1500"]) expect(answer.text).toContain(typed);
  });

  it("books as the office, confirmed at the agreed price, and opens the booking", async () => {
    const saved = await send("dispatcher", "POST", "/admin/bookings/new", { ...filled({ price_override: "2.450,50", override_reason: "Telefonda anlaşıldı", channel: "whatsapp" }), intent: "create" });
    expect(saved.status).toBe(302);
    const id = /^\/admin\/bookings\/([\w-]+)\?created=1$/.exec(saved.location ?? "")?.[1];
    expect(id, saved.location ?? "").toBeDefined();
    const booking = (await getBooking(db.kysely, id!))!;
    expect({ status: booking.status, channel: booking.channel, total: booking.total_price, locale: booking.locale, name: booking.full_name, phone: booking.phone }).toEqual({
      status: "confirmed",
      channel: "whatsapp",
      total: 245050,
      locale: "ru",
      name: "Мария Иванова",
      phone: "+90 532 123 45 67",
    });
    const page = await send("dispatcher", "GET", saved.location!);
    expect(page.text).toContain("Rezervasyon kaydedildi.");
  });

  it("books a family's pram and shows it on the booking; a bad count is answered at the special luggage, kept as typed", async () => {
    const bad = await send("dispatcher", "POST", "/admin/bookings/new", { ...filled({ pickup_day: tripDay(21), prams: "-1", golfBags: "1" }), intent: "create" });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain("Lütfen 0 ile 6 arasında seçin.");
    expect(bad.text).toMatch(/name="prams"[^>]*value="-1"|value="-1"[^>]*name="prams"/);
    const saved = await send("dispatcher", "POST", "/admin/bookings/new", { ...filled({ pickup_day: tripDay(21), prams: "1" }), intent: "create" });
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const page = await send("dispatcher", "GET", saved.location!);
    expect(page.text).toContain("Özel bagaj");
    expect(page.text).toContain("1 bebek arabası");
  });

  it("fills the form with the way back for the same guest", async () => {
    const first = await createTestBooking({ db: db.kysely, mailer }, { carId: car, fullName: "Hans Müller", email: "hans@example.com", pickupAt: `${tripDay(25)}T07:00:00.000Z`, addresses: { dropoffAddress: "Regnum Carya" } });
    const page = await send("dispatcher", "GET", `/admin/bookings/new?from=${first.id}&as=return`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="Hans Müller"');
    expect(page.text).toMatch(/name="pickup_location"[^>]*value="Belek/);
    expect(page.text).toContain('value="Regnum Carya"');
  });

  it("copies the special luggage into the way back and the week after", async () => {
    const first = await createTestBooking({ db: db.kysely, mailer }, { carId: car, fullName: "Familie Kinderwagen", pickupAt: `${tripDay(27)}T07:00:00.000Z`, passengers: 3, luggageItems: { prams: 1, golfBags: 2 } });
    for (const as of ["return", "week"]) {
      const page = await send("dispatcher", "GET", `/admin/bookings/new?from=${first.id}&as=${as}`);
      expect(page.status).toBe(200);
      expect(page.text, as).toMatch(/name="prams"[^>]*value="1"|value="1"[^>]*name="prams"/);
      expect(page.text, as).toMatch(/name="golfBags"[^>]*value="2"|value="2"[^>]*name="golfBags"/);
    }
  });

  it("is not a driver's page: a driver is sent to their trips and nothing is booked", async () => {
    const count = async () => Number((await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const method of ["GET", "POST"]) {
      const answer = await send("driver", method, "/admin/bookings/new", method === "POST" ? { ...filled(), intent: "create" } : undefined);
      expect([answer.status, answer.location?.startsWith("/driver")]).toEqual([302, true]);
    }
    expect(await count()).toBe(before);
  });
});
