/**
 * Every guest message carries the private link and, where the trip is set, moved or cancelled,
 * the calendar file as it now stands (DESIGN.md §8): the same UID per booking and leg as the
 * confirmation's, a higher SEQUENCE on every change, METHOD:CANCEL on a cancellation (in the
 * attachment's content type too, RFC 5546 / 6047), all in the guest's language. Data through the
 * production write paths (createBooking, updateBooking, changeBookingStatus, the guest's own
 * change and cancellation, assignAndNotify, the reminder scheduler).
 *
 * And the events behind them (DESIGN.md §8 "Events in the transaction"): a booking's event is
 * written with it, the notify worker turns it into mails off the request, and a worker that dies
 * after claiming an event, or after writing its mails but before marking it done, loses no mail and
 * sends none twice once another worker takes the event after its lease (counted in the outbox and
 * at the fake SMTP server); two workers at once handle each event once.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, type LifecycleActor } from "~/booking/index.server";
import { createBooking, updateBooking, type BookingDeps, type BookingRequest } from "~/booking/index.server";
import { parseCalendarLines } from "~/notify/calendar";
import { BUSINESS_TIME_ZONE, toBusinessDateTime, toBusinessParts } from "~/booking/rules/datetime";
import { guestCancel, guestChangeTimes } from "~/booking/index.server";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { queueDueReminders } from "~/notify/reminders.server";
import { createCar } from "~/fleet/cars.server";
import { LOCALE_TAGS } from "~/i18n/config";
import { guestLink } from "~/notify/guest-mail.server";
import { handleBookingEvent } from "~/notify/handlers.server";
import { EVENT_LEASE_MS, startNotifyWorker, type NotifyWorker } from "~/notify/worker.server";
import { createMailer, readAttachments } from "~/server/mail.server";
import { kurus, formatMoney } from "~/utils/money";
import { buildCar, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SESSION_SECRET = "notify-test-session-secret-0123456789abcdef";
const PUBLIC_URL = "https://vip.example.com";
const actor: LifecycleActor = { kind: "office", id: null, label: "Ofis Ayşe" };
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** An Istanbul wall-clock time `days` from today, as an instant with its offset. */
const istanbulAt = (days: number, time: string) =>
  toBusinessDateTime(toBusinessParts(new Date(Date.now() + days * DAY)).date, time);

type CalendarEvents = Array<Record<string, string>>;

/** The file's METHOD and its events' properties (unfolded). */
function readCalendar(ics: string): { method: string | undefined; events: CalendarEvents } {
  const lines = parseCalendarLines(ics);
  const events: CalendarEvents = [];
  let current: Record<string, string> | null = null;
  let method: string | undefined;
  for (const line of lines) {
    if (line.name === "METHOD" && !current) method = line.value;
    if (line.name === "BEGIN" && line.value === "VEVENT") current = {};
    else if (line.name === "END" && line.value === "VEVENT") {
      events.push(current!);
      current = null;
    } else if (current) current[line.name] = line.value;
  }
  return { method, events };
}

