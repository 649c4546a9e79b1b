/**
 * Flights tracked (issue 31), against the local AeroDataBox fake: a booking's airport pickup is
 * watched from its creation (an unknown number flagged to the office at once); a flight delayed 90
 * minutes moves the planned pickup (the guest's booked time stays) and tells the driver and the
 * office once, however many trackers run; a cancelled flight flags the office; the provider's
 * errors back off; without a key nothing is tracked or shown. Bookings, drivers and assignments
 * go through the production write path.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { assignAndNotify } from "~/admin/leg-assignments.server";
import { createSession } from "~/auth/session.server";
import { bookingLinkToken, changeBookingStatus, deleteBooking, eraseCustomer, jobLinkOf, officeActor, recordJobStep, updateBooking, type BookingDeps } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { createAeroDataBoxProvider } from "~/flights/aerodatabox.server";
import { flightProviderOf, setFlightProvider } from "~/flights/config.server";
import { flightDateOf, NEVER } from "~/flights/rules";
import { flightStateOf } from "~/flights/state.server";
import { trackFlights, type TrackerDeps } from "~/flights/tracker.server";
import { noShowEvidence, noShowEvidencePdf } from "~/notify/no-show-evidence.server";
import { driverTrips } from "~/drivers/job.server";
import { fixedT } from "~/i18n/translate.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { execFileSync } from "node:child_process";
import { createMailer } from "~/server/mail.server";
import { createMessenger } from "~/server/messaging/outbox.server";
import { createWhatsAppProvider } from "~/server/messaging/whatsapp.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { startAeroDataBoxFake, type AeroDataBoxFake } from "../fakes/aerodatabox";
import { appRequestHandler } from "../setup/app-handler";
import { testAppContext } from "../setup/test-app";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";
import { engines, testDb, type TestDb } from "../setup/db";
import { tripDate } from "../setup/trip-date";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "flights-test-secret-long-enough-1234567";
const KEY = "rapidapi-test-key";
const WA = { token: "wa-flights-token", phoneNumberId: "5550002222" };
const MIN = 60_000;
const HOUR = 60 * MIN;

/** A minute-aligned instant `hours` from now. */
const hoursAhead = (hours: number, from = Date.now()) => new Date(Math.floor((from + hours * HOUR) / MIN) * MIN).toISOString();
const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MIN).toISOString();
/** "2026-12-01 14:05" in Antalya's time, as a notice's values hold it. */
const localClock = (iso: string) => new Date(Date.parse(iso) + 3 * HOUR).toISOString().slice(0, 16).replace("T", " ");
const istanbulClock = (iso: string) => new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Istanbul" }).format(new Date(iso));

