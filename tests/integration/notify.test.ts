/**
 * Every guest message carries the private link and, where the trip is set, moved or cancelled,
 * the calendar file as it now stands (DESIGN.md §8): the same UID per booking and leg as the
 * confirmation's, a higher SEQUENCE on every change, METHOD:CANCEL on a cancellation (in the
 * attachment's content type too, RFC 5546 / 6047), all in the guest's language. Data through the
 * production write paths (createBooking, updateBooking, changeBookingStatus, the guest's own
 * change and cancellation, assignAndNotify, the reminder scheduler).
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus, type Actor } from "~/booking/admin-bookings.server";
import { createBooking, updateBooking, type BookingDeps, type BookingRequest } from "~/booking/bookings.server";
import { parseCalendarLines } from "~/booking/calendar";
import { BUSINESS_TIME_ZONE, toBusinessDateTime, toBusinessParts } from "~/booking/datetime";
import { guestCancel, guestChangeTimes } from "~/booking/guest-changes.server";
import { assignAndNotify } from "~/booking/leg-assignments.server";
import { queueDueReminders } from "~/booking/reminders.server";
import { createCar } from "~/fleet/cars.server";
import { LOCALE_TAGS } from "~/i18n/config";
import { guestLink } from "~/notify/guest-mail.server";
import { createMailer, readAttachments } from "~/server/mail.server";
import { kurus, formatMoney } from "~/utils/money";
import { buildCar, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SESSION_SECRET = "notify-test-session-secret-0123456789abcdef";
const PUBLIC_URL = "https://vip.example.com";
const actor: Actor = { id: null, label: "Ofis Ayşe" };
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
      (await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "completed", actor }, { env: deps.env, log }))
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