describe.each(engines)("guest messages: link and calendar file on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let day = 20;
  const mailer = createMailer({ from: "office@example.com", log });

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({
      db: db.kysely,
      mailer,
      log,
      env: { PUBLIC_URL, OFFICE_EMAIL: "office@example.com", SESSION_SECRET },
    });
  });
  afterAll(async () => {
    mailer.close();
    await db.destroy();
  });

  /** A booking on a car of its own, a few days apart from the others; its private link as the guest got it. */
  async function book(overrides: Partial<BookingRequest> = {}, locale = "en") {
    const carId = (await createCar(db.kysely, buildCar({ name: `Notify Vito ${day}` }))).id;
    const result = await createBooking(
      deps,
      {
        tripType: "oneWay",
        pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        dropoff: { text: "Belek" },
        pickupAt: istanbulAt((day += 3), "14:30"),
        passengers: 2,
        luggage: null,
        carId,
        fullName: "Anna Smith",
        email: "anna@example.com",
        phone: "+44 7700 900123",
        notes: "",
        flightNumber: "XQ 9001",
        ...overrides,
      },
      { locale },
    );
    if (!result.ok || !result.token) throw new Error(`booking refused: ${JSON.stringify(result)}`);
    return { booking: result.booking, link: `${PUBLIC_URL}/my-booking/${result.token}?lng=${locale}` };
  }

  const mailOf = async (bookingId: string, kind: string) => {
    const rows = await db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", bookingId)
      .where("kind", "=", kind)
      .orderBy("created_at")
      .execute();
    expect(rows.length, `a ${kind} mail`).toBeGreaterThan(0);
    return rows[rows.length - 1]!;
  };
  const calendarOf = (mail: { attachments: string | null }) => {
    const [file] = readAttachments(mail.attachments);
    expect(file, "a calendar file").toBeDefined();
    return { ...readCalendar(file!.content), contentType: file!.contentType };
  };

  it("every guest mail kind carries the private link, in text and html", async () => {
    const { booking, link } = await book();
    const checks: Array<[string, string]> = [["received", "booking-confirmation"]];
    expect(
      (await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor }, { env: deps.env, log }))
        .ok,
    ).toBe(true);
    checks.push(["confirmed", "booking-status"]);
    const date = toBusinessParts(booking.pickup_date).date;
    expect((await updateBooking(deps, booking.id, { pickup_date: date, pickup_time: "15:10" }, { actor })).ok).toBe(
      true,
    );
    checks.push(["changed by the office", "booking-change"]);
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz" });
    expect(
      await assignAndNotify(
        deps,
        booking.id,
        { leg: "outbound", driverId: driver.id },
        { actor, secret: SESSION_SECRET },
      ),
    ).toMatchObject({ ok: true, mailed: true });
    checks.push(["driver assigned", "driver-assigned"]);
    const row = await db.kysely
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    // The reminder as the server schedules it (its link made by the same function as every other mail's).
    await queueDueReminders(
      { db: db.kysely, mailer, translator: deps.translator, log, linkFor: (b) => guestLink(deps, b) },
      new Date(Date.parse(row.pickup_date) - 20 * HOUR),
    );
    checks.push(["reminder", "booking-reminder"]);
    expect(
      (await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "completed", actor, now: new Date(Date.parse(row.pickup_date) + 3 * HOUR) }, { env: deps.env, log }))
        .ok,
    ).toBe(true);
    checks.push(["completed", "booking-status"]);
    for (const [what, kind] of checks) {
      const mail = await mailOf(booking.id, kind);
      expect(mail.text_body, what).toContain(link);
      expect(mail.html_body, what).toContain(link);
    }

    const { booking: other, link: otherLink } = await book({}, "de");
    const now = new Date(Date.parse(other.pickup_date) - 3 * DAY);
    const moved = await guestChangeTimes(
      deps,
      other,
      { date: toBusinessParts(other.pickup_date).date, time: "16:00" },
      null,
      now,
    );
    if (!moved.ok || !("preview" in moved)) throw new Error("no preview");
    expect(
      await guestChangeTimes(
        deps,
        other,
        { date: toBusinessParts(other.pickup_date).date, time: "16:00" },
        { expectedTotal: moved.preview.newTotal },
        now,
      ),
    ).toEqual({ ok: true, changed: true });
    expect((await mailOf(other.id, "guest-change")).text_body).toContain(otherLink);
    const fresh = await db.kysely
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(await guestCancel(deps, fresh, now)).toEqual({ ok: true, changed: true });
    expect((await mailOf(other.id, "guest-cancellation")).text_body).toContain(otherLink);

    const { booking: third, link: thirdLink } = await book({}, "ru");
    expect(
      (
        await changeBookingStatus(
          db.kysely,
          mailer,
          { id: third.id, to: "cancelled", note: "Рейс отменён", actor },
          { env: deps.env, log },
        )
      ).ok,
    ).toBe(true);
    expect((await mailOf(third.id, "booking-status")).text_body).toContain(thirdLink);
  });

  it("the office's change and cancellation carry the file with the confirmation's UID, a higher SEQUENCE, then METHOD:CANCEL", async () => {
    const { booking } = await book({
      tripType: "roundTrip",
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
      returnAt: istanbulAt(day + 5, "09:15"),
    });
    const received = calendarOf(await mailOf(booking.id, "booking-confirmation"));
    expect(received.method).toBe("PUBLISH");
    expect(received.events.map((e) => e.UID)).toEqual([
      `${booking.id}-outbound@vip-transfer`,
      `${booking.id}-return@vip-transfer`,
    ]);
    const first = Number(received.events[0]!.SEQUENCE);

    expect(
      (await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor }, { env: deps.env, log }))
        .ok,
    ).toBe(true);
    const confirmed = calendarOf(await mailOf(booking.id, "booking-status"));
    expect(confirmed.events.map((e) => e.STATUS)).toEqual(["CONFIRMED", "CONFIRMED"]);
    expect(Number(confirmed.events[0]!.SEQUENCE)).toBeGreaterThan(first);

    const date = toBusinessParts(booking.pickup_date).date;
    expect((await updateBooking(deps, booking.id, { pickup_date: date, pickup_time: "11:45" }, { actor })).ok).toBe(
      true,
    );
    const changed = calendarOf(await mailOf(booking.id, "booking-change"));
    expect(changed.method).toBe("PUBLISH");
    expect(changed.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(changed.events.map((e) => e.UID)).toEqual(received.events.map((e) => e.UID));
    expect(changed.events[0]!.DTSTART).toBe(`${date.replace(/-/g, "")}T114500`);
    expect(Number(changed.events[0]!.SEQUENCE)).toBeGreaterThan(Number(confirmed.events[0]!.SEQUENCE));

    expect(
      (
        await changeBookingStatus(
          db.kysely,
          mailer,
          { id: booking.id, to: "cancelled", note: "Flight cancelled", actor },
          { env: deps.env, log },
        )
      ).ok,
    ).toBe(true);
    const cancelled = calendarOf(await mailOf(booking.id, "booking-status"));
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(cancelled.events.map((e) => e.UID)).toEqual(received.events.map((e) => e.UID));
    expect(cancelled.events.map((e) => e.STATUS)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(Number(cancelled.events[0]!.SEQUENCE)).toBeGreaterThan(Number(changed.events[0]!.SEQUENCE));
  });

  it("the guest's own change and cancellation carry the file too", async () => {
    const { booking } = await book({}, "tr");
    const uid = calendarOf(await mailOf(booking.id, "booking-confirmation")).events[0]!.UID;
    const now = new Date(Date.parse(booking.pickup_date) - 3 * DAY);
    const times = { date: toBusinessParts(booking.pickup_date).date, time: "17:20" };
    const preview = await guestChangeTimes(deps, booking, times, null, now);
    if (!preview.ok || !("preview" in preview)) throw new Error("no preview");
    expect((await guestChangeTimes(deps, booking, times, { expectedTotal: preview.preview.newTotal }, now)).ok).toBe(
      true,
    );
    const changed = calendarOf(await mailOf(booking.id, "guest-change"));
    expect(changed.events[0]).toMatchObject({
      UID: uid,
      DTSTART: `${times.date.replace(/-/g, "")}T172000`,
      SEQUENCE: "1",
    });
    const row = await db.kysely
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect((await guestCancel(deps, row, now)).ok).toBe(true);
    const cancelled = calendarOf(await mailOf(booking.id, "guest-cancellation"));
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.events[0]).toMatchObject({ UID: uid, STATUS: "CANCELLED", SEQUENCE: "2" });
  });

  it("an English guest reads English places, dates and amounts in every mail", async () => {
    const { booking } = await book({}, "en");
    const when = new Intl.DateTimeFormat(LOCALE_TAGS.en, {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: BUSINESS_TIME_ZONE,
    }).format(new Date(booking.pickup_date));
    const received = await mailOf(booking.id, "booking-confirmation");
    expect(received.text_body).toContain("Antalya Airport (AYT) → Belek, Antalya");
    expect(received.text_body).toContain(when);
    expect(received.text_body).toContain(formatMoney(kurus(booking.total_price), "en"));

    expect(
      (await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor }, { env: deps.env, log }))
        .ok,
    ).toBe(true);
    const confirmed = await mailOf(booking.id, "booking-status");
    expect(confirmed.subject).toBe(`Your booking ${booking.reference}: Confirmed`);
    expect(confirmed.text_body).toContain("Route: Antalya Airport (AYT) → Belek, Antalya");
    expect(confirmed.text_body).toContain(`Date and time: ${when}`);
    expect(confirmed.text_body).not.toContain("Havalimanı");
  });
});

