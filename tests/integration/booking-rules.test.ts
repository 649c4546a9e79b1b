/**
 * The booking rules visitors rely on (issue 12): the office's minimum lead time refused by the
 * public API and `createBooking` (never by the office's own edit), and the settings screen's
 * "Rezervasyon" tab saving the section or keeping what was typed with a Turkish error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCar, createTestBooking, testBookingDeps } from "../../db/seed/factories";
import { adminGuard } from "~/auth/guard.server";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { statusMailText } from "~/notify/status-mail.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { getBooking, updateBooking } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import * as settingsPage from "~/routes/admin/settings";
import * as bookingsRoute from "~/routes/api/bookings";
import * as quotesRoute from "~/routes/api/quotes";
import * as settingsApi from "~/routes/api/settings";
import { DEFAULT_SETTINGS } from "~/settings/settings";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { kurus } from "~/utils/money";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

/** The office, as every edit names who made it (the history and the audit log). */
const OFFICE = { id: null, label: "Ofis" };

const inHours = (hours: number) => toBusinessParts(new Date(Date.now() + hours * 3_600_000));

interface ApiAnswer {
  status: number;
  body: { success: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; reason?: string; params?: Record<string, unknown>; fieldCodes?: Record<string, string[]> } };
}

describe.each(engines)("booking rules on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  let adminToken: string;

  function context(ip: string) {
    const c = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" }, clientIp: ip });
    return c;
  }

  /** A route handler as React Router runs it: behind the language middleware (and the admin guard for admin pages). */
  async function run(handler: (args: never) => unknown, request: Request, options: { admin?: boolean } = {}) {
    const ctx = context(`198.51.100.${Math.floor(Math.random() * 250) + 1}`);
    let result: unknown;
    await i18nextMiddleware({ request, context: ctx, params: {}, unstable_pattern: "/" } as never, async () => {
      const inner = async () => {
        result = await handler({ request, context: ctx, params: {} } as never);
        return new Response();
      };
      if (!options.admin) return inner();
      return (await adminGuard({ request, context: ctx, params: {}, pattern: new URL(request.url).pathname } as never, inner)) ?? new Response();
    });
    return result;
  }

  async function postJson(handler: (args: never) => unknown, path: string, body: unknown): Promise<ApiAnswer> {
    const request = new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const result = (await run(handler, request)) as { init?: { status?: number } | null; data: ApiAnswer["body"] };
    return { status: result.init?.status ?? 200, body: result.data };
  }

  beforeAll(async () => {
    db = await testDb(engine);
    carId = (await createCar(db.kysely, buildCar({ name: "V-Class", seats: 6, luggage: 6, price_per_km: kurus(3800) }))).id;
    const admin = await createUser(db.kysely, { email: "office@example.com", password: "secret-123", role: "admin", name: "Ofis" });
    adminToken = (await createSession(db.kysely, admin.id, { remember: false })).token;
  });
  afterAll(() => db.destroy());

  const search = (when: { date: string; time: string }) => ({ tripType: "oneWay", pickup: "Antalya Havalimanı (AYT)", pickupPlace: "ayt-airport", dropoff: "Belek", date: when.date, time: when.time, passengers: 2 });
  const payload = (when: { date: string; time: string }) => ({
    pickup_location: "Antalya Havalimanı (AYT)",
    pickup_place_id: "ayt-airport",
    dropoff_location: "Belek",
    pickup_date: `${when.date}T${when.time}:00+03:00`,
    passengers: 2,
    car_id: carId,
    full_name: "Jane Doe",
    email: "jane@example.com",
    phone: "+44 7700 900123",
    flight_number: "BA 676",
  });

  it("refuses a quote and a booking an hour ahead with booking:errors.tooSoon in Turkish", async () => {
    const soon = inHours(1);
    const quote = await postJson(quotesRoute.action, "/api/quotes", search(soon));
    expect(quote.status).toBe(400);
    expect(quote.body.error).toMatchObject({
      code: "validation_failed",
      reason: "booking:errors.tooSoon",
      params: { hours: 4, phone: DEFAULT_SETTINGS.general.contactPhone, whatsapp: DEFAULT_SETTINGS.general.whatsappNumber },
      fieldCodes: { date: ["booking:errors.tooSoon"] },
    });
    expect(quote.body.error?.message).toContain("4 saat");
    expect(quote.body.error?.message).toContain(DEFAULT_SETTINGS.general.contactPhone);

    const booking = await postJson(bookingsRoute.action, "/api/bookings", payload(soon));
    expect(booking.status).toBe(400);
    expect(booking.body.error).toMatchObject({ reason: "booking:errors.tooSoon", fieldCodes: { pickup_date: ["booking:errors.tooSoon"] } });
    expect(booking.body.error?.message).toMatch(/Online rezervasyonlar alış saatinden en geç 4 saat önce kapanır/);
    expect(await db.kysely.selectFrom("bookings").select("id").execute()).toHaveLength(0);
  });

  it("accepts both two days ahead, and a pickup an hour ahead once the office sets 0 hours", async () => {
    const later = inHours(48);
    expect((await postJson(quotesRoute.action, "/api/quotes", search(later))).status).toBe(200);
    const booked = await postJson(bookingsRoute.action, "/api/bookings", payload(later));
    expect(booked.status).toBe(201);
    expect(booked.body.data?.status).toBe("pending");

    await saveSettings(db.kysely, { ...DEFAULT_SETTINGS, booking: { ...DEFAULT_SETTINGS.booking, leadTimeHours: 0 } }, null);
    try {
      const soon = inHours(1);
      expect((await postJson(quotesRoute.action, "/api/quotes", search(soon))).status).toBe(200);
      expect((await postJson(bookingsRoute.action, "/api/bookings", payload(soon))).status).toBe(201);
    } finally {
      await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    }
  });

  it("binds createBooking (and the factories) but not the office's edit", async () => {
    await expect(createTestBooking({ db: db.kysely }, { carId, pickupAt: new Date(Date.now() + 3_600_000).toISOString() })).rejects.toThrow();
    // A car of its own: the test above booked the V-Class an hour ahead, and the edit must not collide with it.
    const spare = (await createCar(db.kysely, buildCar({ name: "Spare", seats: 6, luggage: 6 }))).id;
    const booking = await createTestBooking({ db: db.kysely }, { carId: spare });
    const soon = inHours(1);
    const edited = await updateBooking(await testBookingDeps({ db: db.kysely }), booking.id, { pickup_date: soon.date, pickup_time: soon.time }, { actor: OFFICE });
    expect(edited.ok).toBe(true);
  });

  it("tells the customer the office has now confirmed the booking", async () => {
    const booking = await createTestBooking({ db: db.kysely }, { carId }, { locale: "de" });
    const admin = { ...(await getBooking(db.kysely, booking.id))!, status: "confirmed" as const };
    const mail = statusMailText(admin, DEFAULT_SETTINGS, "");
    expect(mail.subject).toBe(`Ihre Buchung ${booking.reference}: Bestätigt`);
    expect(mail.paragraphs.join("\n")).toContain("Unser Büro hat Ihre Buchung bestätigt, Ihr Transfer ist jetzt verbindlich.");
  });

  it("GET/PUT /api/settings carry the booking section; a client without it keeps the stored one", async () => {
    const call = async (method: string, body?: unknown) => {
      const request = new Request("http://localhost/api/settings", {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const result = (await run((method === "GET" ? settingsApi.loader : settingsApi.action) as never, request)) as { init?: { status?: number } | null; data: ApiAnswer["body"] };
      return { status: result.init?.status ?? 200, body: result.data };
    };
    expect((await call("GET")).body.data?.booking).toEqual(DEFAULT_SETTINGS.booking);
    const changed = { ...DEFAULT_SETTINGS, booking: { ...DEFAULT_SETTINGS.booking, leadTimeHours: 8 } };
    expect((await call("PUT", changed)).body.data?.booking).toEqual(changed.booking);
    const { booking: _left, ...older } = changed;
    const kept = await call("PUT", { ...older, security: { twoFactorAuth: false, sessionTimeout: 45 } });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ booking: { leadTimeHours: 8 }, security: { sessionTimeout: 45 } });
    const refused = await call("PUT", { ...changed, booking: { ...changed.booking, leadTimeHours: 100 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fieldCodes).toEqual({ "booking.leadTimeHours": ["admin:settings.messages.leadTime"] });
    await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
  });

  describe("the settings screen's Rezervasyon tab", () => {
    function settingsForm(overrides: Record<string, string> = {}) {
      const s = DEFAULT_SETTINGS;
      const form = new URLSearchParams({
        tab: "booking",
        "general.siteName": s.general.siteName,
        "general.siteDescription": s.general.siteDescription,
        "general.contactEmail": s.general.contactEmail,
        "general.contactPhone": s.general.contactPhone,
        "general.secondaryPhone": s.general.secondaryPhone,
        "general.whatsappNumber": s.general.whatsappNumber,
        "general.address": s.general.address,
        "appearance.darkMode": "on",
        "appearance.primaryColor": s.appearance.primaryColor,
        "appearance.language": "tr",
        "notifications.emailNotifications": "on",
        "notifications.newBookingNotification": "on",
        "notifications.bookingStatusChangeNotification": "on",
        "security.sessionTimeout": String(s.security.sessionTimeout),
        "booking.leadTimeHours": String(s.booking.leadTimeHours),
        "booking.bufferMinutes": String(s.booking.bufferMinutes),
        // the Ödeme tab's fields, posted with the rest as the page does (issue 30)
        "payments.arrivalCash": "on",
        "payments.driverCurrencies": "EUR",
        "payments.payModes": "arrival",
        "flights.movePickup": "on",
        "flights.notifyThresholdMinutes": "30",
        "profile.name": "Ofis",
        "profile.email": "office@example.com",
      });
      for (const name of ["cancellationTerms", "paymentTerms"] as const) {
        for (const lng of ["tr", "en", "de", "ru"] as const) form.set(`booking.${name}.${lng}`, s.booking[name][lng]);
      }
      for (const [k, v] of Object.entries(overrides)) form.set(k, v);
      return form;
    }
    const post = async (form: URLSearchParams) => {
      const request = new Request("http://localhost/admin/settings", { method: "POST", headers: { authorization: `Bearer ${adminToken}` }, body: form });
      const result = (await run(settingsPage.action, request, { admin: true })) as { init?: { status?: number }; data?: unknown } | Record<string, unknown>;
      const wrapped = "data" in result && "init" in result ? (result as { init?: { status?: number }; data: Record<string, unknown> }) : { init: { status: 200 }, data: result as Record<string, unknown> };
      return { status: wrapped.init?.status ?? 200, data: wrapped.data as { saved: boolean; tab?: string; result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } } };
    };

    it("saves the lead time and the terms", async () => {
      const saved = await post(settingsForm({ "booking.leadTimeHours": "12", "booking.paymentTerms.ru": "Оплата только наличными водителю." }));
      expect(saved).toMatchObject({ status: 200, data: { saved: true } });
      const stored = (await getSettings(db.kysely)).booking;
      expect(stored.leadTimeHours).toBe(12);
      expect(stored.paymentTerms.ru).toBe("Оплата только наличными водителю.");
      expect(stored.paymentTerms.tr).toBe(DEFAULT_SETTINGS.booking.paymentTerms.tr);
      const soon = inHours(6);
      const quote = await postJson(quotesRoute.action, "/api/quotes", search(soon));
      expect(quote.body.error?.params).toMatchObject({ hours: 12 });
      await saveSettings(db.kysely, DEFAULT_SETTINGS, null);
    });

    it("keeps a bad value as typed, with the Turkish error, on the Rezervasyon tab", async () => {
      const refused = await post(settingsForm({ "booking.leadTimeHours": "96", "booking.cancellationTerms.de": "" }));
      expect(refused.status).toBe(400);
      expect(refused.data.saved).toBe(false);
      expect(refused.data.tab).toBe("booking");
      const errors = refused.data.result.error ?? {};
      expect(errors["booking.leadTimeHours"]).toEqual(["admin:settings.messages.leadTime"]);
      expect(errors["booking.cancellationTerms.de"]).toEqual(["admin:settings.messages.termsRequired"]);
      expect((refused.data.result.initialValue as { booking: { leadTimeHours: string } }).booking.leadTimeHours).toBe("96");
      expect((await getSettings(db.kysely)).booking).toEqual(DEFAULT_SETTINGS.booking);
    });
  });
});
