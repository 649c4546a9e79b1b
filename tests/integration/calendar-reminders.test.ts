/**
 * Issue 16, parts 2 and 3: the booking's calendar file (attached to the confirmation and the
 * change mail, delivered by nodemailer as text/calendar, downloadable from the private link) and
 * the day-before reminder (queued once per leg and pickup time, also when two instances run at
 * once; not for cancelled bookings, too early, or a booking made inside the window). Data is made
 * through the production write paths (createBooking, updateBooking, changeBookingStatus, assignLeg).
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus } from "~/booking/index.server";
import { assignLeg } from "~/booking/index.server";
import { createBooking, updateBooking, type BookingDeps, type BookingRequest } from "~/booking/index.server";
import { parseCalendarLines, unescapeText } from "~/notify/calendar";
import { bookingCalendarFile } from "~/notify/calendar.server";
import { toBusinessDateTime, toBusinessParts } from "~/booking/rules/datetime";
import { queueDueReminders, type ReminderDeps } from "~/notify/reminders.server";
import { createCar } from "~/fleet/cars.server";
import { appContext } from "~/server/context";
import type { BookingRow } from "~/server/db/schema";
import { createMailer, outboxIdFor, readAttachments } from "~/server/mail.server";
import { localStorage } from "~/server/storage.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SESSION_SECRET = "calendar-test-session-secret-0123456789abc";
const actor = { id: null, label: "Ofis Ayşe", kind: "office" as const };
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** An Istanbul wall-clock time `days` from today, as an instant with its offset. */
const istanbulAt = (days: number, time: string) => toBusinessDateTime(toBusinessParts(new Date(Date.now() + days * DAY)).date, time);