describe.each(engines)("the notify worker on %s", (engine) => {
  let db: TestDb;
  let smtp: FakeSmtp;
  let deps: BookingDeps;
  let carId: string;
  let day = 40;
  /** the requests' mailer (it only queues) and the one that delivers to the fake SMTP server */
  const mailer = createMailer({ from: "office@example.com", log });
  let smtpMailer: ReturnType<typeof createMailer>;
  /** a clock past a dead worker's lease */
  const after = () => new Date(Date.now() + EVENT_LEASE_MS + 60_000).getTime();

  beforeAll(async () => {
    db = await testDb(engine);
    smtp = await fakeSmtp();
    smtpMailer = createMailer({ smtpUrl: smtp.url, from: "VIP Transfer <office@example.com>", log });
    deps = await testBookingDeps({ db: db.kysely, mailer, log, env: { PUBLIC_URL, OFFICE_EMAIL: "office@example.com", SESSION_SECRET } });
    carId = (await createCar(db.kysely, buildCar({ name: "Worker Vito" }))).id;
  });
  afterAll(async () => {
    mailer.close();
    smtpMailer.close();
    await smtp.close();
    await db.destroy();
  });

  async function book() {
    const result = await createBooking(
      deps,
      {
        tripType: "oneWay",
        pickup: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
        dropoff: { text: "Kemer" },
        pickupAt: istanbulAt((day += 1), "10:00"),
        passengers: 2,
        luggage: null,
        carId,
        fullName: "John Crash",
        email: "john@example.com",
        phone: "+44 7700 900456",
        notes: "",
        flightNumber: "XQ 9002",
      },
      { locale: "en" },
    );
    if (!result.ok || !result.token) throw new Error(`booking refused: ${JSON.stringify(result)}`);
    return { booking: result.booking, token: result.token };
  }
  const mailsOf = (bookingId: string) => db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", bookingId).orderBy("kind").execute();
  const eventsOf = (bookingId: string) => db.kysely.selectFrom("booking_outbox").selectAll().where("booking_id", "=", bookingId).execute();
  const deliveredFor = (reference: string) => smtp.received.filter((m) => m.body.includes(reference)).length;
  /** A worker that dies while handling its first event: `dying` runs, then nothing ever returns. */
  function dyingWorker(dying: (...args: Parameters<typeof handleBookingEvent>) => Promise<void>): { worker: NotifyWorker; died: Promise<void> } {
    let died!: () => void;
    const done = new Promise<void>((resolve) => (died = resolve));
    const worker = startNotifyWorker(deps, {
      handle: async (...args) => {
        await dying(...args);
        died();
        return new Promise(() => {});
      },
    });
    return { worker, died: done };
  }

  it("the request writes the event, not the mails; a worker that died after claiming it loses nothing", async () => {
    const dead = dyingWorker(async () => {});
    const { booking, token } = await book();
    await dead.died;
    // Committed with its event; no mail was written by the request, and the dead worker holds the claim.
    expect(await mailsOf(booking.id)).toHaveLength(0);
    const [event] = await eventsOf(booking.id);
    expect(event).toMatchObject({ kind: "created", status: "pending", attempts: 1 });
    expect(event!.claimed_by).not.toBeNull();

    // Another worker leaves a claim alone while its lease runs…
    const early = startNotifyWorker(deps);
    await early.drain();
    await early.stop();
    expect(await mailsOf(booking.id)).toHaveLength(0);
    // …and takes the event once it has run out.
    const next = startNotifyWorker(deps, { clock: after });
    await next.drain();
    await next.stop();
    const mails = await mailsOf(booking.id);
    expect(mails.map((m) => m.kind)).toEqual(["booking-confirmation", "office-new-booking"]);
    // Built by the worker, off the request: the private link derived again, the calendar file attached.
    expect(mails[0]!.text_body).toContain(`${PUBLIC_URL}/my-booking/${token}?lng=en`);
    expect(readAttachments(mails[0]!.attachments)).toHaveLength(1);
    expect(await eventsOf(booking.id)).toMatchObject([{ status: "done", attempts: 2 }]);
    const notice = await db.kysely.selectFrom("notifications").select("kind").where("related_id", "=", booking.id).execute();
    expect(notice).toEqual([{ kind: "booking" }]);

    expect(await smtpMailer.deliverDue(db.kysely)).toBe(2);
    expect(await smtpMailer.deliverDue(db.kysely)).toBe(0);
    expect(deliveredFor(booking.reference)).toBe(2);
  });

  it("a worker that died after writing the mails, before marking the event done: taken again, nothing sent twice", async () => {
    const dead = dyingWorker(async (...args) => {
      await handleBookingEvent(...args);
    });
    const { booking } = await book();
    await dead.died;
    expect(await mailsOf(booking.id)).toHaveLength(2);
    expect(await eventsOf(booking.id)).toMatchObject([{ status: "pending" }]);
    expect(await smtpMailer.deliverDue(db.kysely)).toBe(2);

    const next = startNotifyWorker(deps, { clock: after });
    await next.drain();
    await next.stop();
    expect(await eventsOf(booking.id)).toMatchObject([{ status: "done" }]);
    expect(await mailsOf(booking.id)).toHaveLength(2);
    expect(await smtpMailer.deliverDue(db.kysely)).toBe(0);
    expect(deliveredFor(booking.reference)).toBe(2);
  });

  it("two workers at once handle each event once", async () => {
    const first = startNotifyWorker(deps);
    const second = startNotifyWorker(deps);
    const booked = [await book(), await book(), await book()];
    await Promise.all([first.drain(), second.drain()]);
    await Promise.all([first.stop(), second.stop()]);
    for (const { booking } of booked) {
      expect((await mailsOf(booking.id)).map((m) => m.kind)).toEqual(["booking-confirmation", "office-new-booking"]);
      expect(await eventsOf(booking.id)).toMatchObject([{ status: "done", attempts: 1 }]);
    }
    expect(await smtpMailer.deliverDue(db.kysely)).toBe(6);
    for (const { booking } of booked) expect(deliveredFor(booking.reference)).toBe(2);
  });
});
