/**
 * A party too large for one car (issue 32 part 3): one booking in several cars, with one reference,
 * one price and one private page; each car held for the trip's times as any booked car is; the API
 * takes the further cars as `additional_car_ids`; the results page offers the combinations and books
 * one. Bookings are made through the production write path (the factory, the API, the page's form).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCar } from "~/fleet/cars.server";
import { bookingCarsOf } from "~/booking/index.server";
import { liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";
import { tripDate, tripDay } from "../setup/trip-date";

const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: "group-booking-test-secret-0123456789abcdef" };

describe.each(engines)("a party in several cars on %s", (engine) => {
  let db: TestDb;
  const cars: Record<string, string> = {};
  const mailer = testMailer();
  const handler = appRequestHandler();
  const deps = () => ({ db: db.kysely, mailer, env, log: silentLog });

  beforeAll(async () => {
    db = await testDb(engine);
    const make = async (key: string, name: string, category: string, seats: number, luggage: number, perKm: number) =>
      (cars[key] = (await createCar(db.kysely, buildCar({ name, category, seats, luggage, price_per_km: liraToKurus(perKm) }))).id);
    await make("sprinter", "Grup Sprinter", "Minibüs", 16, 16, 80);
    await make("vito", "Grup Vito", "Minivan", 8, 8, 50);
    await make("sedan", "Grup Sedan", "Sedan", 3, 3, 40);
  });
  afterAll(() => db.destroy());

  it("books fourteen with golf bags in a minibus and a van: one reference, one price, both cars held", async () => {
    const pickupAt = tripDate(60, "11:00");
    const b = await createTestBooking(deps(), { carId: cars.sprinter!, moreCarIds: [cars.vito!], passengers: 14, luggage: 20, pickupAt }, { locale: "ru" });
    expect(b.reference).toMatch(/^VT-/);
    expect(b.car_name).toBe("Grup Sprinter + Grup Vito");
    const lines = JSON.parse(b.price_lines) as Array<{ kind: string; amount: number; unit?: number; name?: string }>;
    expect(lines.at(-1)).toMatchObject({ kind: "car", unit: 2, name: "Grup Vito" });
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(b.total_price);
    const units = await bookingCarsOf(db.kysely, b);
    expect(units).toEqual([
      expect.objectContaining({ unit: 1, carId: cars.sprinter, carName: "Grup Sprinter", passengers: 10, luggage: 14 }),
      expect.objectContaining({ unit: 2, carId: cars.vito, carName: "Grup Vito", passengers: 4, luggage: 6 }),
    ]);
    expect(units[1]!.price).toBe(lines.at(-1)!.amount);
    // the van is held for those times as if booked alone
    await expect(createTestBooking(deps(), { carId: cars.vito!, pickupAt })).rejects.toThrow(/carBusy/);
    await expect(createTestBooking(deps(), { carId: cars.sprinter!, pickupAt })).rejects.toThrow(/carBusy/);
  });

  it("refuses cars that together cannot carry the party, a car twice, and a group by the hour", async () => {
    await expect(createTestBooking(deps(), { carId: cars.vito!, moreCarIds: [cars.sedan!], passengers: 14 })).rejects.toThrow(/groupTooSmall/);
    await expect(createTestBooking(deps(), { carId: cars.vito!, moreCarIds: [cars.vito!], passengers: 10 })).rejects.toThrow(/groupCars/);
  });

  it("takes the further cars through the API as additional_car_ids and answers the booking with them", async () => {
    const context = testAppContext(db, { env, mailer, clientIp: `10.33.${engine === "sqlite" ? 1 : 2}.7` });
    const body = {
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      dropoff_location: "Belek",
      pickup_date: tripDate(61, "12:00"),
      passengers: 12,
      car_id: cars.sprinter,
      additional_car_ids: [cars.sedan],
      full_name: "Golf Club Moskva",
      email: "golf@example.com",
      phone: "+7 916 123 45 67",
      flight_number: "SU 2130",
    };
    const response = await handler(new Request("http://localhost/api/bookings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), context);
    expect(response.status).toBe(201);
    const data = ((await response.json()) as { data: { car_name: string; price_lines: Array<{ kind: string; unit?: number }> } }).data;
    expect(data.car_name).toBe("Grup Sprinter + Grup Sedan");
    expect(data.price_lines.some((l) => l.kind === "car" && l.unit === 2)).toBe(true);
    const bad = await handler(
      new Request("http://localhost/api/bookings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, pickup_date: tripDate(62, "12:00"), additional_car_ids: "x" }) }),
      testAppContext(db, { env, mailer, clientIp: `10.33.${engine === "sqlite" ? 1 : 2}.8` }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fieldCodes: Record<string, string[]> } }).error.fieldCodes.additional_car_ids).toEqual(["booking:errors.groupCars"]);
  });

  it("offers a party no car takes the combinations of free cars, and books one from the page", async () => {
    const day = tripDay(63);
    const query = new URLSearchParams({ tripType: "oneWay", pickup: "AYT", dropoff: "Belek", date: day, time: "10:00", passengers: "14", luggage: "20", lng: "ru" }).toString();
    const page = await handler(new Request(`http://localhost/booking-results?${query}`), testAppContext(db, { env, mailer }));
    const html = await page.text();
    expect(html).toContain('data-testid="group-intro"');
    const combo = `${cars.sprinter},${cars.vito}`;
    expect(html).toContain(`data-car-id="${combo}"`);
    const form = new URLSearchParams([
      ["carId", combo],
      ["idempotencyKey", crypto.randomUUID()],
      ["fullName", "Ирина Волкова"],
      ["email", "irina@example.ru"],
      ["phone", "+7 916 765 43 21"],
      ["flightNumber", "SU 2136"],
      ["consent", "on"],
    ]);
    const context = testAppContext(db, { env, mailer, clientIp: `10.33.${engine === "sqlite" ? 3 : 4}.9` });
    const booked = await handler(new Request(`http://localhost/booking-results?${query}&car=${encodeURIComponent(combo)}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: form.toString() }), context);
    const answer = await booked.text();
    expect(answer).toContain('id="booking-success-title"');
    const row = await db.kysely.selectFrom("bookings").selectAll().where("email", "=", "irina@example.ru").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ passengers: 14, car_id: cars.sprinter, car_name: "Grup Sprinter + Grup Vito" });
    expect((await bookingCarsOf(db.kysely, row)).map((u) => u.carId)).toEqual([cars.sprinter, cars.vito]);
  });
});
