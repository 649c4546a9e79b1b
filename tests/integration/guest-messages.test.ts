/**
 * WhatsApp and SMS to guests (issue 16) against local fakes that answer like the real services:
 * every kind reaches the fake with its template name, language code and parameters in each of the
 * four languages, with the private link that opens the booking; no consent or a kind switched off
 * sends nothing; an outage is retried later and delivered once; a permanent refusal is not
 * retried; two workers deliver a message once; the webhooks record delivery statuses and refuse a
 * bad signature.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeBookingStatus } from "~/booking/index.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { bookingLinkToken, deriveLinkToken, privateBookingUrl } from "~/booking/index.server";
import { findBookingByToken, updateBooking, type BookingDeps } from "~/booking/index.server";
import { BUSINESS_TIME_ZONE, toBusinessParts } from "~/booking/rules/datetime";
import { guestCancel, guestChangeTimes } from "~/booking/index.server";
import { queueDueReminders, reminderDue } from "~/notify/reminders.server";
import { queueGuestMessages } from "~/notify/guest-messages.server";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { createCar } from "~/fleet/cars.server";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import * as bookingsApi from "~/routes/api/bookings";
import * as smsHook from "~/routes/api/webhooks.sms";
import * as whatsappHook from "~/routes/api/webhooks.whatsapp";
import { appContext } from "~/server/context";
import type { BookingRow } from "~/server/db/schema";
import { createMailer } from "~/server/mail.server";
import { createMessenger, type Messenger } from "~/server/messaging/outbox.server";
import { createSmsProvider } from "~/server/messaging/sms.server";
import { twilioSignature, whatsappSignature } from "~/server/messaging/webhooks.server";
import { createWhatsAppProvider } from "~/server/messaging/whatsapp.server";
import { startOutboxWorker } from "~/server/outbox-worker.server";
import { localStorage } from "~/server/storage.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { hashToken } from "~/utils/token";
import { buildCar, createTestBooking, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { startSmsFake, type SmsFake } from "../fakes/sms";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: process.env.DEBUG_LOG ? "debug" : "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "guest-messages-test-secret-long-enough-1";
const OLD_SECRET = "guest-messages-old-secret-long-enough-22";
const PUBLIC_URL = "https://vip.example.com";
const WA_TOKEN = "wa-test-token";
const WA_PHONE_ID = "1234567890";
const SMS = { accountSid: "AC0123456789", authToken: "sms-auth-token", from: "+905300000000" };
const APP_SECRET = "whatsapp-app-secret";
const LANGUAGES: Language[] = ["en", "tr", "de", "ru"];
const actor = { id: null, label: "Ofis", kind: "office" as const };
const HOUR = 3_600_000;

describe.each(engines)("guest messages on %s", (engine) => {
  let db: TestDb;
  let wa: WhatsAppFake;
  let sms: SmsFake;
  let now = Date.now();
  const clock = () => now;
  let messenger: Messenger;
  let deps: BookingDeps;
  let carId: string;

  const makeMessenger = (options: { waToken?: string } = {}) =>
    createMessenger({
      providers: [
        createWhatsAppProvider({ token: options.waToken ?? WA_TOKEN, phoneNumberId: WA_PHONE_ID, apiUrl: `${wa.url}/v21.0`, timeoutMs: 500 }),
        createSmsProvider({ ...SMS, apiUrl: sms.url, timeoutMs: 500 }),
      ],
      log,
      clock,
    });
  const setNotifications = async (changes: Record<string, boolean>) => {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, notifications: { ...settings.notifications, ...changes } }, null);
  };
  const book = (locale: Language, overrides: Record<string, unknown> = {}) =>
    createTestBooking(deps, { carId, messagingConsent: true, pickupAt: nextPickup(), ...overrides }, { locale });
  let slot = 0;
  // a fresh day for each booking: one car, never busy
  const nextPickup = () => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + (10 + slot++) * 86_400_000 + 7 * HOUR).toISOString();
  // the guest's messages (the driver's job, issue 31, goes out too: driver-job.test.ts)
  const rows = (bookingId: string) => db.kysely.selectFrom("message_outbox").selectAll().where("booking_id", "=", bookingId).where("kind", "!=", "driverJob").orderBy("created_at").execute();
  const waFor = (reference: string) => wa.received.filter((m) => m.params.includes(reference) && m.name !== "driver_job");
  const tokenOf = (link: string) => /\/my-booking\/([\w-]+)\?lng=/.exec(link)![1]!;
  const whenText = (instant: string, lng: Language) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "medium", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant));

  beforeAll(async () => {
    db = await testDb(engine);
    wa = await startWhatsAppFake({ token: WA_TOKEN });
    sms = await startSmsFake(SMS);
    carId = (await createCar(db.kysely, buildCar({ name: "Vito Mesaj" }))).id;
  });
  afterAll(async () => {
    await wa.close();
    await sms.close();
    await db.destroy();
  });
  beforeEach(async () => {
    now = Date.now();
    messenger = makeMessenger();
    deps = await testBookingDeps({ db: db.kysely, mailer, log, messenger, env: { PUBLIC_URL, OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET } });
    wa.mode = "ok";
    sms.mode = "ok";
    await setNotifications({ whatsappNotifications: true, smsNotifications: false, confirmationMessage: true, changeMessage: true, cancellationMessage: true, reminderMessage: true, driverAssignedMessage: true });
  });
  afterEach(() => {
    wa.mode = "ok";
  });

  it.each(LANGUAGES)("sends each kind in %s with its template, language and parameters, the link opening the booking", async (lng) => {
    const booking = await book(lng);
    await messenger.deliverRound(db.kysely);
    const [confirmation] = waFor(booking.reference);
    expect(confirmation).toMatchObject({ name: "booking_confirmation", language: lng, to: "905321234567", phoneNumberId: WA_PHONE_ID });
    const [name, reference, when, route, link] = confirmation!.params;
    expect([name, reference, when]).toEqual([booking.full_name, booking.reference, whenText(booking.pickup_date, lng)]);
    expect(route).toContain("→");
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/my-booking/[\\w-]{40,}\\?lng=${lng}$`));
    expect((await findBookingByToken(db.kysely, tokenOf(link!)))?.id).toBe(booking.id);

    // the office moves the pickup by an hour: "booking_change", the same link
    const moved = new Date(Date.parse(booking.pickup_date) + HOUR);
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(moved);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const changed = await updateBooking(deps, booking.id, { pickup_date: `${part("year")}-${part("month")}-${part("day")}`, pickup_time: `${part("hour")}:${part("minute")}` }, { actor });
    expect(changed.ok).toBe(true);
    // the driver is assigned: "driver_assigned" with the driver's name and phone
    const driver = await createTestDriver(db.kysely, { name: `Şoför ${lng}`, phone: "+90 533 111 22 33" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SECRET })).toMatchObject({ ok: true });
    // the reminder scheduler's call
    const fresh = (await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow()) as BookingRow;
    expect(await queueGuestMessages(deps, fresh, "reminder")).toBe(1);
    expect(await queueGuestMessages(deps, fresh, "reminder")).toBe(0);
    // cancelled by the office
    expect(await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "cancelled", note: "Misafir iptal etti", actor }, deps)).toMatchObject({ ok: true });
    await messenger.deliverRound(db.kysely);

    const sent = waFor(booking.reference);
    // (the last four went out in one round, in parallel: in any order)
    expect(sent.map((m) => m.name).sort()).toEqual(["booking_cancellation", "booking_change", "booking_confirmation", "booking_reminder", "driver_assigned"]);
    expect(sent.every((m) => m.language === lng)).toBe(true);
    const byName = Object.fromEntries(sent.map((m) => [m.name, m.params]));
    const movedText = whenText(moved.toISOString(), lng);
    expect(byName.booking_change).toEqual([booking.reference, movedText, route, link]);
    expect(byName.booking_reminder).toEqual([booking.reference, movedText, route, link]);
    expect(byName.booking_cancellation).toEqual([booking.reference, movedText, route, link]);
    expect(byName.driver_assigned!.slice(0, 3)).toEqual([booking.reference, `Şoför ${lng}`, "+90 533 111 22 33"]);
    expect(byName.driver_assigned!.slice(4)).toEqual([movedText, link]);
    // every message carries a link that opens this booking
    for (const params of Object.values(byName)) expect((await findBookingByToken(db.kysely, tokenOf(params.at(-1)!)))?.id).toBe(booking.id);
    // the outbox says sent, with the provider's id
    const stored = await rows(booking.id);
    expect(stored.map((r) => [r.kind, r.status, r.locale]).sort()).toEqual(
      ["cancellation", "change", "confirmation", "driverAssigned", "reminder"].map((kind) => [kind, "sent", lng]),
    );
    expect(stored.every((r) => r.provider_message_id?.startsWith("wamid."))).toBe(true);
  });

  it.each(LANGUAGES)("sends the rendered text by SMS in %s when the office switches SMS on", async (lng) => {
    await setNotifications({ smsNotifications: true, whatsappNotifications: false });
    const booking = await book(lng);
    await messenger.deliverRound(db.kysely);
    expect(waFor(booking.reference)).toEqual([]);
    const texts = sms.received.filter((m) => m.body.includes(booking.reference));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: "+905321234567", from: SMS.from });
    const words = { en: "is booked", tr: "transferiniz alındı", de: "ist gebucht", ru: "забронирован" }[lng];
    expect(texts[0]!.body).toContain(words);
    expect(texts[0]!.body).toContain(whenText(booking.pickup_date, lng));
    const token = /\/my-booking\/([\w-]+)\?lng=/.exec(texts[0]!.body)![1]!;
    expect((await findBookingByToken(db.kysely, token))?.id).toBe(booking.id);
  });

  it("messages the guest's own time change and cancellation from the private link, and the day-before reminder with the link in its mail", async () => {
    const booking = await book("ru");
    await messenger.deliverRound(db.kysely);
    // the guest moves the pickup two hours later through their page (preview, then confirm)
    const later = toBusinessParts(new Date(Date.parse(booking.pickup_date) + 2 * HOUR).toISOString());
    const preview = await guestChangeTimes(deps, booking, { date: later.date, time: later.time }, null);
    if (!preview.ok || !("preview" in preview)) throw new Error("no preview");
    const moved = await guestChangeTimes(deps, booking, { date: later.date, time: later.time }, { expectedTotal: preview.preview.newTotal });
    expect(moved).toMatchObject({ ok: true, changed: true });
    await messenger.deliverRound(db.kysely);
    const change = waFor(booking.reference).find((m) => m.name === "booking_change");
    expect(change).toMatchObject({ language: "ru" });
    expect(change!.params[1]).toBe(whenText(new Date(Date.parse(booking.pickup_date) + 2 * HOUR).toISOString(), "ru"));

    // the reminder scheduler, a day before: the mail carries the private link, WhatsApp the same reminder, once
    const row = (await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow()) as BookingRow;
    const dayBefore = new Date(Date.parse(row.pickup_date) - 20 * HOUR);
    const reminderDeps = {
      db: db.kysely,
      mailer,
      translator: deps.translator,
      linkFor: async (b: BookingRow) => privateBookingUrl(PUBLIC_URL, await bookingLinkToken(db.kysely, SECRET, b), b.locale),
      alsoNotify: (b: BookingRow, leg: "outbound" | "return") => queueGuestMessages(deps, b, "reminder", { leg }),
    };
    // (booked today, ten days ahead: long before the reminder's 24-hour window opens)
    expect(reminderDue(row.pickup_date, row.created_at, dayBefore)).toBe(true);
    expect(await queueDueReminders(reminderDeps, dayBefore)).toEqual([{ bookingId: booking.id, leg: "outbound" }]);
    expect(await queueDueReminders(reminderDeps, dayBefore)).toEqual([]);
    const reminderMail = await db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", booking.id).where("kind", "=", "booking-reminder").executeTakeFirstOrThrow();
    const mailLink = new RegExp(`${PUBLIC_URL}/my-booking/([\\w-]+)\\?lng=ru`).exec(reminderMail.text_body)!;
    expect((await findBookingByToken(db.kysely, mailLink[1]!))?.id).toBe(booking.id);
    await messenger.deliverRound(db.kysely);
    expect(waFor(booking.reference).filter((m) => m.name === "booking_reminder")).toHaveLength(1);

    // the guest cancels from the page: the cancellation reaches WhatsApp as well
    const fresh = (await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow()) as BookingRow;
    expect(await guestCancel(deps, fresh, new Date(Date.parse(fresh.pickup_date) - 48 * HOUR))).toMatchObject({ ok: true });
    await messenger.deliverRound(db.kysely);
    expect(waFor(booking.reference).map((m) => m.name).sort()).toEqual(["booking_cancellation", "booking_change", "booking_confirmation", "booking_reminder"]);
  });

  it("sends nothing without consent, or for a kind switched off", async () => {
    const silent = await book("en", { messagingConsent: false });
    expect(silent.messaging_consent_at).toBeNull();
    await setNotifications({ confirmationMessage: false });
    const off = await book("tr");
    expect(off.messaging_consent_at).not.toBeNull();
    // the office's view (admin page, GET /api/bookings/{id}) says who agreed
    expect((await getAdminBooking(db.kysely, silent.id))?.messaging_consent_at).toBeNull();
    expect((await getAdminBooking(db.kysely, off.id))?.messaging_consent_at).toBe(off.messaging_consent_at);
    await messenger.deliverRound(db.kysely);
    expect(await rows(silent.id)).toEqual([]);
    expect(await rows(off.id)).toEqual([]);
    expect(waFor(silent.reference)).toEqual([]);
    expect(waFor(off.reference)).toEqual([]);
    // the other kinds still go
    expect(await changeBookingStatus(db.kysely, mailer, { id: off.id, to: "cancelled", note: "x", actor }, deps)).toMatchObject({ ok: true });
    await messenger.deliverRound(db.kysely);
    expect(waFor(off.reference).map((m) => m.name)).toEqual(["booking_cancellation"]);
    // and without any channel configured nothing is queued at all
    const bare = await book("de");
    const none = await testBookingDeps({ db: db.kysely, mailer, log, messenger: createMessenger({ providers: [], log }), env: deps.env });
    expect(await queueGuestMessages(none, bare, "reminder")).toBe(0);
  });

  it("retries after an outage (500, then a hanging server) and delivers once", async () => {
    wa.mode = "down";
    const booking = await book("ru");
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 1, sent: 0 });
    let [row] = await rows(booking.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toContain("HTTP 500");
    // not due yet: nothing is claimed
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 0, sent: 0 });
    wa.mode = "hang";
    now += 2 * 60_000;
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 1, sent: 0 });
    [row] = await rows(booking.id);
    expect(row).toMatchObject({ status: "pending", attempts: 2, last_error: "timed out" });
    wa.mode = "ok";
    now += 5 * 60_000;
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 1, sent: 1 });
    now += 60 * 60_000;
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 0, sent: 0 });
    expect(waFor(booking.reference)).toHaveLength(1);
    [row] = await rows(booking.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, last_error: null });
  });

  it("gives up at once when the service refuses the message (a wrong token)", async () => {
    const wrong = makeMessenger({ waToken: "not-the-token" });
    const booking = await book("de");
    expect(await wrong.deliverRound(db.kysely)).toEqual({ claimed: 1, sent: 0 });
    const [row] = await rows(booking.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("HTTP 401");
    now += 24 * HOUR;
    expect(await messenger.deliverRound(db.kysely)).toEqual({ claimed: 0, sent: 0 });
  });

  it("two workers deliver each message once", async () => {
    const bookings = [];
    for (let i = 0; i < 6; i++) bookings.push(await book(LANGUAGES[i % 4]!));
    const workers = [makeMessenger(), makeMessenger()].map((outbox) => startOutboxWorker({ db: db.kysely, outbox, log, name: "message", pollMs: 60_000 }));
    for (const worker of workers) worker.wake();
    await Promise.all(workers.map((w) => w.idle()));
    await Promise.all(workers.map((w) => w.stop()));
    // whatever the first messenger's round left
    await messenger.deliverRound(db.kysely);
    for (const booking of bookings) expect(waFor(booking.reference)).toHaveLength(1);
  });

  it("derives the link again under rotated secrets, and mints a second one when its secret is gone", async () => {
    const booking = await book("en");
    await messenger.deliverRound(db.kysely);
    const first = tokenOf(waFor(booking.reference)[0]!.params[4]!);
    expect(first).toBe(deriveLinkToken(SECRET, booking.id, booking.link_nonce!));
    // SESSION_SECRET "new,old": the old secret still derives the stored link
    expect(await bookingLinkToken(db.kysely, `${OLD_SECRET},${SECRET}`, booking)).toBe(first);
    // the secret dropped: a new link is minted, and both open the booking
    const minted = await bookingLinkToken(db.kysely, OLD_SECRET, booking);
    expect(minted).not.toBe(first);
    expect((await findBookingByToken(db.kysely, first))?.id).toBe(booking.id);
    expect((await findBookingByToken(db.kysely, minted))?.id).toBe(booking.id);
    const after = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(after.link_token_hash).toBe(hashToken(minted));
    // derived again from then on
    expect(await bookingLinkToken(db.kysely, OLD_SECRET, after)).toBe(minted);
    // a booking made without a secret (before this change): minted on first use
    const legacyDeps = await testBookingDeps({ db: db.kysely, mailer, log, env: { PUBLIC_URL, OFFICE_EMAIL: "office@example.com" } });
    const legacy = await createTestBooking(legacyDeps, { carId, pickupAt: nextPickup() });
    expect(legacy.link_nonce).toBeNull();
    const legacyToken = await bookingLinkToken(db.kysely, SECRET, legacy);
    expect((await findBookingByToken(db.kysely, legacyToken))?.id).toBe(legacy.id);
  });

  describe("webhooks", () => {
    async function call(handler: (args: never) => unknown, request: Request) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        db,
        env: { NODE_ENV: "test", SESSION_SECRET: SECRET, PUBLIC_URL, WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: "verify-me", SMS_AUTH_TOKEN: SMS.authToken, OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin", BOOKING_RATE_LIMIT: 1000 } as never,
        log,
        mailer,
        messenger,
        storage: localStorage("/tmp/vt-guest-messages-test"),
        requestId: "t",
        clientIp: "127.0.0.1",
      });
      let result: unknown;
      await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/api/webhooks" } as never, async () => {
        result = await handler({ request, context, params: {} } as never);
        return new Response();
      });
      if (result instanceof Response) return { status: result.status, text: await result.text(), body: undefined };
      const r = result as { init?: { status?: number }; data: { success: boolean; data?: { updated?: number }; error?: { code: string } } };
      if (!r || typeof r !== "object" || !("data" in r)) throw new Error(`unexpected answer: ${String(result)}`);
      return { status: r.init?.status ?? 200, text: "", body: r.data };
    }
    const statusOf = async (providerId: string) =>
      (await db.kysely.selectFrom("message_outbox").select(["status", "delivered_at"]).where("provider_message_id", "=", providerId).executeTakeFirstOrThrow());

    it("POST /api/bookings records messaging_consent and messages at once; a wrong type is a translated error with its code", async () => {
      const body = {
        trip_type: "oneWay",
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Belek",
        pickup_date: nextPickup(),
        passengers: 2,
        car_id: carId,
        full_name: "Api Gast",
        email: "api@example.com",
        phone: "+49 170 1234567",
        flight_number: "TK 2412",
      };
      const post = (json: unknown) => call(bookingsApi.action, new Request("http://localhost/api/bookings?lng=de", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) }));
      const bad = await post({ ...body, messaging_consent: "yes" });
      expect(bad.status).toBe(400);
      const error = bad.body!.error as unknown as { code: string; fieldCodes: Record<string, string[]>; fields: Record<string, string[]> };
      expect(error.code).toBe("validation_failed");
      expect(error.fieldCodes.messaging_consent).toEqual(["booking:consent.invalid"]);
      expect(error.fields.messaging_consent![0]).toContain("true");
      const made = await post({ ...body, messaging_consent: true });
      expect(made.status).toBe(201);
      const reference = (made.body!.data as unknown as { reference: string }).reference;
      const row = await db.kysely.selectFrom("bookings").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
      expect(row.messaging_consent_at).not.toBeNull();
      await messenger.deliverRound(db.kysely);
      expect(waFor(reference)).toMatchObject([{ name: "booking_confirmation", language: "de", to: "491701234567" }]);
      const withoutConsent = await post({ ...body, pickup_date: nextPickup(), email: "api2@example.com" });
      expect(withoutConsent.status).toBe(201);
      const second = (withoutConsent.body!.data as unknown as { reference: string }).reference;
      expect((await db.kysely.selectFrom("bookings").select("messaging_consent_at").where("reference", "=", second).executeTakeFirstOrThrow()).messaging_consent_at).toBeNull();
    });

    it("answers Meta's verification with the challenge, and refuses a wrong token", async () => {
      const ok = await call(whatsappHook.loader, new Request("http://localhost/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444"));
      expect(ok).toMatchObject({ status: 200, text: "1158201444" });
      const refused = await call(whatsappHook.loader, new Request("http://localhost/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1"));
      expect(refused.status).toBe(403);
      expect(refused.body?.error?.code).toBe("forbidden");
    });

    it("moves a WhatsApp message to delivered and read, never back, and refuses a bad signature", async () => {
      const booking = await book("tr");
      await messenger.deliverRound(db.kysely);
      const id = waFor(booking.reference)[0]!.id;
      const report = (status: string) =>
        JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "WABA", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses: [{ id, status, timestamp: "1700000000", recipient_id: "905321234567" }] } }] }] });
      const post = (body: string, signature: string | null) =>
        call(whatsappHook.action, new Request("http://localhost/api/webhooks/whatsapp", { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) }, body }));

      const forged = await post(report("read"), whatsappSignature(report("read"), "another-secret"));
      expect(forged.status).toBe(401);
      expect(forged.body?.error?.code).toBe("unauthorized");
      expect((await post(report("read"), null)).status).toBe(401);
      expect((await statusOf(id)).status).toBe("sent");

      expect(await post(report("delivered"), whatsappSignature(report("delivered"), APP_SECRET))).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
      expect(await statusOf(id)).toMatchObject({ status: "delivered", delivered_at: expect.any(String) });
      await post(report("read"), whatsappSignature(report("read"), APP_SECRET));
      // a late "delivered" does not turn "read" back
      expect(await post(report("delivered"), whatsappSignature(report("delivered"), APP_SECRET))).toMatchObject({ body: { data: { updated: 0 } } });
      expect((await statusOf(id)).status).toBe("read");
      const garbage = "not json";
      expect((await post(garbage, whatsappSignature(garbage, APP_SECRET))).status).toBe(400);
    });

    it("records an SMS status callback signed like Twilio, and refuses a bad signature", async () => {
      await setNotifications({ smsNotifications: true, whatsappNotifications: false });
      const booking = await book("en");
      await messenger.deliverRound(db.kysely);
      const sid = sms.received.find((m) => m.body.includes(booking.reference))!.sid;
      const params = { MessageSid: sid, MessageStatus: "delivered", AccountSid: SMS.accountSid, To: "+905321234567" };
      const post = (signature: string) =>
        call(smsHook.action, new Request("http://localhost/api/webhooks/sms", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(params).toString() }));
      expect((await post(twilioSignature(`${PUBLIC_URL}/api/webhooks/sms`, params, "wrong-token"))).status).toBe(401);
      expect((await statusOf(sid)).status).toBe("sent");
      expect(await post(twilioSignature(`${PUBLIC_URL}/api/webhooks/sms`, params, SMS.authToken))).toMatchObject({ status: 200, body: { data: { updated: 1 } } });
      expect((await statusOf(sid)).status).toBe("delivered");
    });
  });
});
