/**
 * The JSON API's side of issue 14 (route fares, hourly hire, extras, airport rules, surcharges,
 * currencies): /api/quotes, /api/bookings and /api/extras called in-process behind the language
 * middleware. Every price is checked against the rules recomputed from the office's tables
 * (readPricing + legsFor + quoteForCar), not against totals written here, except where the
 * arithmetic itself is the point (hours × rate, 2 × a child seat).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { createSession } from "~/auth/session.server";
import { carRates, quoteForCar, type PriceBreakdown } from "~/booking/rules/pricing";
import { toBusinessDateTime, toInstant } from "~/booking/rules/datetime";
import { km } from "~/booking/rules/units";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { convertKurus } from "~/pricing/currency";
import { legsFor, readPricing, type PricingTables } from "~/pricing/pricing.server";
import { createExtra } from "~/pricing/tables.server";
import { kurusToLira, liraToKurus } from "~/utils/money";
import * as bookingsRoute from "~/routes/api/bookings";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as statusRoute from "~/routes/api/bookings.$id.status";
import * as quotesRoute from "~/routes/api/quotes";
import * as extrasRoute from "~/routes/api/extras";
import { buildCar } from "../../db/seed/factories";
import { SEED_EXTRAS, seedPricing } from "../../db/seed/pricing";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";
import { tripDay } from "../setup/trip-date";


type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: { success: boolean; data?: unknown; error?: { code: string; reason?: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> } };
}
interface Point {
  id: string;
  label: string;
  lat: number;
  lng: number;
  kind: string;
}
interface Leg {
  /** null: a hire's place, which no route fare prices */
  from: Point | null;
  to: Point | null;
  distance_km: number;
}
interface QuoteAnswer {
  trip: Json & { trip_type: string; outbound: Leg; return: Leg | null };
  currency: { code: string; rate: number; rates_set_at: string };
  quotes: Array<{ car: { id: string; category: string }; price: Json & { total: number; lines: Json[]; extras: Json[] } }>;
}

/** Istanbul day `days` from now, as the search's date, and the instant of a time on it. */
const dayIn = (days: number) => tripDay(days);
const at = (date: string, time: string) => toInstant(toBusinessDateTime(date, time))!;

