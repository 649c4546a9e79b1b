import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import i18next from "i18next";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildCar } from "../../db/seed/factories";
import { bookingPayloadSchema, requestFromPayload } from "~/routes/api/booking-payload.server";
import { listBookings } from "~/booking/index.server";
import { bookingSearchText } from "~/booking/rules/booking-row";
import { createBooking, findBookingByToken, readDistanceDetails, type BookingDeps, type BookingRequest } from "~/booking/index.server";
import { hashToken } from "~/utils/token";
import { quoteForCar } from "~/booking/rules/pricing";
import { rulesOf } from "~/pricing/pricing.server";
import { REFERENCE_PATTERN } from "~/booking/rules/reference";
import { createCar } from "~/fleet/cars.server";
import type { Language } from "~/i18n/config";
import { createPlaceServices } from "~/places/service.server";
import { createMailer } from "~/server/mail.server";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { saveSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDay } from "../setup/trip-date";

const log = pino({ level: "silent" });
const catalogue = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/booking.json`, "utf8")) as Record<string, unknown>;
const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(["en", "tr", "de", "ru"].map((l) => [l, { booking: catalogue(l) }])),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
});

interface Received {
  to: string[];
  body: string;
}

async function fakeSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const inDays = (days: number, time = "10:00") => `${tripDay(days)}T${time}:00+03:00`;

describe.each(engines)("booking creation on %s", (engine) => {
  let db: TestDb;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let deps: BookingDeps;
  let vanId: string;
  let sedanId: string;
  let inactiveId: string;
  let noRateId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    smtp = await fakeSmtp();
    deps = {
      db: db.kysely,
      places: createPlaceServices({ ROUTING_PROVIDER: "builtin" }, log),
      mailer: createMailer({ smtpUrl: smtp.url, from: "Lykia <no-reply@example.com>", log }),
      env: { PUBLIC_URL: "https://transfer.example.com", OFFICE_EMAIL: "office@example.com" },
      log,
      translator: (lng: Language) => i18n.getFixedT(lng, "booking"),
    };
    vanId = (await createCar(db.kysely, buildCar({ name: "V-Class", seats: 6, luggage: 6, price_per_km: kurus(3800), price_per_day: kurus(950_000) }))).id;
    sedanId = (await createCar(db.kysely, buildCar({ name: "E-Class", seats: 3, luggage: 3, price_per_km: kurus(3000), price_per_day: null }))).id;
    inactiveId = (await createCar(db.kysely, buildCar({ name: "Old S-Class", status: "inactive" }))).id;
    noRateId = (await createCar(db.kysely, buildCar({ name: "Spare car", seats: 4, price_per_km: null, price_per_day: null }))).id;
  });
  afterAll(async () => {
    deps.mailer.close();
    await smtp.close();
    await db.destroy();
  });
  beforeEach(async () => {
    // Earlier tests' mail is delivered first, so that each test sees only its own.
    await deps.mailer.deliverDue(db.kysely, 1000);
    smtp.received.length = 0;
  });

  // Each booking on its own day (10:00 Istanbul), so the one van is free for every test's booking.
  let day = 5;
  const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
    tripType: "oneWay",
    pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    dropoff: { text: "Belek" },
    pickupAt: new Date(inDays(day++)).toISOString(),
    passengers: 2,
    luggage: 2,
    carId: vanId,
    fullName: "Jane Doe",
    email: "jane@example.com",
    phone: "+44 7700 900123",
    notes: "",
    flightNumber: "TK 2412",
    ...overrides,
  });

  it("stores every field of the payload with the server's route and price", async () => {
    const sent = request();
    const result = await createBooking(deps, sent, { locale: "en", idempotencyKey: "k-one-way", clientIp: "203.0.113.9" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const b = result.booking;
    expect(b.reference).toMatch(REFERENCE_PATTERN);
    expect(b).toMatchObject({
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      // the resolved place's canonical name, not the typed "Belek"
      dropoff_location: "Belek, Antalya",
      return_date: null,
      return_pickup_location: null,
      status: "pending",
      locale: "en",
      idempotency_key: "k-one-way",
      car_id: vanId,
      car_name: "V-Class",
      rate_per_km: 3800,
      minimum_applied: 0,
      route_source: "builtin",
      client_ip: "203.0.113.9",
      flight_number: "TK 2412",
      luggage: 2,
    });
    expect(b.pickup_date).toBe(sent.pickupAt);
    expect(b.pickup_date.endsWith("07:00:00.000Z")).toBe(true);
    expect(b.total_distance).toBeGreaterThan(25);
    const rules = rulesOf(DEFAULT_SETTINGS.pricing);
    expect(b.total_price).toBe(
      quoteForCar({ car: { price_per_km: kurus(3800), price_per_day: null, category: "VIP" }, legs: [{ leg: "outbound", km: b.total_distance, startsAt: b.pickup_date, fare: null }], rules }).total,
    );
    // the lines the price was made of, kept with the booking, add up to it
    expect(JSON.parse(b.price_lines).reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(b.total_price);
    // numbers only: texts like "38 km" are made where they are shown
    expect(JSON.parse(b.distance_details)).toEqual({ outbound: { km: b.total_distance, minutes: Math.round(b.total_duration / 60) }, return: null });
    expect(readDistanceDetails(b)).toEqual({ outbound: { km: b.total_distance, minutes: Math.round(b.total_duration / 60) }, return: null });
    expect(b.consent_at).toBeTruthy();
    expect(b.search_text).toBe(bookingSearchText(b));
    // the private link's token is stored only as its hash
    expect(result.token).toBeTruthy();
    expect(b.access_token_hash).toBe(hashToken(result.token!));
    expect(b.access_token_hash).not.toContain(result.token!);
    expect((await findBookingByToken(db.kysely, result.token!))?.id).toBe(b.id);
    expect(await findBookingByToken(db.kysely, b.reference)).toBeUndefined();

    const events = await db.kysely.selectFrom("booking_events").selectAll().where("booking_id", "=", b.id).execute();
    expect(events).toEqual([expect.objectContaining({ from_status: null, to_status: "pending", by_label: "customer", note: "created" })]);
    const notice = await db.kysely.selectFrom("notifications").selectAll().where("related_id", "=", b.id).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "booking", title: "Yeni rezervasyon alındı", link: `/admin/bookings/${b.id}` });
    // stored as catalogue keys with their values, so each admin reads it in their language
    expect(JSON.parse(notice.message!)).toEqual({ title: "notifications.bookingTitle", body: "notifications.bookingBody", values: { reference: b.reference, name: "Jane Doe" } });
  });

  it("stores a round trip with both legs priced", async () => {
    const result = await createBooking(
      deps,
      request({
        tripType: "roundTrip",
        returnPickup: { text: "Belek" },
        returnDropoff: { text: "AYT", placeId: "ayt-airport" },
        returnAt: new Date(inDays(9, "18:30")).toISOString(),
        carId: sedanId,
      }),
      { locale: "tr" },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const b = result.booking;
    const details = readDistanceDetails(b)!;
    expect(details.return).not.toBeNull();
    expect(b.total_distance).toBeCloseTo(details.outbound.km + details.return!.km, 1);
    const legs = [
      { leg: "outbound" as const, km: details.outbound.km, startsAt: b.pickup_date, fare: null },
      { leg: "return" as const, km: details.return!.km, startsAt: b.return_date, fare: null },
    ];
    const expected = quoteForCar({ car: { price_per_km: kurus(3000), price_per_day: null, category: "VIP" }, legs, rules: rulesOf(DEFAULT_SETTINGS.pricing) });
    expect(b.total_price).toBe(expected.total);
    expect(expected.lines.some((line) => line.kind === "returnDiscount")).toBe(true);
    expect(b.return_date).toBe(new Date(inDays(9, "18:30")).toISOString());
    expect(b).toMatchObject({ trip_type: "roundTrip", return_pickup_location: "Belek, Antalya", return_dropoff_location: "Antalya Havalimanı (AYT)", idempotency_key: null });
  });

  it("stores the places' canonical names whatever the visitor typed or read", async () => {
    const result = await createBooking(deps, request({ pickup: { text: "Аэропорт Анталья" }, dropoff: { text: "Кемер" } }), { locale: "ru" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.booking).toMatchObject({ pickup_location: "Antalya Havalimanı (AYT)", dropoff_location: "Kemer, Antalya", locale: "ru" });
  });

  it("gives the same booking for the same idempotency key, also when sent twice at once", async () => {
    const [a, b] = await Promise.all([
      createBooking(deps, request(), { locale: "en", idempotencyKey: "double-click" }),
      createBooking(deps, request(), { locale: "en", idempotencyKey: "double-click" }),
    ]);
    const again = await createBooking(deps, request(), { locale: "en", idempotencyKey: "double-click" });
    expect(a.ok && b.ok && again.ok).toBe(true);
    if (!a.ok || !b.ok || !again.ok) return;
    expect(new Set([a.booking.id, b.booking.id, again.booking.id]).size).toBe(1);
    expect(again.created).toBe(false);
    const rows = await db.kysely.selectFrom("bookings").select("id").where("idempotency_key", "=", "double-click").execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a pickup or return more than two years ahead", async () => {
    const far = new Date(inDays(2 * 366 + 2)).toISOString();
    const result = await createBooking(deps, request({ pickupAt: far }), { locale: "en" });
    expect(result).toMatchObject({ ok: false, fields: { date: [{ code: "booking:errors.dateTooFar" }] } });
    const round = await createBooking(
      deps,
      request({ tripType: "roundTrip", returnPickup: { text: "Belek" }, returnDropoff: { text: "AYT" }, returnAt: far } as Partial<BookingRequest>),
      { locale: "en" },
    );
    expect(round).toMatchObject({ ok: false, fields: { returnDate: [{ code: "booking:errors.dateTooFar" }] } });
  });

  it("refuses an idempotency key reused with a different request body, and replays the same one", async () => {
    const first = await createBooking(deps, request(), { locale: "en", idempotencyKey: "same-key", requestHash: "hash-a" });
    expect(first.ok).toBe(true);
    const replay = await createBooking(deps, request(), { locale: "en", idempotencyKey: "same-key", requestHash: "hash-a" });
    expect(replay.ok && !replay.created && first.ok && replay.booking.id === first.booking.id).toBe(true);
    const other = await createBooking(deps, { ...request(), fullName: "Someone Else" }, { locale: "en", idempotencyKey: "same-key", requestHash: "hash-b" });
    expect(other).toEqual({ ok: false, fields: {}, idempotencyMismatch: true });
    const rows = await db.kysely.selectFrom("bookings").select(["id", "idempotency_hash"]).where("idempotency_key", "=", "same-key").execute();
    expect(rows).toEqual([{ id: first.ok ? first.booking.id : "", idempotency_hash: "hash-a" }]);
  });

  it("ignores a price sent by the client (1 TL) and stores its own", async () => {
    const payload = bookingPayloadSchema.parse({
      trip_type: "oneWay",
      pickup_location: "Antalya Airport",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Side",
      pickup_date: inDays(6),
      passengers: 2,
      car_id: vanId,
      full_name: "Max Mustermann",
      email: "max@example.de",
      phone: "+49 151 23456789",
      flight_number: "XQ 140",
      total_price: 1,
      total_distance: 1,
      status: "completed",
    });
    const result = await createBooking(deps, requestFromPayload(payload), { locale: "de" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.booking.total_price).toBeGreaterThan(100_00);
    expect(result.booking.total_distance).toBeGreaterThan(40);
    expect(result.booking.status).toBe("pending");
  });

  it("takes coordinates as locations", async () => {
    const result = await createBooking(deps, request({ pickup: { text: "Hotel gate", lat: 36.85, lng: 31.03 }, dropoff: { text: "", lat: 36.8987, lng: 30.8005 } }), { locale: "en" });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.booking).toMatchObject({ pickup_lat: 36.85, pickup_lng: 31.03, pickup_location: "Hotel gate" });
  });

  it("refuses unknown and inactive cars, too many passengers, past dates and unknown places", async () => {
    const unknown = await createBooking(deps, request({ carId: "no-such-car" }), { locale: "en" });
    expect(unknown).toEqual({ ok: false, fields: { carId: [{ code: "booking:errors.carUnavailable" }] } });
    const inactive = await createBooking(deps, request({ carId: inactiveId }), { locale: "en" });
    expect(inactive.ok || inactive.fields).toEqual({ carId: [{ code: "booking:errors.carUnavailable" }] });
    const crowded = await createBooking(deps, request({ carId: sedanId, passengers: 5 }), { locale: "en" });
    expect(crowded.ok || crowded.fields).toEqual({ passengers: [{ code: "booking:errors.tooManyPassengers", params: { seats: 3 } }] });
    const past = await createBooking(deps, request({ pickupAt: "2020-01-01T07:00:00.000Z" }), { locale: "en" });
    expect(past.ok || past.fields).toMatchObject({ date: [{ code: "booking:errors.datePast" }] });
    const nowhere = await createBooking(deps, request({ dropoff: { text: "Qwxzzy" } }), { locale: "en" });
    expect(nowhere.ok || nowhere.fields).toEqual({ dropoff: [{ code: "booking:errors.placeNotFound" }] });
    const backwards = await createBooking(deps, request({ tripType: "roundTrip", returnPickup: { text: "Belek" }, returnDropoff: { text: "AYT" }, returnAt: new Date(inDays(4)).toISOString() }), { locale: "en" });
    expect(backwards.ok || backwards.fields).toMatchObject({ returnDate: [{ code: "booking:errors.returnBeforePickup" }] });
  });

  it("makes a new booking findable by the phone's digits, as an edited one is", async () => {
    const result = await createBooking(deps, request({ phone: "+90 532 123 45 67", fullName: "Deniz Aksoy" }), { locale: "tr" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await listBookings(db.kysely, { q: "5321234567" })).bookings.map((b) => b.id)).toEqual([result.booking.id]);
  });

  it("prices a car without rates at 22 TL per km", async () => {
    const result = await createBooking(deps, request({ carId: noRateId }), { locale: "en" });
    expect(result.ok && result.booking.rate_per_km).toBe(2200);
  });

  it("mails the customer in the page's language with the private link, and the office in Turkish", async () => {
    const result = await createBooking(deps, request({ email: "anna@example.de" }), { locale: "de" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The request only queued the mails; the outbox worker delivers them.
    expect(smtp.received).toHaveLength(0);
    expect(await deps.mailer.deliverDue(db.kysely)).toBe(2);
    const customer = smtp.received.find((m) => m.to.includes("anna@example.de"));
    expect(customer).toBeDefined();
    expect(customer!.body).toContain(result.booking.reference);
    expect(smtp.received.some((m) => m.to.includes("office@example.com"))).toBe(true);
    const outbox = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", result.booking.id).orderBy("kind").execute();
    expect(outbox.map((m) => [m.kind, m.locale, m.status])).toEqual([
      ["booking-confirmation", "de", "sent"],
      ["office-new-booking", "tr", "sent"],
    ]);
    const [toCustomer, toOffice] = outbox;
    expect(toCustomer!.subject).toBe(`Buchung ${result.booking.reference} eingegangen, Bestätigung ausstehend – Lykia VIP Transfer`);
    expect(toCustomer!.text_body).toContain("Guten Tag Jane Doe,");
    // Pending until the office confirms, and the office's terms in the booking's language.
    expect(toCustomer!.text_body).toContain("auf die Bestätigung durch unser Büro");
    expect(toCustomer!.text_body).toContain(`Stornierung: ${DEFAULT_SETTINGS.booking.cancellationTerms.de}`);
    expect(toCustomer!.text_body).toContain(`Zahlung: ${DEFAULT_SETTINGS.booking.paymentTerms.de}`);
    expect(toCustomer!.text_body).toContain(`Meine Buchung ansehen: https://transfer.example.com/my-booking/${result.token}?lng=de`);
    expect(toCustomer!.html_body).toContain(`https://transfer.example.com/my-booking/${result.token}?lng=de`);
    expect(toOffice!.subject).toContain(`Yeni rezervasyon ${result.booking.reference}`);
    expect(toOffice!.text_body).toContain("Rezervasyon numarası: " + result.booking.reference);
  });

  it("writes the office's mail in the back office's language", async () => {
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, appearance: { ...DEFAULT_SETTINGS.appearance, language: "en" } }, null);
    try {
      const result = await createBooking(deps, request({ email: "lena@example.de", notes: "Two child seats" }), { locale: "de" });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const office = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", result.booking.id).where("kind", "=", "office-new-booking").executeTakeFirstOrThrow();
      expect(office.locale).toBe("en");
      expect(office.subject).toBe(`New booking ${result.booking.reference}: ${result.booking.pickup_location} → ${result.booking.dropoff_location}`);
      expect(office.text_body).toContain("Guest's notes: Two child seats");
      expect(office.text_body).toContain("Open the booking");
      expect(office.text_body).not.toContain("Rezervasyon");
    } finally {
      await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    }
  });

  it("sends no office mail when new-booking notifications are off", async () => {
    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, notifications: { ...DEFAULT_SETTINGS.notifications, newBookingNotification: false } }, null);
    const result = await createBooking(deps, request({ email: "ivan@example.ru" }), { locale: "ru" });
    expect(result.ok).toBe(true);
    await deps.mailer.deliverDue(db.kysely);
    expect(smtp.received.map((m) => m.to[0])).toEqual(["ivan@example.ru"]);
    await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
  });

  it("keeps the booking when mail cannot be delivered", async () => {
    const broken = { ...deps, mailer: createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "x <x@example.com>", log }) };
    const result = await createBooking(broken, request(), { locale: "en" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await broken.mailer.deliverDue(db.kysely);
    const mails = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", result.booking.id).execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.status === "pending" && m.last_error)).toBe(true);
  });
});
