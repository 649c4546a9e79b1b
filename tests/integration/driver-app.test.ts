/**
 * Issue 31, the driver app's news: on /driver a leg given to the driver is "new" until they open its
 * job sheet; an edit of what the driver cares about after that is listed as changed, old → new,
 * on the day and at the top of the sheet, until the driver opens the sheet again. Someone else
 * signed in who opens the link (the office checking it) leaves the news for the driver. Data through
 * the production write paths (createTestBooking, assignLeg, updateBooking, createUser).
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { tripDate } from "../setup/trip-date";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignLeg, jobLinkOf, updateBooking, type BookingDeps } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { businessTime, type LegNewsView, type TripRow } from "~/drivers/job.server";
import { createCar } from "~/fleet/cars.server";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import { localStorage } from "~/server/storage.server";
import { loader as jobLoader } from "~/routes/driver/job";
import { loader as tripsLoader } from "~/routes/driver/trips";
import { buildCar, createTestBooking, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const SESSION_SECRET = "driver-app-test-session-secret-0123456789";
const actor = { id: null, label: "Test office", kind: "office" as const };

describe.each(engines)("the driver app's news on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let carId: string;

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely, mailer: createMailer({ from: "office@example.com", log }) });
    carId = (await createCar(db.kysely, buildCar({ name: "App Vito" }))).id;
  });
  afterAll(() => db?.destroy());

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, {
      db,
      env: { NODE_ENV: "test", PUBLIC_URL: "http://localhost", SESSION_SECRET } as never,
      log,
      mailer: createMailer({ from: "office@example.com", log }),
      storage: localStorage("/tmp/vt-driver-app-test"),
      requestId: "driver-app",
      clientIp: "127.0.0.1",
    });
    return c;
  }

  async function cookieFor(role: "driver" | "admin") {
    const user = await createUser(db.kysely, { email: `${role}-${Math.random().toString(36).slice(2)}@example.com`, password: "secret-123", role, name: `A ${role}` });
    const { token } = await createSession(db.kysely, user.id, { remember: false });
    return { user, cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SESSION_SECRET, token))}` };
  }

  const dataOf = (value: unknown) => (value as { data: unknown }).data;

  async function dayOf(cookie: string): Promise<TripRow[]> {
    const answer = dataOf(await tripsLoader({ request: new Request("http://localhost/driver", { headers: { cookie } }), params: {}, context: context() } as never)) as {
      trips: { today: TripRow[]; upcoming: TripRow[]; past: TripRow[] };
    };
    return [...answer.trips.today, ...answer.trips.upcoming, ...answer.trips.past];
  }

  async function openJob(link: string, cookie?: string): Promise<LegNewsView> {
    const token = link.split("/")[2]!;
    const answer = dataOf(await jobLoader({ request: new Request(`http://localhost${link}`, { headers: cookie ? { cookie } : {} }), params: { token }, context: context() } as never)) as {
      found: boolean;
      news: LegNewsView;
    };
    expect(answer.found).toBe(true);
    return answer.news;
  }

  /** A millisecond or two, so that what follows is after the last view even on a fast machine. */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("marks a leg new until its sheet is opened, then lists a later change old → new until it is opened again", async () => {
    const { user, cookie } = await cookieFor("driver");
    const driver = await createTestDriver(db.kysely, { name: "Haber Şoför", userId: user.id });
    const pickupAt = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const booking = await createTestBooking(deps, { carId, pickupAt, fullName: "Nora News", passengers: 2 });
    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    const link = (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!;

    const legOf = async () => (await dayOf(cookie)).find((t) => t.bookingId === booking.id)!;
    expect((await legOf()).news).toEqual({ kind: "new" });

    // the driver opens the job from the message, without signing in: the sheet says it is new, once
    expect(await openJob(link)).toEqual({ kind: "new" });
    expect((await legOf()).news).toBeNull();
    expect(await openJob(link)).toBeNull();

    await tick();
    const day = toBusinessParts(booking.pickup_date).date;
    const newTime = businessTime(booking.pickup_date) === "15:30" ? "16:45" : "15:30";
    const edited = await updateBooking(deps, booking.id, { pickup_date: day, pickup_time: newTime, passengers: 3, email: "someone-else@example.com" }, { actor });
    expect(edited.ok).toBe(true);

    const changed = {
      kind: "changed",
      lines: [
        { field: "pickup_date", from: businessTime(booking.pickup_date), to: newTime },
        { field: "passengers", from: "2", to: "3" },
      ],
    };
    expect((await legOf()).news).toEqual(changed);

    // the office checking the link leaves the news for the driver
    const office = await cookieFor("admin");
    expect(await openJob(link, office.cookie)).toEqual(changed);
    expect((await legOf()).news).toEqual(changed);

    // the driver, signed in on the same phone, opens it: the sheet lists the changes this once, and the day no more
    expect(await openJob(link, cookie)).toEqual(changed);
    expect((await legOf()).news).toBeNull();
    expect(await openJob(link, cookie)).toBeNull();
  });

  it("lists a change of the special luggage in words, in the driver's language", async () => {
    const { user, cookie } = await cookieFor("driver");
    const driver = await createTestDriver(db.kysely, { name: "Bagaj Şoför", userId: user.id });
    const booking = await createTestBooking(deps, { carId, pickupAt: tripDate(6, "13:00"), fullName: "Lena Luggage", passengers: 2 });
    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    const link = (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!;
    expect(await openJob(link, cookie)).toEqual({ kind: "new" });
    await tick();
    expect((await updateBooking(deps, booking.id, { luggage_items: { prams: 1, golfBags: 2 } }, { actor })).ok).toBe(true);
    const news = (await dayOf(cookie)).find((t) => t.bookingId === booking.id)!.news;
    // the driver's language is the sheet's (Turkish by default)
    expect(news).toEqual({ kind: "changed", lines: [{ field: "luggage_items", from: "—", to: "1 bebek arabası, 2 golf çantası" }] });
  });

  it("makes a leg new again for the next driver it is given to", async () => {
    const first = await cookieFor("driver");
    const second = await cookieFor("driver");
    const one = await createTestDriver(db.kysely, { userId: first.user.id });
    const two = await createTestDriver(db.kysely, { userId: second.user.id });
    const booking = await createTestBooking(deps, { carId, pickupAt: new Date(Date.now() + 4 * 24 * 3_600_000).toISOString() });
    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: one.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    await openJob((await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!);
    expect((await dayOf(first.cookie)).find((t) => t.bookingId === booking.id)!.news).toBeNull();

    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: two.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    expect((await dayOf(second.cookie)).find((t) => t.bookingId === booking.id)!.news).toEqual({ kind: "new" });
    // the first driver's sheet is gone with their link; opened by another driver, the new one's stays new
    const link = (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!;
    expect(await openJob(link, first.cookie)).toEqual({ kind: "new" });
    expect((await dayOf(second.cookie)).find((t) => t.bookingId === booking.id)!.news).toEqual({ kind: "new" });
  });
});