describe.each(engines)("flights tracked on %s", (engine) => {
  let db: TestDb;
  let aero: AeroDataBoxFake;
  let wa: WhatsAppFake;
  let deps: BookingDeps;
  let tracker: TrackerDeps;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  const messengerOf = () => createMessenger({ providers: [createWhatsAppProvider({ ...WA, apiUrl: `${wa.url}/v21.0`, timeoutMs: 500 })], log });
  const env = { PUBLIC_URL: "https://vip.example.com", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET };
  const newCar = async () => (await createCar(db.kysely, buildCar({ name: `Vito ${Math.random().toString(36).slice(2, 7)}` }))).id;
  const flightNotices = (bookingId: string) =>
    db.kysely.selectFrom("notifications").select(["title", "related_id", "message"]).where("kind", "=", "flight").where("link", "=", `/admin/bookings/${bookingId}`).execute();
  const callsFor = (number: string) => aero.calls.filter((c) => c.path.startsWith(`/flights/number/${number}/`));
  const handler = appRequestHandler();
  /** A page as a browser gets it (signed in as `as`, when given). */
  const page = async (path: string, as?: string) => {
    const headers: Record<string, string> = { "accept-language": "tr" };
    if (as) headers.authorization = `Bearer ${(await createSession(db.kysely, as, { remember: false })).token}`;
    const response = await handler(new Request(`http://localhost${path}`, { headers }), testAppContext(db, { env, mailer }));
    expect(response.status).toBe(200);
    return response.text();
  };
  const shown = (html: string) => /data-testid="flight-state"[^>]*data-status="([a-z_]+)"/.exec(html)?.[1] ?? null;
  const bookingRow = (id: string) => db.kysely.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const watch = (bookingId: string) => db.kysely.selectFrom("flight_watches").selectAll().where("booking_id", "=", bookingId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    db = await testDb(engine);
    aero = await startAeroDataBoxFake({ key: KEY });
    wa = await startWhatsAppFake({ token: WA.token });
    const messenger = messengerOf();
    deps = await testBookingDeps({ db: db.kysely, mailer, log, messenger, env });
    const provider = createAeroDataBoxProvider({ apiKey: KEY, baseUrl: aero.url, timeoutMs: 1_000 });
    setFlightProvider(provider);
    tracker = { db: db.kysely, provider, log, notify: deps };
    admin = await createTestUser(db.kysely, { role: "dispatcher", name: "Operasyon" });
  });
  afterEach(() => {
    aero.mode = "ok";
  });
  afterAll(async () => {
    setFlightProvider(null);
    await aero.close();
    await wa.close();
    await db.destroy();
  });

  it("a flight delayed 90 minutes moves the planned pickup and tells the driver and the office once, however many trackers run", async () => {
    const pickup = hoursAhead(20);
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XQ 9001", fullName: "Hans Müller" }, { locale: "de" });
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Yılmaz", whatsapp: "+90 533 444 55 01", languages: ["tr"] });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(admin), secret: SECRET })).toMatchObject({ ok: true });
    const date = flightDateOf(pickup);
    aero.setFlight("XQ 9001", date, { status: "Expected", scheduledArrival: pickup });

    // at booking time: watched and read at once, on time: nothing to tell
    const now = new Date();
    await trackFlights({ ...tracker, workerId: "a" }, now);
    expect(callsFor("XQ9001")).toHaveLength(1);
    expect(callsFor("XQ9001")[0]!.path).toBe(`/flights/number/XQ9001/${date}`);
    const first = await watch(booking.id);
    expect(first).toMatchObject({ status: "scheduled", scheduled_at: pickup, planned_pickup_at: null, not_found: 0, airport: "AYT" });
    // the day of the landing, more than 4 hours before it: again in 3 hours
    expect(first.next_check_at).toBe(new Date(now.getTime() + 3 * HOUR).toISOString());
    expect(await flightNotices(booking.id)).toEqual([]);

    // the airline delays it 90 minutes; two trackers look at the same moment: one call, one event
    aero.setFlight("XQ 9001", date, { status: "Delayed", scheduledArrival: pickup, revisedArrival: at(pickup, 90) });
    const later = new Date(now.getTime() + 3 * HOUR);
    await Promise.all([trackFlights({ ...tracker, workerId: "a" }, later), trackFlights({ ...tracker, workerId: "b" }, later)]);
    expect(callsFor("XQ9001")).toHaveLength(2);
    const moved = await watch(booking.id);
    expect(moved).toMatchObject({ status: "delayed", estimated_at: at(pickup, 90), planned_pickup_at: at(pickup, 90), notified_pickup_at: at(pickup, 90) });
    // the guest's booked time stays
    expect((await db.kysely.selectFrom("bookings").select("pickup_date").where("id", "=", booking.id).executeTakeFirstOrThrow()).pickup_date).toBe(pickup);

    const notices = await flightNotices(booking.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`Uçuş saati değişti: ${booking.reference}`);
    expect(JSON.parse(notices[0]!.message!)).toMatchObject({ body: "flights.notice.movedBody", values: { flight: "XQ 9001", previous: localClock(pickup), pickup: localClock(at(pickup, 90)) } });
    const events = await db.kysely.selectFrom("booking_outbox").select(["kind", "status"]).where("booking_id", "=", booking.id).where("kind", "=", "flight").execute();
    expect(events).toEqual([{ kind: "flight", status: "done" }]);

    // the driver gets the job again with the planned time, once
    const messenger = deps.messenger!;
    await Promise.all([messenger.deliverRound(db.kysely), messenger.deliverRound(db.kysely)]);
    const jobs = wa.received.filter((m) => m.name === "driver_job" && m.params[0] === booking.reference);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.params[1]).toContain(istanbulClock(at(pickup, 90)));
    expect(jobs[0]!.params[1]).toContain(istanbulClock(pickup));

    // the pages read it: delayed, with the planned pickup
    expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toMatchObject({ flight: "XQ 9001", status: "delayed", delayMinutes: 90, plannedPickupAt: at(pickup, 90) });

    // the board, the office's booking page and the guest's private page show it
    expect(shown(await page(`/admin/bookings/${booking.id}`, admin.id))).toBe("delayed");
    expect(shown(await page(`/admin/dispatch?date=${date}`, admin.id))).toBe("delayed");
    const guestPage = await page(`/my-booking/${await bookingLinkToken(db.kysely, SECRET, booking)}?lng=de`);
    expect(shown(guestPage)).toBe("delayed");
    expect(guestPage).toContain(`Ihr Fahrer erwartet Sie um ${istanbulClock(at(pickup, 90))}`);
    // and the driver's day lists the leg at the planned time
    const day = await driverTrips(db.kysely, driver.id, SECRET, "tr", new Date(Date.parse(pickup) - HOUR));
    expect([...day.today, ...day.upcoming].find((t) => t.bookingId === booking.id)?.time).toBe(istanbulClock(at(pickup, 90)));

    // a few minutes more of delay (below the 30-minute threshold): stored, nobody told again
    aero.setFlight("XQ 9001", date, { status: "Delayed", scheduledArrival: pickup, revisedArrival: at(pickup, 100) });
    await trackFlights(tracker, new Date(Date.parse(moved.next_check_at)));
    expect((await watch(booking.id)).planned_pickup_at).toBe(at(pickup, 100));
    expect(await flightNotices(booking.id)).toHaveLength(1);

    // back on time, then late again: each move beyond the threshold is told
    aero.setFlight("XQ 9001", date, { status: "EnRoute", scheduledArrival: pickup, revisedArrival: pickup });
    const onTime = new Date(Date.parse((await watch(booking.id)).next_check_at));
    await trackFlights(tracker, onTime);
    expect(await watch(booking.id)).toMatchObject({ planned_pickup_at: null, notified_pickup_at: pickup });
    aero.setFlight("XQ 9001", date, { status: "Delayed", scheduledArrival: pickup, revisedArrival: at(pickup, 90) });
    await trackFlights(tracker, new Date(Date.parse((await watch(booking.id)).next_check_at)));
    expect(await flightNotices(booking.id)).toHaveLength(3);
    await messenger.deliverRound(db.kysely);
    const told = wa.received.filter((m) => m.name === "driver_job" && m.params[0] === booking.reference);
    expect(told).toHaveLength(4);
    expect(told[2]!.params[1]).toContain(istanbulClock(pickup));
    expect(told[3]!.params[1]).toContain(istanbulClock(at(pickup, 90)));

    // landed: the actual landing kept, the watch stops
    aero.setFlight("XQ 9001", date, { status: "Arrived", scheduledArrival: pickup, revisedArrival: at(pickup, 95), runwayArrival: at(pickup, 92) });
    await trackFlights(tracker, new Date(Date.parse(pickup) + 60 * MIN));
    expect(await watch(booking.id)).toMatchObject({ status: "landed", actual_at: at(pickup, 92), next_check_at: NEVER });
  });

  it("the driver's steps follow the flight: setting off from the planned pickup's window, the no-show after the free waiting from the actual landing", async () => {
    const pickup = hoursAhead(20);
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XS 3300" });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor: officeActor(admin) })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely, { name: "Ayşe Demir" });
    expect(await assignAndNotify({ ...deps, log }, booking.id, { leg: "outbound", driverId: driver.id }, { actor: officeActor(admin), secret: SECRET })).toMatchObject({ ok: true });
    const token = (await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"))!.split("/job/")[1]!;
    const date = flightDateOf(pickup);
    aero.setFlight("XS3300", date, { status: "Delayed", scheduledArrival: pickup, revisedArrival: at(pickup, 120) });
    await trackFlights(tracker, new Date());
    expect((await watch(booking.id)).planned_pickup_at).toBe(at(pickup, 120));
    // the start window (3 hours) opens from the planned pickup, not the booked one
    // (booked: from 3 hours before it; planned 2 hours later: from 1 hour before the booked time)
    expect(await recordJobStep(db.kysely, token, "on_way", null, new Date(at(pickup, -100)))).toMatchObject({ ok: false, code: "too_early", at: at(pickup, -60) });
    expect(await recordJobStep(db.kysely, token, "on_way", null, new Date(at(pickup, -61)))).toMatchObject({ ok: false, code: "too_early" });
    expect((await recordJobStep(db.kysely, token, "on_way", null, new Date(at(pickup, -60)))).ok).toBe(true);
    expect((await recordJobStep(db.kysely, token, "arrived", null, new Date(at(pickup, 110)))).ok).toBe(true);
    // it lands 130 minutes late: the free waiting (60) counts from there
    aero.setFlight("XS3300", date, { status: "Arrived", scheduledArrival: pickup, revisedArrival: at(pickup, 135), runwayArrival: at(pickup, 130) });
    await trackFlights(tracker, new Date(Date.parse(pickup) + 130 * MIN));
    expect((await watch(booking.id)).actual_at).toBe(at(pickup, 130));
    expect(await recordJobStep(db.kysely, token, "no_show", null, new Date(at(pickup, 189)))).toMatchObject({ ok: false, code: "too_early", at: at(pickup, 190) });
    expect((await recordJobStep(db.kysely, token, "no_show", null, new Date(at(pickup, 190)))).ok).toBe(true);
    // the no-show's evidence says the same: the waiting from the actual landing
    const evidence = (await noShowEvidence(db.kysely, booking.id))!;
    expect(evidence.legs).toEqual([expect.objectContaining({ leg: "outbound", waitingFrom: at(pickup, 130), freeWaitingMinutes: 60, allowedFrom: at(pickup, 190) })]);
    // and its PDF has the flight's times
    expect(evidence.flight).toMatchObject({ status: "landed", scheduledAt: pickup, actualAt: at(pickup, 130) });
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: await noShowEvidencePdf(evidence, "tr", fixedT("tr", "booking")) }).toString("utf8");
    expect(text).toMatch(new RegExp(`Gerçek iniş: .*${toBusinessParts(at(pickup, 130)).time}`));
    expect(text).toContain("Uçuşun durumu: İndi");
  });

  it("a cancelled flight flags the office (once), and the driver is not sent a new time", async () => {
    const pickup = hoursAhead(30);
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XC 4410" });
    aero.setFlight("XC4410", flightDateOf(pickup), { status: "Canceled", scheduledArrival: pickup });
    await trackFlights(tracker, new Date());
    const notices = await flightNotices(booking.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: `Uçuş iptal edildi: ${booking.reference}`, related_id: expect.stringMatching(`^flight:${booking.id}:`) });
    expect(await watch(booking.id)).toMatchObject({ status: "cancelled", next_check_at: NEVER, notified_status: "cancelled" });
    expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toMatchObject({ status: "cancelled" });
    // a booking deleted takes its watch with it
    expect(await deleteBooking(db.kysely, booking.id)).toBe("deleted");
    expect(await db.kysely.selectFrom("flight_watches").select("booking_id").where("booking_id", "=", booking.id).execute()).toEqual([]);
  });

  it("flags a flight number that does not exist on that date at booking time, and watches again when the office corrects it", async () => {
    // an afternoon pickup: one in the small hours is asked for the day before too (rules.ts), whatever hour the suite runs
    const pickup = tripDate(3, "14:00");
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "ZZ 1234" });
    await trackFlights(tracker, new Date());
    expect(callsFor("ZZ1234")).toHaveLength(1);
    const notices = await flightNotices(booking.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`Uçuş bulunamadı: ${booking.reference}`);
    const flagged = await watch(booking.id);
    expect(flagged).toMatchObject({ not_found: 1, notified_status: "not_found" });
    // asked once more the day before (schedules far ahead may come later), not every minute
    expect(flagged.next_check_at).toBe(new Date(Date.parse(pickup) - 24 * HOUR).toISOString());
    await trackFlights(tracker, new Date(Date.now() + 10 * MIN));
    expect(callsFor("ZZ1234")).toHaveLength(1);
    expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toMatchObject({ status: "not_found" });

    // a guest erased (KVKK) leaves no flight behind: neither the watch nor the office's flight notices
    const other = await createTestBooking(deps, { carId: await newCar(), pickupAt: tripDate(3, "15:00"), flightNumber: "ZZ 7777", email: "erase.me@example.com" });
    await trackFlights(tracker, new Date());
    expect(await flightNotices(other.id)).toHaveLength(1);
    const customer = (await bookingRow(other.id)).customer_id!;
    expect(await eraseCustomer(db.kysely, customer, officeActor(admin))).toMatchObject({ ok: true });
    expect(await flightNotices(other.id)).toEqual([]);
    expect(await db.kysely.selectFrom("flight_watches").select("booking_id").where("booking_id", "=", other.id).execute()).toEqual([]);
    await trackFlights(tracker, new Date());
    expect(await db.kysely.selectFrom("flight_watches").select("booking_id").where("booking_id", "=", other.id).execute()).toEqual([]);

    // the office corrects the number: a new watch, read at once
    aero.setFlight("XQ 1235", flightDateOf(pickup), { status: "Expected", scheduledArrival: pickup });
    expect((await updateBooking(deps, booking.id, { flight_number: "XQ 1235" }, { actor: officeActor(admin) })).ok).toBe(true);
    // until the tracker reads the new number, the old one's state is not shown as the booking's
    expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toBeNull();
    await trackFlights(tracker, new Date());
    expect(await watch(booking.id)).toMatchObject({ flight_number: "XQ 1235", not_found: 0, status: "scheduled" });
  });

  it("finds a flight landing just before midnight for a pickup just after it", async () => {
    const pickup = new Date(Date.parse(`${flightDateOf(hoursAhead(30))}T00:20:00+03:00`) + 24 * HOUR).toISOString();
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XM 2355" });
    const dayBefore = flightDateOf(at(pickup, -60));
    aero.setFlight("XM2355", dayBefore, { status: "Expected", scheduledArrival: at(pickup, -25) });
    await trackFlights(tracker, new Date());
    expect(callsFor("XM2355").map((c) => c.path)).toEqual([`/flights/number/XM2355/${flightDateOf(pickup)}`, `/flights/number/XM2355/${dayBefore}`]);
    expect(await watch(booking.id)).toMatchObject({ flight_date: dayBefore, not_found: 0, status: "scheduled", scheduled_at: at(pickup, -25) });
    expect(await flightNotices(booking.id)).toEqual([]);
  });

  it("backs off on the provider's errors (429 with Retry-After, 500, a refused key) and never pretends", async () => {
    const pickup = hoursAhead(40);
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XB 7001" });
    aero.setFlight("XB7001", flightDateOf(pickup), { status: "Expected", scheduledArrival: pickup });
    const now = new Date();
    aero.mode = "rate_limited";
    aero.retryAfterSeconds = 300;
    await trackFlights(tracker, now);
    let w = await watch(booking.id);
    expect(w).toMatchObject({ attempts: 1, status: "unknown", checked_at: null });
    expect(w.next_check_at).toBe(new Date(now.getTime() + 300_000).toISOString());
    expect(w.last_error).toContain("too many requests");
    // not due yet: no call
    const calls = callsFor("XB7001").length;
    await trackFlights(tracker, new Date(now.getTime() + 60_000));
    expect(callsFor("XB7001")).toHaveLength(calls);
    // down: the next wait doubles
    aero.mode = "down";
    const second = new Date(now.getTime() + 300_000);
    await trackFlights(tracker, second);
    w = await watch(booking.id);
    expect(w.attempts).toBe(2);
    expect(w.next_check_at).toBe(new Date(second.getTime() + 2 * MIN).toISOString());
    // an answer that is no JSON: a failure too, not "no such flight"
    aero.mode = "garbage";
    const third = new Date(second.getTime() + 2 * MIN);
    await trackFlights(tracker, third);
    w = await watch(booking.id);
    expect(w).toMatchObject({ attempts: 3, not_found: 0 });
    expect(w.next_check_at).toBe(new Date(third.getTime() + 4 * MIN).toISOString());
    // nothing told, nothing shown as a state it does not know
    expect(await flightNotices(booking.id)).toEqual([]);
    expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toMatchObject({ status: "pending", scheduledAt: null });
    // back: read, attempts reset
    aero.mode = "ok";
    await trackFlights(tracker, new Date(third.getTime() + 4 * MIN));
    expect(await watch(booking.id)).toMatchObject({ attempts: 0, status: "scheduled", last_error: "" });

    // the same number landing elsewhere that day is not our flight
    const elsewhere = await createTestBooking(deps, { carId: await newCar(), pickupAt: hoursAhead(41), flightNumber: "XE 8000" });
    aero.setFlight("XE8000", flightDateOf(elsewhere.pickup_date), { status: "Expected", arrivalIata: "GZP", scheduledArrival: elsewhere.pickup_date });
    await trackFlights(tracker, new Date());
    expect(await watch(elsewhere.id)).toMatchObject({ not_found: 1, airport: "AYT" });

    // a wrong key is refused by the provider: an error, not "no such flight"
    const wrong = createAeroDataBoxProvider({ apiKey: "not-the-key", baseUrl: aero.url });
    await expect(wrong.lookup({ number: "XB7001", date: flightDateOf(pickup), airport: "AYT" })).rejects.toMatchObject({ failure: "refused" });
  });

  it("without a provider key nothing is tracked and nothing is shown", async () => {
    expect(flightProviderOf({})).toBeNull();
    expect(flightProviderOf({ AERODATABOX_BASE_URL: aero.url })).toBeNull();
    expect(flightProviderOf({ AERODATABOX_API_KEY: KEY })?.name).toBe("aerodatabox");
    const pickup = hoursAhead(50);
    const booking = await createTestBooking(deps, { carId: await newCar(), pickupAt: pickup, flightNumber: "XN 5000" });
    await trackFlights(tracker, new Date());
    // Ayarlar → Uçuşlar says whether the server tracks
    const owner = await createTestUser(db.kysely, { role: "admin" });
    expect(await page("/admin/settings?tab=flights", owner.id)).toContain("Uçuşlar AeroDataBox üzerinden takip ediliyor");
    // with the key: shown (here, no such flight that day)
    expect(shown(await page(`/admin/bookings/${booking.id}`, admin.id))).toBe("not_found");
    setFlightProvider(null);
    try {
      expect(await flightStateOf(db.kysely, await bookingRow(booking.id))).toBeNull();
      const html = await page(`/admin/bookings/${booking.id}`, admin.id);
      expect(shown(html)).toBeNull();
      expect(html).not.toContain("Bu tarihte bulunamadı");
      expect(await page("/admin/settings?tab=flights", owner.id)).toContain("Sunucuda uçuş sağlayıcısı anahtarı yok");
    } finally {
      setFlightProvider(tracker.provider);
    }
  });
});