describe.each(engines)("calendar file and reminders on %s", (engine) => {
  let db: TestDb;
  let carId: string;
  let deps: BookingDeps;
  let reminderDeps: ReminderDeps;
  let smtp: FakeSmtp;
  const mailer = createMailer({ from: "office@example.com", log });
  const handler = appRequestHandler();

  beforeAll(async () => {
    db = await testDb(engine);
    smtp = await fakeSmtp();
    carId = (await createCar(db.kysely, buildCar({ name: "Calendar Vito" }))).id;
    deps = await testBookingDeps({ db: db.kysely, mailer });
    reminderDeps = { db: db.kysely, mailer, translator: deps.translator, log };
  });
  afterAll(async () => {
    await smtp.close();
    await db.destroy();
  });

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, {
      db,
      env: { NODE_ENV: "test", PUBLIC_URL: "http://localhost", SESSION_SECRET } as never,
      log,
      mailer,
      storage: localStorage("/tmp/vt-calendar-test"),
      requestId: "calendar",
      clientIp: "127.0.0.1",
    });
    return c;
  }

  async function book(overrides: Partial<BookingRequest>, locale = "en") {
    const result = await createBooking(
      deps,
      {
        tripType: "oneWay",
        pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        dropoff: { text: "Belek" },
        pickupAt: istanbulAt(60, "14:30"),
        passengers: 2,
        luggage: null,
        carId,
        fullName: "Anna Schmidt",
        email: "anna@example.com",
        phone: "+49 151 2345 6789",
        notes: "",
        flightNumber: "XQ 9001",
        ...overrides,
      },
      { locale },
    );
    if (!result.ok || !result.token) throw new Error(`booking refused: ${JSON.stringify(result)}`);
    return { booking: result.booking, token: result.token };
  }

  const mailOf = (bookingId: string, kind: string) =>
    db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", bookingId).where("kind", "=", kind).orderBy("created_at").execute();

  const eventsOf = (ics: string) => {
    const lines = parseCalendarLines(ics);
    const events: Array<Record<string, { params: Record<string, string>; value: string }>> = [];
    let current: (typeof events)[number] | null = null;
    for (const line of lines) {
      if (line.name === "BEGIN" && line.value === "VEVENT") current = {};
      else if (line.name === "END" && line.value === "VEVENT") {
        events.push(current!);
        current = null;
      } else if (current) current[line.name] = { params: line.params, value: line.value };
    }
    return events;
  };

  describe("the calendar file", () => {
    it("is attached to the confirmation mail, and its events are in Istanbul time", async () => {
      const { booking } = await book({
        tripType: "roundTrip",
        pickupAt: istanbulAt(61, "14:30"),
        returnPickup: { text: "Belek" },
        returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        returnAt: istanbulAt(64, "09:15"),
        addresses: { returnPickupAddress: "Kempinski Hotel; The Dome" },
      });
      const [mail] = await mailOf(booking.id, "booking-confirmation");
      const attachments = readAttachments(mail!.attachments);
      expect(attachments).toHaveLength(1);
      expect(attachments[0]).toMatchObject({ filename: `${booking.reference}.ics`, contentType: "text/calendar; charset=utf-8; method=PUBLISH" });
      const ics = attachments[0]!.content;
      expect(ics).toContain("METHOD:PUBLISH\r\n");
      for (const physical of ics.split("\r\n")) expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
      const events = eventsOf(ics);
      expect(events).toHaveLength(2);
      const [outbound, back] = events;
      expect(outbound!.DTSTART).toEqual({ params: { TZID: "Europe/Istanbul" }, value: `${istanbulAt(61, "14:30").slice(0, 10).replace(/-/g, "")}T143000` });
      expect(back!.DTSTART).toEqual({ params: { TZID: "Europe/Istanbul" }, value: `${istanbulAt(64, "09:15").slice(0, 10).replace(/-/g, "")}T091500` });
      expect(outbound!.DTEND!.params.TZID).toBe("Europe/Istanbul");
      expect(outbound!.DTEND!.value > outbound!.DTSTART!.value).toBe(true);
      expect(unescapeText(outbound!.SUMMARY!.value)).toBe(`Transfer ${booking.reference}: Antalya Airport (AYT) → Belek, Antalya`);
      expect(unescapeText(back!.SUMMARY!.value)).toContain(`Return transfer ${booking.reference}: Belek, Antalya → Antalya Airport (AYT)`);
      expect(unescapeText(back!.LOCATION!.value)).toBe("Kempinski Hotel; The Dome, Belek, Antalya");
      expect(outbound!.UID!.value).toBe(`${booking.id}-outbound@vip-transfer`);
      expect(outbound!.STATUS!.value).toBe("TENTATIVE");
      const description = unescapeText(outbound!.DESCRIPTION!.value);
      const phone = (await getSettings(db.kysely)).general.contactPhone;
      expect(description).toContain(`Reference: ${booking.reference}`);
      expect(description).toContain("Flight: XQ 9001");
      expect(description).toContain("Where to meet: Arrivals hall of Antalya Airport (AYT)");
      expect(description).toContain(`Our office: ${phone}`);
    });

    it("goes out through SMTP as a text/calendar attachment", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(66, "10:00") });
      const smtpMailer = createMailer({ smtpUrl: smtp.url, from: "VIP Transfer <office@example.com>", log });
      const [row] = await mailOf(booking.id, "booking-confirmation");
      const claimed = (await smtpMailer.claim(db.kysely, 100)).find((r) => r.id === row!.id);
      expect(claimed).toBeDefined();
      expect(await smtpMailer.deliverClaimed(db.kysely, claimed!)).toBe(true);
      smtpMailer.close();
      const received = smtp.received.find((m) => m.messageId?.startsWith(`<${row!.id}@`));
      expect(received?.body).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
      expect(received?.body).toContain(`filename=${booking.reference}.ics`);
    });

    it("is attached again, updated, to the change mail when the pickup time moved", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(68, "10:00") });
      const date = istanbulAt(68, "10:00").slice(0, 10);
      const result = await updateBooking(deps, booking.id, { pickup_date: date, pickup_time: "11:45" } as never, { actor });
      expect(result.ok).toBe(true);
      const [change] = await mailOf(booking.id, "booking-change");
      const [file] = readAttachments(change!.attachments);
      expect(eventsOf(file!.content)[0]!.DTSTART!.value).toBe(`${date.replace(/-/g, "")}T114500`);
      await updateBooking(deps, booking.id, { notes: "Two child seats" } as never, { actor });
      const changes = await mailOf(booking.id, "booking-change");
      // A change that moves nothing in time sends no new file.
      expect(changes.filter((m) => m.attachments === null).length).toBe(changes.length - 1);
    });

    it("downloads from the private link, and a bad or unknown token answers 404", async () => {
      const { booking, token } = await book({ pickupAt: istanbulAt(70, "08:00") }, "de");
      const ok = await handler(new Request(`http://localhost/my-booking/${token}/calendar.ics`), context());
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(ok.headers.get("content-disposition")).toBe(`attachment; filename="${booking.reference}.ics"`);
      expect(ok.headers.get("cache-control")).toBe("no-store");
      const ics = await ok.text();
      expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      // In the booking's language (German), whatever the browser asks for.
      expect(unescapeText(eventsOf(ics)[0]!.SUMMARY!.value)).toBe(`Transfer ${booking.reference}: Flughafen Antalya (AYT) → Belek, Antalya`);

      for (const bad of ["nope", `${token.slice(0, -2)}xx`, "%E0%A4%A"]) {
        const missing = await handler(new Request(`http://localhost/my-booking/${bad}/calendar.ics?lng=tr`), context());
        expect(missing.status).toBe(404);
        expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(await missing.text()).toContain("Bu bağlantı bir rezervasyon açmıyor");
      }
    });

    it("puts the link on the private page", async () => {
      const { token } = await book({ pickupAt: istanbulAt(72, "08:00") });
      const page = await handler(new Request(`http://localhost/my-booking/${token}?lng=ru`), context());
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`href="/my-booking/${token}/calendar.ics"`);
      expect(html).toContain("Добавить в календарь");
    });
  });

  describe("reminders", () => {
    const remindersFor = async (bookingId: string) => mailOf(bookingId, "booking-reminder");
    const at = (instant: string, hoursBefore: number) => new Date(Date.parse(instant) - hoursBefore * HOUR);

    it("are queued once when due, not again on a second run", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(80, "14:30") });
      const now = at(booking.pickup_date, 20);
      const first = await queueDueReminders(reminderDeps, now);
      expect(first).toContainEqual({ bookingId: booking.id, leg: "outbound" });
      const second = await queueDueReminders(reminderDeps, new Date(now.getTime() + 5 * 60_000));
      expect(second.filter((r) => r.bookingId === booking.id)).toEqual([]);
      const mails = await remindersFor(booking.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.id).toBe(outboxIdFor(`reminder:${booking.id}:outbound:${booking.pickup_date}`));
      expect(mails[0]!.to_address).toBe("anna@example.com");
      const text = mails[0]!.text_body;
      expect(text).toContain("Where to meet: Arrivals hall of Antalya Airport (AYT)");
      expect(text).toContain("Free waiting: ");
      expect(text).toContain("Antalya Airport (AYT) → Belek, Antalya");
      expect(text).toContain("14:30");
      expect(text).toContain(`Our office: ${(await getSettings(db.kysely)).general.contactPhone}`);
      expect(text).toContain("Your driver is not assigned yet");
      expect(text).not.toContain("Open your booking");
    });

    it("two instances running at once store one reminder", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(84, "14:30") });
      const now = at(booking.pickup_date, 12);
      const other = { ...reminderDeps, mailer: createMailer({ from: "office@example.com", log }) };
      const [a, b] = await Promise.all([queueDueReminders(reminderDeps, now), queueDueReminders(other, now)]);
      expect([...a, ...b].filter((r) => r.bookingId === booking.id)).toHaveLength(1);
      expect(await remindersFor(booking.id)).toHaveLength(1);
    });

    it("not too early, not too late, not for a cancelled booking", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(88, "14:30") });
      expect((await queueDueReminders(reminderDeps, at(booking.pickup_date, 30))).filter((r) => r.bookingId === booking.id)).toEqual([]);
      expect((await queueDueReminders(reminderDeps, at(booking.pickup_date, 1))).filter((r) => r.bookingId === booking.id)).toEqual([]);
      expect(await remindersFor(booking.id)).toHaveLength(0);

      const { booking: cancelled } = await book({ pickupAt: istanbulAt(92, "14:30") });
      expect((await changeBookingStatus(db.kysely, mailer, { id: cancelled.id, to: "cancelled", actor, note: "Guest cancelled" })).ok).toBe(true);
      await queueDueReminders(reminderDeps, at(cancelled.pickup_date, 20));
      expect(await remindersFor(cancelled.id)).toHaveLength(0);
      // Its calendar file now says so.
      const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", cancelled.id).executeTakeFirstOrThrow();
      expect(eventsOf((await bookingCalendarFile(deps, row)).content)[0]!.STATUS!.value).toBe("CANCELLED");
    });

    it("none for a booking made inside the window (the evening before)", async () => {
      const pickupAt = new Date(Date.now() + 10 * HOUR);
      pickupAt.setUTCSeconds(0, 0);
      const { booking } = await book({ pickupAt: pickupAt.toISOString() });
      expect((await queueDueReminders(reminderDeps, new Date())).filter((r) => r.bookingId === booking.id)).toEqual([]);
      expect(await remindersFor(booking.id)).toHaveLength(0);
    });

    it("each leg of a round trip once; a moved pickup gets its own", async () => {
      const { booking } = await book({
        tripType: "roundTrip",
        pickupAt: istanbulAt(96, "14:30"),
        returnPickup: { text: "Belek" },
        returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        returnAt: istanbulAt(100, "09:00"),
      });
      expect(await queueDueReminders(reminderDeps, at(booking.pickup_date, 20))).toContainEqual({ bookingId: booking.id, leg: "outbound" });
      expect(await queueDueReminders(reminderDeps, at(booking.return_date!, 20))).toContainEqual({ bookingId: booking.id, leg: "return" });
      const date = istanbulAt(100, "09:00").slice(0, 10);
      expect((await updateBooking(deps, booking.id, { return_date: date, return_time: "11:00" } as never, { actor })).ok).toBe(true);
      const moved = (await db.kysely.selectFrom("bookings").select("return_date").where("id", "=", booking.id).executeTakeFirstOrThrow()).return_date!;
      expect(await queueDueReminders(reminderDeps, at(moved, 20))).toContainEqual({ bookingId: booking.id, leg: "return" });
      const mails = await remindersFor(booking.id);
      expect(mails).toHaveLength(3);
      expect(mails.filter((m) => m.text_body.includes("Trip: Return"))).toHaveLength(2);
    });

    it("in Russian for a Russian booking, naming the driver and car when assigned, with the link when known", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(104, "14:30") }, "ru");
      const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz", phone: "0532 111 22 33" });
      expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
      const linked = { ...reminderDeps, linkFor: (b: BookingRow) => `http://localhost/my-booking/secret-for-${b.reference}?lng=ru` };
      await queueDueReminders(linked, at(booking.pickup_date, 20));
      const [mail] = await remindersFor(booking.id);
      expect(mail!.locale).toBe("ru");
      expect(mail!.subject).toContain(`Напоминание: ваш трансфер ${booking.reference}`);
      expect(mail!.text_body).toContain("Аэропорт Анталья (AYT) → Белек, Анталья");
      expect(mail!.text_body).toContain("Водитель: Mehmet Yılmaz");
      expect(mail!.text_body).toContain(`Телефон водителя: ${driver.phone}`);
      expect(mail!.text_body).toMatch(/Автомобиль: .+/);
      expect(mail!.text_body).toContain(`Открыть бронирование: http://localhost/my-booking/secret-for-${booking.reference}?lng=ru`);
      expect(mail!.text_body).not.toContain("Водитель ещё не назначен");
    });

    it("none while e-mail notifications are off", async () => {
      const { booking } = await book({ pickupAt: istanbulAt(108, "14:30") });
      const settings = await getSettings(db.kysely);
      await saveSettings(db.kysely, { ...settings, notifications: { ...settings.notifications, emailNotifications: false } }, null);
      try {
        expect(await queueDueReminders(reminderDeps, at(booking.pickup_date, 20))).toEqual([]);
        expect(await remindersFor(booking.id)).toHaveLength(0);
      } finally {
        await saveSettings(db.kysely, settings, null);
      }
    });
  });
});