describe.each(engines)("the pricing API on %s", (engine) => {
  let db: TestDb;
  let token: string;
  let tables: PricingTables;
  const cars: Record<"sedan" | "vip" | "sports", { id: string; row: Parameters<typeof carRates>[0] & { category: string } }> = {} as never;
  let ip = 0;

  /** A route handler as React Router runs it: behind the language middleware, with the app context. */
  async function call(handler: (args: never) => unknown, method: string, path: string, options: { body?: unknown; auth?: boolean; params?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const request = new Request(`http://localhost${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" }, clientIp: `10.9.${engine === "sqlite" ? 1 : 2}.${++ip}` });
    let result: unknown;
    await i18nextMiddleware({ request, context, params: options.params ?? {}, unstable_pattern: path } as never, async () => {
      try {
        result = await handler({ request, context, params: options.params ?? {} } as never);
      } catch (thrown) {
        result = thrown;
      }
      return new Response();
    });
    const answer = result as { init?: { status?: number }; data: Answer["body"] };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }

  const quotes = async (body: Json) => {
    const answer = await call(quotesRoute.action, "POST", "/api/quotes", { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as QuoteAnswer;
  };
  const refused = async (handler: (args: never) => unknown, path: string, body: Json) => {
    const answer = await call(handler, "POST", path, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error?.code).toBe("validation_failed");
    return answer.body.error!.fieldCodes ?? {};
  };

  /** The price the office's tables give for a car on the trip an answer describes (the rules recomputed). */
  function expected(
    car: keyof typeof cars,
    trip: Pick<QuoteAnswer["trip"], "outbound" | "return">,
    times: { pickupAt: string; returnAt?: string },
    options: { hours?: number; extras?: Array<{ code: string; quantity: number; text?: string }> } = {},
  ): PriceBreakdown {
    const { row } = cars[car];
    const legs = [
      { leg: "outbound" as const, from: trip.outbound.from, to: trip.outbound.to, km: km(trip.outbound.distance_km), startsAt: times.pickupAt },
      ...(trip.return ? [{ leg: "return" as const, from: trip.return.from, to: trip.return.to, km: km(trip.return.distance_km), startsAt: times.returnAt ?? null }] : []),
    ];
    const extras = (options.extras ?? []).map((c) => ({ extra: tables.extras.find((e) => e.code === c.code)!, quantity: c.quantity, text: c.text ?? null }));
    return quoteForCar({ car: carRates(row), legs: legsFor(tables, legs, row.category), hours: options.hours ?? null, extras, rules: tables.rules });
  }
  const priceOf = (answer: QuoteAnswer, car: keyof typeof cars) => answer.quotes.find((q) => q.car.id === cars[car].id)?.price;
  const linesOf = (p: PriceBreakdown) => p.lines.map((l) => ({ kind: l.kind, amount: kurusToLira(l.amount) }));

  const transfer = (date: string, time = "10:00", more: Json = {}) => ({
    tripType: "oneWay",
    pickup: "Antalya Havalimanı (AYT)",
    pickupPlace: "ayt-airport",
    dropoff: "Belek",
    date,
    time,
    passengers: 2,
    ...more,
  });

  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret123", role: "admin", name: "Ofis" });
    token = (await createSession(db.kysely, admin.id, { remember: false })).token;
    const make = async (name: keyof typeof cars, category: string, perKm: number, perHour: number | null) => {
      const input = buildCar({ name: `API ${name}`, category, seats: 4, luggage: 4, price_per_km: liraToKurus(perKm), price_per_hour: perHour === null ? null : liraToKurus(perHour) });
      const car = await createCar(db.kysely, input);
      const row = await db.kysely.selectFrom("cars").selectAll().where("id", "=", car.id).executeTakeFirstOrThrow();
      cars[name] = { id: car.id, row };
    };
    await make("sedan", "Sedan", 25, 900);
    await make("vip", "VIP", 38, 1600);
    // Sports has no route fare (seedPrices leaves it out) and no hourly rate.
    await make("sports", "Sports", 60, null);
    tables = await readPricing(db.kysely);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("quotes AYT → Belek at the route's fixed price for the categories it prices, by distance for the others", async () => {
    const date = dayIn(20);
    const answer = await quotes(transfer(date));
    const pickupAt = at(date, "10:00");
    expect(answer.trip).toMatchObject({ trip_type: "oneWay", hours: null, included_km: null, free_waiting_minutes: 60, return_free_waiting_minutes: null });
    // What waiting costs after the free time: the office's extra-waiting extra.
    expect(answer.trip.waiting_price_per_15_min).toBe(kurusToLira(tables.extras.find((e) => e.code === "extra-waiting")!.price));

    const fare = tables.fares.find((f) => f.from.kind === "place" && f.from.placeId === "ayt-airport" && f.to.kind === "zone" && tables.zones.get(f.to.zoneId)?.name === "Belek")!;
    for (const car of ["sedan", "vip"] as const) {
      const price = priceOf(answer, car)!;
      const want = expected(car, answer.trip, { pickupAt });
      expect(want.fixedPrice).toBe(true);
      expect(price).toMatchObject({ fixed_price: true, hourly: false, total: kurusToLira(want.total), currency: "TRY", total_in_currency: kurusToLira(want.total), rate: 1, extras: [] });
      expect(price.lines).toEqual([{ kind: "fixed", leg: "outbound", route_id: fare.id, amount: kurusToLira(fare.prices[cars[car].row.category]!) }]);
      // The old fields stay for old clients.
      expect(price).toMatchObject({ distance_km: answer.trip.outbound.distance_km, rate_source: "per_km", minimum_applied: want.minimumApplied });
    }
    const sports = priceOf(answer, "sports")!;
    const want = expected("sports", answer.trip, { pickupAt });
    expect(sports).toMatchObject({ fixed_price: false, total: kurusToLira(want.total) });
    expect(sports.lines[0]).toMatchObject({ kind: "distance", leg: "outbound", km: answer.trip.outbound.distance_km, rate_per_km: 60 });
    expect(sports.lines.map((l) => ({ kind: l.kind, amount: l.amount }))).toEqual(linesOf(want));
  });

  it("shows the total in EUR at the office's rate, as convertKurus does", async () => {
    const date = dayIn(21);
    const answer = await quotes(transfer(date, "10:00", { currency: "EUR" }));
    expect(answer.currency).toEqual({ code: "EUR", rate: tables.rates.EUR / 10_000, rates_set_at: tables.ratesSetAt });
    for (const car of ["sedan", "vip", "sports"] as const) {
      const want = expected(car, answer.trip, { pickupAt: at(date, "10:00") });
      const price = priceOf(answer, car)!;
      expect(price).toMatchObject({ currency: "EUR", total: kurusToLira(want.total), rate: tables.rates.EUR / 10_000 });
      expect(price.total_in_currency).toBe(convertKurus(want.total, "EUR", tables.rates) / 100);
    }
    // Roubles are whole.
    const rub = await quotes(transfer(date, "10:00", { currency: "RUB" }));
    const want = expected("sedan", rub.trip, { pickupAt: at(date, "10:00") });
    expect(priceOf(rub, "sedan")!.total_in_currency).toBe(convertKurus(want.total, "RUB", tables.rates));
    expect(Number.isInteger(priceOf(rub, "sedan")!.total_in_currency)).toBe(true);
  });

  it("quotes an hourly hire as hours × the car's hourly rate, only in cars hired by the hour", async () => {
    const date = dayIn(22);
    const answer = await quotes({ tripType: "hourly", pickup: "Belek", date, time: "10:00", hours: 4, passengers: 2 });
    expect(answer.trip).toMatchObject({ trip_type: "hourly", hours: 4, included_km: 4 * tables.settings.includedKmPerHour, free_waiting_minutes: tables.settings.freeWaitingOtherMinutes, return: null });
    expect(answer.quotes.map((q) => q.car.id).sort()).toEqual([cars.sedan.id, cars.vip.id].sort());
    const sedan = priceOf(answer, "sedan")!;
    expect(sedan).toMatchObject({ hourly: true, fixed_price: false, total: 4 * 900 });
    expect(sedan.lines).toEqual([{ kind: "hourly", hours: 4, rate_per_hour: 900, amount: 3600 }]);
    for (const car of ["sedan", "vip"] as const) {
      expect(priceOf(answer, car)!.total).toBe(kurusToLira(expected(car, answer.trip, { pickupAt: at(date, "10:00") }, { hours: 4 }).total));
    }
  });

  it("prices and itemises the extras asked for with every car", async () => {
    const date = dayIn(23);
    const chosen = [
      { code: "child-seat", quantity: 2 },
      { code: "name-sign", quantity: 1, text: "Anna Schmidt" },
    ];
    const answer = await quotes(transfer(date, "10:00", { extras: chosen }));
    const seat = tables.extras.find((e) => e.code === "child-seat")!;
    for (const car of ["sedan", "vip", "sports"] as const) {
      const price = priceOf(answer, car)!;
      const plain = expected(car, answer.trip, { pickupAt: at(date, "10:00") });
      const want = expected(car, answer.trip, { pickupAt: at(date, "10:00") }, { extras: chosen });
      expect(price.total).toBe(kurusToLira(want.total));
      // two child seats at the unit price, the sign free
      expect(price.total).toBe(kurusToLira(plain.total) + 2 * kurusToLira(seat.price));
      expect(price.lines.filter((l) => l.kind === "extra")).toEqual([
        { kind: "extra", code: "child-seat", quantity: 2, unit_price: kurusToLira(seat.price), amount: 2 * kurusToLira(seat.price) },
        { kind: "extra", code: "name-sign", quantity: 1, unit_price: 0, amount: 0 },
      ]);
      expect(price.extras).toEqual([
        { code: "child-seat", names: seat.names, pricing: "unit", quantity: 2, unit_price: kurusToLira(seat.price), amount: 2 * kurusToLira(seat.price), text: null },
        expect.objectContaining({ code: "name-sign", quantity: 1, amount: 0, text: "Anna Schmidt" }),
      ]);
    }
  });

  it("refuses bad hours, extras and currencies with a code for each field", async () => {
    const date = dayIn(24);
    const hire = { tripType: "hourly", pickup: "Belek", date, time: "10:00", passengers: 2 };
    expect((await refused(quotesRoute.action, "/api/quotes", { ...hire, hours: 1 })).hours).toEqual(["booking:errors.hoursRange"]);
    expect((await refused(quotesRoute.action, "/api/quotes", { ...hire, hours: tables.settings.hourlyMaxHours + 1 })).hours).toEqual(["booking:errors.hoursRange"]);
    expect((await refused(quotesRoute.action, "/api/quotes", { ...hire, hours: "lots" })).hours).toEqual(["booking:errors.hours"]);
    expect((await refused(quotesRoute.action, "/api/quotes", hire)).hours).toEqual(["booking:errors.hours"]);

    const codes = await refused(quotesRoute.action, "/api/quotes", {
      ...transfer(date),
      extras: [
        { code: "jetpack", quantity: 1 },
        { code: "child-seat", quantity: 9 },
        { code: "name-sign", quantity: 1 },
        { code: "extra-stop", quantity: 1.5 },
      ],
      currency: "XYZ",
    });
    expect(codes).toEqual({
      extras: ["booking:errors.extraUnknown"],
      "extras.child-seat": ["booking:errors.extraQuantity"],
      "extras.name-sign.text": ["booking:errors.extraText"],
      "extras.extra-stop": ["booking:errors.extraQuantity"],
      currency: ["booking:errors.currency"],
    });
    expect(await refused(quotesRoute.action, "/api/quotes", { ...transfer(date), extras: "child-seat" })).toEqual({ extras: ["booking:errors.extrasFormat"] });
    expect(await refused(quotesRoute.action, "/api/quotes", { ...transfer(date), extras: [{ quantity: 1 }] })).toEqual({ extras: ["booking:errors.extrasFormat"] });
    expect(await refused(quotesRoute.action, "/api/quotes", { ...transfer(date), extras: [{ code: "name-sign", text: "x".repeat(61) }] })).toEqual({
      "extras.name-sign.text": ["booking:errors.extraTextTooLong"],
    });
    // The Turkish text comes with each code.
    const answer = await call(quotesRoute.action, "POST", "/api/quotes", { body: { ...transfer(date), currency: "DOGE" } });
    expect(answer.body.error?.fields?.currency?.[0]).toContain("TRY, EUR, USD, GBP");
  });

  let hourlyId: string;

  it("books an hourly hire with extras in EUR and answers with its hours, extras, lines and currency", async () => {
    const date = dayIn(25);
    const chosen = [
      { code: "child-seat", quantity: 1 },
      { code: "name-sign", quantity: 1, text: "Anna Schmidt" },
    ];
    const made = await call(bookingsRoute.action, "POST", "/api/bookings?lng=de", {
      body: {
        trip_type: "hourly",
        hours: 5,
        pickup_location: "Belek",
        pickup_date: `${date}T09:00:00+03:00`,
        passengers: 2,
        car_id: cars.sedan.id,
        full_name: "Anna Schmidt",
        email: "anna@example.com",
        phone: "+49 170 1234567",
        extras: chosen,
        currency: "EUR",
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const booking = made.body.data as Json;
    hourlyId = booking.id as string;
    const hire = { outbound: { from: null, to: null, distance_km: 0 }, return: null };
    const want = expected("sedan", hire, { pickupAt: at(date, "09:00") }, { hours: 5, extras: chosen });
    expect(want.total).toBe(liraToKurus(5 * 900 + 300));
    expect(booking).toMatchObject({
      trip_type: "hourly",
      hours: 5,
      total_price: kurusToLira(want.total),
      currency: "EUR",
      currency_rate: tables.rates.EUR / 10_000,
      currency_total: convertKurus(want.total, "EUR", tables.rates) / 100,
      price_lines: [
        { kind: "hourly", hours: 5, rate_per_hour: 900, amount: 4500 },
        { kind: "extra", code: "child-seat", quantity: 1, unit_price: 300, amount: 300 },
        { kind: "extra", code: "name-sign", quantity: 1, unit_price: 0, amount: 0 },
      ],
    });
    expect(booking.extras).toEqual([
      expect.objectContaining({ code: "child-seat", quantity: 1, unit_price: 300, amount: 300, text: null, names: expect.objectContaining({ de: "Kindersitz (1–4 Jahre, 9–18 kg)" }) }),
      expect.objectContaining({ code: "name-sign", quantity: 1, amount: 0, text: "Anna Schmidt" }),
    ]);

    // Stored as the one write path stores it, and read back the same by the office's endpoints.
    const row = await db.kysely.selectFrom("bookings").select(["trip_type", "hours", "currency", "currency_total", "total_price"]).where("id", "=", hourlyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ trip_type: "oneWay", hours: 5, currency: "EUR", currency_total: convertKurus(want.total, "EUR", tables.rates), total_price: want.total });
    const read = await call(bookingRoute.loader, "GET", `/api/bookings/${hourlyId}`, { auth: true, params: { id: hourlyId } });
    expect(read.status).toBe(200);
    const shown = read.body.data as Json;
    for (const field of ["trip_type", "hours", "extras", "price_lines", "currency", "currency_rate", "currency_total", "total_price"]) expect(shown[field], field).toEqual(booking[field]);
    expect(shown.events).toEqual(expect.any(Array));
    const listed = await call(bookingsRoute.loader, "GET", "/api/bookings?q=anna@example.com&view=all", { auth: true });
    expect(listed.status).toBe(200);
    const inList = (listed.body.data as Json[]).find((b) => b.id === hourlyId)!;
    expect(inList).toMatchObject({ trip_type: "hourly", hours: 5, currency: "EUR", currency_total: booking.currency_total });
    expect(inList.price_lines).toEqual(booking.price_lines);
    // A status change and an edit answer with the same products.
    const confirmed = await call(statusRoute.action, "PUT", `/api/bookings/${hourlyId}/status`, { auth: true, params: { id: hourlyId }, body: { status: "confirmed" } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: "confirmed", trip_type: "hourly", hours: 5, currency: "EUR", extras: booking.extras });
    const edited = await call(bookingRoute.action, "PATCH", `/api/bookings/${hourlyId}`, { auth: true, params: { id: hourlyId }, body: { notes: "Lobby, 09:00" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ notes: "Lobby, 09:00", trip_type: "hourly", hours: 5, price_lines: booking.price_lines, currency_total: booking.currency_total });
  });

  it("refuses bad hire hours, extras, currency and a missing flight number under the API's field names", async () => {
    const date = dayIn(26);
    const base = {
      pickup_location: "Belek",
      dropoff_location: "Antalya Havalimanı (AYT)",
      dropoff_place_id: "ayt-airport",
      pickup_date: `${date}T09:00:00+03:00`,
      passengers: 2,
      car_id: cars.sedan.id,
      full_name: "Refused Guest",
      email: "refused@example.com",
      phone: "+49 170 1234567",
    };
    const hire = { ...base, trip_type: "hourly", dropoff_location: "", dropoff_place_id: "" };
    expect((await refused(bookingsRoute.action, "/api/bookings", hire)).hours).toEqual(["booking:errors.hours"]);
    expect((await refused(bookingsRoute.action, "/api/bookings", { ...hire, hours: tables.settings.hourlyMaxHours + 1 })).hours).toEqual(["booking:errors.hoursRange"]);
    expect((await refused(bookingsRoute.action, "/api/bookings", { ...hire, hours: 3, car_id: cars.sports.id })).car_id).toEqual(["booking:errors.notHourly"]);
    expect(
      await refused(bookingsRoute.action, "/api/bookings", {
        ...base,
        extras: [
          { code: "jetpack", quantity: 1 },
          { code: "child-seat", quantity: 4 },
          { code: "name-sign", quantity: 1, text: " " },
        ],
      }),
    ).toEqual({ extras: ["booking:errors.extraUnknown"], "extras.child-seat": ["booking:errors.extraQuantity"], "extras.name-sign.text": ["booking:errors.extraText"] });
    expect(await refused(bookingsRoute.action, "/api/bookings", { ...base, extras: { code: "child-seat" } })).toEqual({ extras: ["booking:errors.extrasFormat"] });
    expect(await refused(bookingsRoute.action, "/api/bookings", { ...base, currency: "BTC" })).toEqual({ currency: ["booking:errors.currency"] });
    // At an airport the driver meets the flight.
    const fromAirport = { ...base, pickup_location: "Antalya Havalimanı (AYT)", pickup_place_id: "ayt-airport", dropoff_location: "Belek", dropoff_place_id: "" };
    expect(await refused(bookingsRoute.action, "/api/bookings", fromAirport)).toEqual({ flight_number: ["booking:errors.flightRequired"] });
    const none = await db.kysely.selectFrom("bookings").select("id").where("email", "=", "refused@example.com").execute();
    expect(none).toEqual([]);
  });

  it("adds the night surcharge to each night leg and the return discount to a round trip", async () => {
    const out = dayIn(30);
    const back = dayIn(37);
    const search = { ...transfer(out, "23:30"), tripType: "roundTrip", returnPickup: "Belek", returnDropoff: "Antalya Havalimanı (AYT)", returnDropoffPlace: "ayt-airport", returnDate: back, returnTime: "23:00", currency: "EUR" };
    const answer = await quotes(search);
    const times = { pickupAt: at(out, "23:30"), returnAt: at(back, "23:00") };
    for (const car of ["sedan", "vip", "sports"] as const) {
      const want = expected(car, answer.trip, times);
      const price = priceOf(answer, car)!;
      expect(price.lines.map((l) => l.kind)).toEqual(car === "sports" ? ["distance", "night", "distance", "night", "returnDiscount"] : ["fixed", "night", "fixed", "night", "returnDiscount"]);
      expect(price.lines.map((l) => ({ kind: l.kind, amount: l.amount }))).toEqual(linesOf(want));
      expect(price.lines.find((l) => l.kind === "night")).toMatchObject({ percent: tables.rules.nightPercent, leg: "outbound" });
      expect(price.lines.find((l) => l.kind === "returnDiscount")).toMatchObject({ percent: tables.rules.returnDiscountPercent });
      expect(price.total).toBe(kurusToLira(want.total));
      expect(price.total_in_currency).toBe(convertKurus(want.total, "EUR", tables.rates) / 100);
    }
    // The same trip booked: the same lines and total, recorded with the currency.
    const made = await call(bookingsRoute.action, "POST", "/api/bookings", {
      body: {
        trip_type: "roundTrip",
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Belek",
        pickup_date: `${out}T23:30:00+03:00`,
        return_pickup_location: "Belek",
        return_dropoff_location: "Antalya Havalimanı (AYT)",
        return_dropoff_place_id: "ayt-airport",
        return_date: `${back}T23:00:00+03:00`,
        passengers: 2,
        car_id: cars.vip.id,
        full_name: "Night Owl",
        email: "owl@example.com",
        phone: "+49 170 7654321",
        flight_number: "TK 2412",
        currency: "EUR",
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const want = expected("vip", answer.trip, times);
    expect(made.body.data).toMatchObject({
      trip_type: "roundTrip",
      hours: null,
      extras: [],
      total_price: kurusToLira(want.total),
      currency_total: convertKurus(want.total, "EUR", tables.rates) / 100,
      price_lines: priceOf(answer, "vip")!.lines,
    });
  });

  it("lists the active extras with their names and prices, in a currency when asked", async () => {
    await createExtra(db.kysely, { code: "ski-rack", names: { tr: "Kayak taşıyıcı", en: "Ski rack", de: "Skiträger", ru: "Багажник для лыж" }, price: liraToKurus(150), pricing: "booking", maxQuantity: 1, needsText: false, active: false, sortOrder: 9 });
    const list = await call(extrasRoute.loader, "GET", "/api/extras");
    expect(list.status).toBe(200);
    const extras = list.body.data as Json[];
    expect(extras.map((e) => e.code)).toEqual(SEED_EXTRAS.map((e) => e.code));
    const seat = SEED_EXTRAS.find((e) => e.code === "child-seat")!;
    expect(extras.find((e) => e.code === "child-seat")).toEqual({ code: "child-seat", names: seat.names, price: kurusToLira(seat.price), pricing: "unit", max_quantity: seat.maxQuantity, needs_text: false });
    expect(extras.find((e) => e.code === "name-sign")).toMatchObject({ price: 0, pricing: "booking", needs_text: true });

    const inEuro = await call(extrasRoute.loader, "GET", "/api/extras?currency=EUR");
    for (const e of inEuro.body.data as Json[]) {
      const seeded = SEED_EXTRAS.find((s) => s.code === e.code)!;
      expect(e).toMatchObject({ currency: "EUR", price_in_currency: convertKurus(seeded.price, "EUR", tables.rates) / 100 });
    }
    const bad = await call(extrasRoute.loader, "GET", "/api/extras?currency=XYZ");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fieldCodes).toEqual({ currency: ["booking:errors.currency"] });
  });
});
