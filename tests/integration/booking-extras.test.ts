/**
 * Extras, the itemised price and the airport rules through the one booking write path
 * (issue 14): createBooking checks and prices the extras, stores them with the price lines and
 * the currency shown, refuses a bad choice with a code at its field and books nothing; the
 * customer's e-mail (outbox row) in the booking's language lists the extras, the sign's text, the
 * lines, the total in the guest's currency and the lira charged, and the free waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCar, testBookingDeps } from "../../db/seed/factories";
import { seedPricing } from "../../db/seed/pricing";
import { createBooking, type BookingDeps, type BookingRequest } from "~/booking/index.server";
import { detailPricingOf, bookingDetailRows } from "~/notify/booking-details.server";
import { readBookedExtras, readPriceLines } from "~/booking/rules/booked-extras";
import { createCar } from "~/fleet/cars.server";
import { readPricing } from "~/pricing/pricing.server";
import { convertKurus, formatCurrency } from "~/pricing/currency";
import { formatMoney, kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDate } from "../setup/trip-date";

describe.each(engines)("booking extras on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let carId: string;
  let day = 40;

  beforeAll(async () => {
    db = await testDb(engine);
    await seedPricing(db.kysely);
    deps = await testBookingDeps({ db: db.kysely });
    carId = (await createCar(db.kysely, buildCar({ name: "Extras Sedan", category: "Sedan", seats: 4, luggage: 4, price_per_km: kurus(2500), price_per_day: null }))).id;
  });
  afterAll(async () => {
    deps.mailer.close();
    await db.destroy();
  });

  // Each booking a day apart at 10:00 Istanbul (no night surcharge, the car always free).
  const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
    tripType: "oneWay",
    pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    dropoff: { text: "Belek" },
    pickupAt: tripDate(day++, "10:00"),
    passengers: 2,
    luggage: 2,
    carId,
    fullName: "Anna Schmidt",
    email: "anna@example.com",
    phone: "+49 151 23456789",
    notes: "",
    flightNumber: "TK 2412",
    ...overrides,
  });
  const count = async () => Number((await db.kysely.selectFrom("bookings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const customerMail = (bookingId: string) =>
    db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", bookingId).where("kind", "=", "booking-confirmation").executeTakeFirstOrThrow();

  const withSeatAndSign = { extras: [{ code: "child-seat", quantity: 2 }, { code: "name-sign", quantity: 1, text: "Anna Schmidt" }] };

  it("stores the extras, the lines and the currency; the German mail lists them with the euro total and the lira", async () => {
    const result = await createBooking(deps, request({ ...withSeatAndSign, currency: "EUR" }), { locale: "de" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const b = result.booking;
    const extras = readBookedExtras(b);
    expect(extras.map((e) => [e.code, e.quantity, e.text, e.amount])).toEqual([
      ["child-seat", 2, null, 60_000],
      ["name-sign", 1, "Anna Schmidt", 0],
    ]);
    const lines = readPriceLines(b);
    expect(lines[0]).toMatchObject({ kind: "fixed", leg: "outbound" });
    expect(lines.filter((l) => l.kind === "extra").map((l) => l.amount)).toEqual([60_000, 0]);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(b.total_price);
    const tables = await readPricing(db.kysely);
    expect(b.currency).toBe("EUR");
    expect(b.currency_total).toBe(convertKurus(kurus(b.total_price), "EUR", tables.rates));

    const mail = await customerMail(b.id);
    expect(mail.locale).toBe("de");
    const body = mail.text_body;
    expect(body).toContain("Kindersitz (9–18 kg) × 2");
    expect(body).toContain("Empfang mit Namensschild");
    expect(body).toContain("„Anna Schmidt“");
    expect(body).toContain("Festpreis · Flughafen Antalya (AYT) → Belek");
    expect(body).toContain(formatCurrency(b.currency_total!, "EUR", "de"));
    expect(body).toContain(`berechnet in türkischer Lira: ${formatMoney(kurus(b.total_price), "de")}`);
    expect(body).toContain("Kostenlose Wartezeit: 60 Minuten nach der Landung, danach");
    expect(mail.html_body).toContain("Anna Schmidt");
  });

  it("writes the Russian mail in roubles with the lira charged", async () => {
    const result = await createBooking(deps, request({ ...withSeatAndSign, currency: "RUB" }), { locale: "ru" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const body = (await customerMail(result.booking.id)).text_body;
    expect(body).toContain("Детское кресло (9–18 кг) × 2");
    expect(body).toContain("«Anna Schmidt»");
    expect(body).toContain("Фиксированная цена");
    expect(body).toContain(formatCurrency(result.booking.currency_total!, "RUB", "ru"));
    expect(body).toContain(`к оплате в турецких лирах: ${formatMoney(kurus(result.booking.total_price), "ru")}`);
    expect(body).toContain("Бесплатное ожидание: 60 минут после посадки");
  });

  it("refuses a sign without text, a quantity above the maximum and an unknown extra, booking nothing", async () => {
    const before = await count();
    const noText = await createBooking(deps, request({ extras: [{ code: "name-sign", quantity: 1, text: "  " }] }), { locale: "en" });
    expect(noText.ok).toBe(false);
    if (!noText.ok) expect(noText.fields["extraText.name-sign"]?.[0]?.code).toBe("booking:errors.extraText");
    const tooMany = await createBooking(deps, request({ extras: [{ code: "child-seat", quantity: 4 }] }), { locale: "en" });
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.fields["extra.child-seat"]?.[0]).toEqual({ code: "booking:errors.extraQuantity", params: { max: 3 } });
    const unknown = await createBooking(deps, request({ extras: [{ code: "jet-ski", quantity: 1 }] }), { locale: "en" });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.fields.extras?.[0]?.code).toBe("booking:errors.extraUnknown");
    expect(await count()).toBe(before);
  });

  it("refuses an airport pickup without a flight number", async () => {
    const before = await count();
    const result = await createBooking(deps, request({ flightNumber: null }), { locale: "en" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.flightNumber?.[0]?.code).toBe("booking:errors.flightRequired");
    expect(await count()).toBe(before);
  });

  it("states the shorter free waiting for a pickup elsewhere, in lira for a lira booking", async () => {
    const result = await createBooking(deps, request({ pickup: { text: "Belek" }, dropoff: { text: "Kemer" }, flightNumber: null, currency: "TRY" }), { locale: "en" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const body = (await customerMail(result.booking.id)).text_body;
    expect(body).toContain(`Free waiting: 15 minutes, then ${formatMoney(kurus(25_000), "en")} per 15 minutes.`);
    expect(body).not.toContain("charged in Turkish lira");
    const rows = bookingDetailRows(result.booking, deps.translator("en"), "en", await detailPricingOf(db.kysely, result.booking));
    expect(rows.find(([label]) => label === "Price")?.[1]).toBe(formatMoney(kurus(result.booking.total_price), "en"));
  });

  it("shows an hourly hire's hours and included distance instead of a drop-off", async () => {
    const result = await createBooking(deps, request({ tripType: "hourly", hours: 4, dropoff: { text: "" }, pickup: { text: "Belek" }, flightNumber: null }), { locale: "en" });
    expect(result.ok, JSON.stringify(!result.ok && result.fields)).toBe(true);
    if (!result.ok) return;
    const rows = bookingDetailRows(result.booking, deps.translator("en"), "en", await detailPricingOf(db.kysely, result.booking));
    expect(rows).toContainEqual(["Hourly hire", "4 h, includes 100 km"]);
    expect(rows.some(([label]) => label === "Outbound")).toBe(false);
    expect(rows.find(([label]) => label.startsWith("4 h ×"))?.[0]).toContain("includes 100 km; beyond:");
  });

  it("tells an hourly hire the car waits during its hours, with no waiting fee, on the page and in the mail", async () => {
    const result = await createBooking(deps, request({ tripType: "hourly", hours: 3, dropoff: { text: "" }, pickup: { text: "Belek" }, flightNumber: null }), { locale: "de" });
    expect(result.ok, JSON.stringify(!result.ok && result.fields)).toBe(true);
    if (!result.ok) return;
    const hourly = deps.translator("de")("booking:waiting.hourly");
    const rows = bookingDetailRows(result.booking, deps.translator("de"), "de", await detailPricingOf(db.kysely, result.booking));
    expect(rows).toContainEqual(["Wartezeit", hourly]);
    const body = (await customerMail(result.booking.id)).text_body;
    expect(body).toContain(hourly);
    expect(body).not.toContain("Kostenlose Wartezeit");
    expect(body).not.toContain("je 15 Minuten");
  });
});
