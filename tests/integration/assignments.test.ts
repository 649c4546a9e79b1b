/**
 * A leg's driver and car from the office (issue 15): a driver or car busy at a leg's times (buffer
 * included) is refused with the colliding booking named; the customer is mailed in the booking's
 * language; a new driver (or none) revokes the old job link; the API's PUT and DELETE.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { createUser } from "~/auth/users.server";
import { jobLinkOf, legOfJobToken } from "~/booking/index.server";
import { assignAndNotify, legAssignments, refusalProblem } from "~/admin/leg-assignments.server";
import { toBusinessParts } from "~/booking/rules/datetime";
import { boardDay } from "~/booking/rules/dispatch";
import { loadDispatchDay } from "~/booking/index.server";
import { createCar } from "~/fleet/cars.server";
import { i18nextMiddleware } from "~/i18n/i18next.server";
import { translate } from "~/i18n/translate.server";
import * as bookingRoute from "~/routes/api/bookings.$id";
import * as legRoute from "~/routes/api/bookings.$id.legs.$leg";
import { appContext } from "~/server/context";
import { createMailer } from "~/server/mail.server";
import { localStorage } from "~/server/storage.server";
import { buildCar, createTestBooking, createTestDriver, testBookingDeps } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const SECRET = "assignments-test-secret-that-is-long-enough";
const PUBLIC_URL = "https://vip.example.com";
const actor = { id: null, label: "Ofis", kind: "office" as const };
const HOUR = 3_600_000;
const tokenOf = (path: string | null) => path!.slice("/job/".length);

describe.each(engines)("leg assignments on %s", (engine) => {
  let db: TestDb;
  let deps: Awaited<ReturnType<typeof testBookingDeps>> & { log: typeof log };
  /** a fresh car for each booking, so only the driver can collide unless a test says otherwise */
  const car = async (name: string) => (await createCar(db.kysely, buildCar({ name, make: "Mercedes-Benz", model: "Vito" }))).id;
  // three weeks ahead at 10:00 Istanbul, inside the booking window
  const base = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 21 * 86_400_000 + 7 * HOUR;
  const at = (hours: number) => new Date(base + hours * HOUR).toISOString();
  const assign = (bookingId: string, input: Parameters<typeof assignAndNotify>[2]) => assignAndNotify(deps, bookingId, input, { actor, secret: SECRET });
  const mails = (bookingId: string) =>
    db.kysely.selectFrom("mail_outbox").selectAll().where("related_id", "=", bookingId).where("kind", "=", "driver-assigned").orderBy("created_at").execute();

  beforeAll(async () => {
    db = await testDb(engine);
    deps = { ...(await testBookingDeps({ db: db.kysely, mailer, log })), log };
  });
  afterAll(() => db.destroy());

  it("refuses a driver on two overlapping legs, naming the other booking, and allows one after the buffer", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Mehmet Kaya" });
    const first = await createTestBooking(deps, { carId: await car("A1"), pickupAt: at(0) });
    expect(await assign(first.id, { leg: "outbound", driverId: driver.id })).toMatchObject({ ok: true, driverChanged: true });
    const end = Date.parse(first.pickup_end!);
    // 10 minutes after the first leg's drop-off: inside the 30-minute buffer
    const near = await createTestBooking(deps, { carId: await car("A2"), pickupAt: new Date(end + 10 * 60_000).toISOString() });
    const refused = await assign(near.id, { leg: "outbound", driverId: driver.id });
    expect(refused).toMatchObject({ ok: false, reason: "driver_unavailable" });
    if (refused.ok || refused.reason !== "driver_unavailable") throw new Error("expected a refusal");
    expect(refused.conflicts).toEqual([expect.objectContaining({ kind: "booking", reference: first.reference, leg: "outbound" })]);
    // the office reads the colliding booking by its reference
    expect(translate("tr", refusalProblem("tr", refused))).toContain(first.reference);
    expect(await legOfJobToken(db.kysely, "x".repeat(32))).toBeUndefined();
    // overlapping outright is refused too
    const overlapping = await createTestBooking(deps, { carId: await car("A3"), pickupAt: at(0.5) });
    expect(await assign(overlapping.id, { leg: "outbound", driverId: driver.id })).toMatchObject({ ok: false, reason: "driver_unavailable" });
    // 31 minutes after: free
    const after = await createTestBooking(deps, { carId: await car("A4"), pickupAt: new Date(end + 31 * 60_000).toISOString() });
    expect(await assign(after.id, { leg: "outbound", driverId: driver.id })).toMatchObject({ ok: true });
    // an inactive driver is refused
    const off = await createTestDriver(db.kysely, { name: "Pasif Şoför", active: false });
    expect(await assign(overlapping.id, { leg: "outbound", driverId: off.id })).toMatchObject({ ok: false, reason: "driver_unavailable", conflicts: [{ kind: "inactive" }] });
  });

  it("gives the return leg its own car, refusing one busy at the return's times", async () => {
    const outboundCar = await car("R1");
    const busyCar = await car("R2");
    const freeCar = await car("R3");
    const trip = await createTestBooking(deps, { carId: outboundCar, tripType: "roundTrip", pickupAt: at(24), returnAt: at(30), returnPickup: { text: "Belek" }, returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" } });
    const other = await createTestBooking(deps, { carId: busyCar, pickupAt: at(30.25) });
    const refused = await assign(trip.id, { leg: "return", carId: busyCar });
    expect(refused).toMatchObject({ ok: false, reason: "car_unavailable", conflicts: [expect.objectContaining({ reference: other.reference })] });
    expect(await assign(trip.id, { leg: "return", carId: freeCar })).toMatchObject({ ok: true, driverChanged: false });
    const legs = await legAssignments(db.kysely, trip.id, { secret: SECRET, publicUrl: PUBLIC_URL });
    expect(legs.map((l) => [l.leg, l.car?.id])).toEqual([
      ["outbound", outboundCar],
      ["return", freeCar],
    ]);
    // a one-way booking has no return leg
    expect(await assign(other.id, { leg: "return", carId: freeCar })).toMatchObject({ ok: false, reason: "no_leg" });
  });

  it("mails the guest in the booking's language, revokes the old link on a new driver and on removal", async () => {
    const first = await createTestDriver(db.kysely, { name: "Ali Demir", phone: "0532 700 11 22" });
    const second = await createTestDriver(db.kysely, { name: "Veli Şahin", phone: "0533 800 33 44" });
    const booking = await createTestBooking(deps, { carId: await car("Vito DE"), pickupAt: at(48), fullName: "Hans Müller", email: "hans@example.de" }, { locale: "de" });
    expect(await assign(booking.id, { leg: "outbound", driverId: first.id })).toMatchObject({ ok: true, mailed: true, mailFailed: false });
    const [mail] = await mails(booking.id);
    expect(mail).toMatchObject({ to_address: "hans@example.de", locale: "de" });
    expect(mail!.subject).toContain(booking.reference);
    expect(mail!.subject).toMatch(/Fahrer/);
    expect(mail!.text_body).toContain("Ali Demir");
    expect(mail!.text_body).toContain(first.phone);
    expect(mail!.text_body).toContain("Mercedes-Benz Vito");
    expect(mail!.text_body).toMatch(/Hallo|Guten Tag/);

    const oldToken = tokenOf(await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"));
    expect(await legOfJobToken(db.kysely, oldToken)).toMatchObject({ booking_id: booking.id, driver_id: first.id });
    const views = await legAssignments(db.kysely, booking.id, { secret: SECRET, publicUrl: PUBLIC_URL });
    expect(views[0]).toMatchObject({ driver: { name: "Ali Demir" }, jobStatus: "assigned", jobUrl: `${PUBLIC_URL}/job/${oldToken}` });

    expect(await assign(booking.id, { leg: "outbound", driverId: second.id })).toMatchObject({ ok: true, mailed: true });
    expect(await legOfJobToken(db.kysely, oldToken)).toBeUndefined();
    const newToken = tokenOf(await jobLinkOf(db.kysely, SECRET, booking.id, "outbound"));
    expect(newToken).not.toBe(oldToken);
    expect(await legOfJobToken(db.kysely, newToken)).toMatchObject({ driver_id: second.id });
    const both = await mails(booking.id);
    expect(both).toHaveLength(2);
    expect(both[1]!.text_body).toContain("Veli Şahin");
    expect(both[1]!.subject).toMatch(/^Neuer Fahrer/);

    // the same driver again changes nothing and mails nothing
    expect(await assign(booking.id, { leg: "outbound", driverId: second.id })).toMatchObject({ ok: true, change: null, mailed: false });
    expect(await assign(booking.id, { leg: "outbound", driverId: null })).toMatchObject({ ok: true, driverChanged: false });
    expect(await legOfJobToken(db.kysely, newToken)).toBeUndefined();
    expect(await jobLinkOf(db.kysely, SECRET, booking.id, "outbound")).toBeNull();
    expect(await mails(booking.id)).toHaveLength(2);
  });

  it("mails a Russian booking in Russian", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Oleg Petrov" });
    const booking = await createTestBooking(deps, { carId: await car("Vito RU"), pickupAt: at(60), email: "olga@example.ru" }, { locale: "ru" });
    await assign(booking.id, { leg: "outbound", driverId: driver.id });
    const [mail] = await mails(booking.id);
    expect(mail).toMatchObject({ to_address: "olga@example.ru", locale: "ru" });
    expect(mail!.text_body).toMatch(/[а-яА-Я]{4}/);
    expect(mail!.text_body).toContain("Oleg Petrov");
  });

  it("keeps the assignment when the mail cannot be queued", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Posta Yok" });
    const booking = await createTestBooking(deps, { carId: await car("NoMail"), pickupAt: at(72) });
    const broken = { ...deps, mailer: { ...mailer, send: () => Promise.reject(new Error("outbox down")) } };
    const result = await assignAndNotify(broken, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SECRET });
    expect(result).toMatchObject({ ok: true, mailed: false, mailFailed: true });
    expect(await jobLinkOf(db.kysely, SECRET, booking.id, "outbound")).toMatch(/^\/job\//);
  });

  it("shows each leg's driver on the dispatch board, read with the day's legs", async () => {
    const driver = await createTestDriver(db.kysely, { name: "Pano Şoförü" });
    const outboundCar = await car("Board1");
    const trip = await createTestBooking(deps, {
      carId: outboundCar,
      tripType: "roundTrip",
      pickupAt: at(144),
      returnAt: at(150),
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" },
    });
    await assign(trip.id, { leg: "return", driverId: driver.id });
    const day = boardDay(toBusinessParts(at(144)).date)!;
    const { lanes } = await loadDispatchDay(db.kysely, day);
    const legs = lanes.flatMap((l) => l.legs).filter((l) => l.bookingId === trip.id);
    expect(legs.map((l) => [l.leg, l.driver?.name ?? null, l.driver?.jobStatus ?? null])).toEqual([
      ["outbound", null, null],
      ["return", "Pano Şoförü", "assigned"],
    ]);
  });

  describe("the API", () => {
    let adminToken: string;
    let dispatcherToken: string;
    let driverToken: string;

    beforeAll(async () => {
      const admin = await createUser(db.kysely, { email: "admin@example.com", password: "secret-123", role: "admin", name: "Ofis" });
      const dispatcher = await createUser(db.kysely, { email: "dispatch@example.com", password: "secret-123", role: "dispatcher", name: "Operasyon" });
      const driverUser = await createUser(db.kysely, { email: "driver@example.com", password: "secret-123", role: "driver", name: "Şoför" });
      adminToken = (await createSession(db.kysely, admin.id, { remember: false })).token;
      dispatcherToken = (await createSession(db.kysely, dispatcher.id, { remember: false })).token;
      driverToken = (await createSession(db.kysely, driverUser.id, { remember: false })).token;
    });

    async function call(handler: (args: never) => unknown, method: string, params: Record<string, string>, options: { body?: unknown; token?: string } = {}) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const request = new Request(`http://localhost/api/bookings/${params.id}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
      });
      const context = new RouterContextProvider();
      context.set(appContext, {
        db,
        env: { NODE_ENV: "test", SESSION_SECRET: SECRET, PUBLIC_URL, OFFICE_EMAIL: "office@example.com", ROUTING_PROVIDER: "builtin" } as never,
        log,
        mailer,
        storage: localStorage("/tmp/vt-assignments-test"),
        requestId: "t",
        clientIp: "127.0.0.1",
      });
      let result: unknown;
      await i18nextMiddleware({ request, context, params, unstable_pattern: "/api/bookings/:id/legs/:leg" } as never, async () => {
        try {
          result = await handler({ request, context, params } as never);
        } catch (thrown) {
          result = thrown;
        }
        return new Response();
      });
      const r = result as { init?: { status?: number }; data: { success: boolean; data?: Record<string, unknown>; error?: Record<string, unknown> } };
      return { status: r.init?.status ?? 200, body: r.data };
    }

    it("puts a driver on a leg, answers the assignment with its job link, and takes the driver off", async () => {
      const driver = await createTestDriver(db.kysely, { name: "API Şoför" });
      const booking = await createTestBooking(deps, { carId: await car("API1"), pickupAt: at(96) });
      const put = await call(legRoute.action, "PUT", { id: booking.id, leg: "outbound" }, { body: { driverId: driver.id }, token: dispatcherToken });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ leg: "outbound", driver: { id: driver.id, name: "API Şoför" }, car: { name: "API1" }, jobStatus: "assigned" });
      const jobUrl = put.body.data!.jobUrl as string;
      expect(jobUrl).toMatch(new RegExp(`^${PUBLIC_URL}/job/[\\w-]{32}$`));
      expect(await legOfJobToken(db.kysely, jobUrl.split("/job/")[1]!)).toMatchObject({ driver_id: driver.id });

      const got = await call(bookingRoute.loader, "GET", { id: booking.id }, { token: adminToken });
      expect(got.status).toBe(200);
      expect(got.body.data!.legs).toEqual([expect.objectContaining({ leg: "outbound", jobUrl })]);

      const removed = await call(legRoute.action, "DELETE", { id: booking.id, leg: "outbound" }, { token: adminToken });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toMatchObject({ driver: null, jobUrl: null });
      expect(await legOfJobToken(db.kysely, jobUrl.split("/job/")[1]!)).toBeUndefined();
    });

    it("answers 401 without a session and 403 for a driver's account", async () => {
      const booking = await createTestBooking(deps, { carId: await car("API2"), pickupAt: at(100) });
      expect((await call(legRoute.action, "PUT", { id: booking.id, leg: "outbound" }, { body: { driverId: null } })).status).toBe(401);
      const forbidden = await call(legRoute.action, "PUT", { id: booking.id, leg: "outbound" }, { body: { driverId: null }, token: driverToken });
      expect(forbidden.status).toBe(403);
      expect((await call(legRoute.action, "DELETE", { id: booking.id, leg: "outbound" }, { token: driverToken })).status).toBe(403);
    });

    it("answers 409 with the conflicts, 404 for an unknown booking or leg, 400 for a bad body", async () => {
      const driver = await createTestDriver(db.kysely, { name: "Çakışan Şoför" });
      const one = await createTestBooking(deps, { carId: await car("API3"), pickupAt: at(120) });
      const two = await createTestBooking(deps, { carId: await car("API4"), pickupAt: at(120.5) });
      expect((await call(legRoute.action, "PUT", { id: one.id, leg: "outbound" }, { body: { driverId: driver.id }, token: adminToken })).status).toBe(200);
      const conflict = await call(legRoute.action, "PUT", { id: two.id, leg: "outbound" }, { body: { driverId: driver.id }, token: adminToken });
      expect(conflict.status).toBe(409);
      expect(conflict.body.error).toMatchObject({
        code: "driver_unavailable",
        reason: "admin:assign.messages.driverUnavailable",
        conflicts: [expect.objectContaining({ kind: "booking", reference: one.reference, leg: "outbound" })],
      });
      expect(String(conflict.body.error!.message)).toContain(one.reference);
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await call(legRoute.action, "PUT", { id: unknown, leg: "outbound" }, { body: {}, token: adminToken })).status).toBe(404);
      expect((await call(legRoute.action, "PUT", { id: one.id, leg: "sideways" }, { body: {}, token: adminToken })).status).toBe(404);
      expect((await call(legRoute.action, "PUT", { id: one.id, leg: "return" }, { body: { driverId: driver.id }, token: adminToken })).status).toBe(404);
      const bad = await call(legRoute.action, "PUT", { id: one.id, leg: "outbound" }, { body: { driverId: 42 }, token: adminToken });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "validation_failed", fieldCodes: { driverId: ["admin:assign.messages.driverInvalid"] } });
      expect((await call(legRoute.action, "PUT", { id: one.id, leg: "outbound" }, { body: "{not json", token: adminToken })).status).toBe(400);
      expect((await call(legRoute.action, "POST", { id: one.id, leg: "outbound" }, { body: {}, token: adminToken })).status).toBe(405);
    });
  });
});
