/**
 * Each car of a party is a leg on the board (issue 32, decision 017): the dispatch board shows a
 * block for every car in its own lane with that car's share of the party; each car's leg takes its
 * own driver (one driver cannot drive two cars of the same trip), its own job link and steps; the
 * booking completes when every car's legs are done; a further car can be changed for one that seats
 * its share; a cancellation releases every car's driver; the API assigns a car's leg with `unit`.
 * Everything through the production write paths (the factories, the front door, the API).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legAssignments } from "~/admin/leg-assignments.server";
import { createSession } from "~/auth/session.server";
import { assignLeg, bookingCarsOf, changeBookingStatus, jobLinkOf, loadDispatchDay, officeActor, recordJobStep, updateBooking } from "~/booking/index.server";
import { boardDay } from "~/booking/rules/dispatch";
import { driverTrips, guestDriverView, jobSheetOfToken } from "~/drivers/job.server";
import { fixedT } from "~/i18n/translate.server";
import { createCar } from "~/fleet/cars.server";
import type { UserRow } from "~/server/db/schema";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { liraToKurus } from "~/utils/money";
import { buildCar, createTestBooking, createTestDriver, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { silentLog, testAppContext, testMailer } from "../setup/test-app";
import { tripDate, tripDay } from "../setup/trip-date";

const SECRET = "group-legs-test-secret-0123456789abcdefgh";
const env = { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET };
const MINUTE = 60_000;

describe.each(engines)("each car of a party a leg on the board on %s", (engine) => {
  let db: TestDb;
  let office: UserRow;
  const cars: Record<string, string> = {};
  const mailer = testMailer();
  const handler = appRequestHandler();
  const deps = () => ({ db: db.kysely, mailer, env, log: silentLog });
  const actor = () => officeActor(office);

  beforeAll(async () => {
    db = await testDb(engine);
    office = await createTestUser(db.kysely, { role: "dispatcher", name: "Operasyon" });
    const make = async (key: string, name: string, category: string, seats: number, luggage: number) =>
      (cars[key] = (await createCar(db.kysely, buildCar({ name, make: "Lane", model: name.slice(5), category, seats, luggage, price_per_km: liraToKurus(60) }))).id);
    await make("sprinter", "Lane Sprinter", "Minibüs", 16, 16);
    await make("vito", "Lane Vito", "Minivan", 8, 8);
    await make("vito2", "Lane Vito Two", "Minivan", 8, 8);
    await make("sedan", "Lane Sedan", "Sedan", 3, 3);
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
  });
  afterAll(() => db.destroy());

  const party = (pickupAt: string, extra: Partial<Parameters<typeof createTestBooking>[1]> = {}) =>
    createTestBooking(deps(), { carId: cars.sprinter!, moreCarIds: [cars.vito!], passengers: 14, luggage: 20, pickupAt, ...extra }, { locale: "ru" });

  it("lays out a block for each car in its own lane with that car's share of the party", async () => {
    const b = await party(tripDate(40, "09:00"));
    const board = await loadDispatchDay(db.kysely, boardDay(tripDay(40))!);
    const mine = board.lanes.flatMap((lane) => lane.legs.filter((l) => l.bookingId === b.id).map((l) => ({ lane: lane.kind === "car" ? lane.car.id : null, unit: l.unit, units: l.units, passengers: l.passengers, carName: l.carName })));
    expect(mine.sort((x, y) => (x.unit ?? 1) - (y.unit ?? 1))).toEqual([
      { lane: cars.sprinter, unit: 1, units: 2, passengers: 10, carName: "Lane Sprinter" },
      { lane: cars.vito, unit: 2, units: 2, passengers: 4, carName: "Lane Vito" },
    ]);
    // the office's assignments list a leg per car, each with its car
    const views = await legAssignments(db.kysely, b.id, { secret: SECRET, publicUrl: env.PUBLIC_URL });
    expect(views.map((v) => [v.leg, v.unit, v.units, v.car?.id])).toEqual([
      ["outbound", 1, 2, cars.sprinter],
      ["outbound", 2, 2, cars.vito],
    ]);
  });

  it("gives each car its own driver and job link; the booking completes when every car's leg is done", async () => {
    const b = await party(new Date(Date.now() + 20 * MINUTE).toISOString());
    expect((await changeBookingStatus(db.kysely, mailer, { id: b.id, to: "confirmed", actor: actor() })).ok).toBe(true);
    const first = await createTestDriver(db.kysely, { name: "Birinci Şoför" });
    const second = await createTestDriver(db.kysely, { name: "İkinci Şoför" });
    expect(await assignLeg(db.kysely, b.id, { leg: "outbound", driverId: first.id }, { actor: actor(), secret: SECRET })).toMatchObject({ ok: true });
    // one driver cannot drive two cars of the same trip
    expect(await assignLeg(db.kysely, b.id, { leg: "outbound", unit: 2, driverId: first.id }, { actor: actor(), secret: SECRET })).toMatchObject({ ok: false, reason: "driver_unavailable" });
    expect(await assignLeg(db.kysely, b.id, { leg: "outbound", unit: 2, driverId: second.id }, { actor: actor(), secret: SECRET })).toMatchObject({ ok: true, change: { leg: "outbound", unit: 2 } });
    // a unit the booking does not have
    expect(await assignLeg(db.kysely, b.id, { leg: "outbound", unit: 3, driverId: second.id }, { actor: actor(), secret: SECRET })).toEqual({ ok: false, reason: "no_leg" });

    const linkOne = (await jobLinkOf(db.kysely, SECRET, b.id, "outbound"))!;
    const linkTwo = (await jobLinkOf(db.kysely, SECRET, b.id, "outbound", 2))!;
    expect(linkTwo).not.toBe(linkOne);
    const tokenOf = (link: string) => link.split("/job/")[1]!;
    const sheet = (await jobSheetOfToken(db.kysely, tokenOf(linkTwo), "tr"))!;
    expect(sheet).toMatchObject({ party: { unit: 2, units: 2, carName: "Lane Vito" }, passengers: 4, signs: [] });
    expect((await jobSheetOfToken(db.kysely, tokenOf(linkOne), "tr"))!).toMatchObject({ party: { unit: 1, units: 2, carName: "Lane Sprinter" }, passengers: 10 });
    // the guest's page names each car's driver and car
    const row = await db.kysely.selectFrom("bookings").selectAll().where("id", "=", b.id).executeTakeFirstOrThrow();
    const drivers = await guestDriverView(db.kysely, row, fixedT("ru", "booking"), "ru");
    expect(drivers.map((d) => [d.leg, d.unit, d.units, d.driver, d.car])).toEqual([
      ["outbound", 1, 2, "Birinci Şoför", expect.stringContaining("Lane Sprinter")],
      ["outbound", 2, 2, "İkinci Şoför", expect.stringContaining("Lane Vito")],
    ]);
    // the second driver's day lists their car's share
    const trips = await driverTrips(db.kysely, second.id, SECRET, "tr");
    expect([...trips.today, ...trips.upcoming].find((t) => t.bookingId === b.id)).toMatchObject({ party: { unit: 2, units: 2, carName: "Lane Vito" }, passengers: 4, link: linkTwo });

    for (const step of ["on_way", "arrived", "picked_up", "completed"] as const) {
      expect(await recordJobStep(db.kysely, tokenOf(linkTwo), step, null)).toMatchObject({ ok: true, unit: 2, bookingCompleted: false });
    }
    const status = async () => (await db.kysely.selectFrom("bookings").select("status").where("id", "=", b.id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe("confirmed");
    // the first car's steps are its own: still waiting to set off
    expect((await jobSheetOfToken(db.kysely, tokenOf(linkOne), "tr"))!.status).toBe("assigned");
    for (const step of ["on_way", "arrived", "picked_up"] as const) expect((await recordJobStep(db.kysely, tokenOf(linkOne), step, null)).ok).toBe(true);
    expect(await recordJobStep(db.kysely, tokenOf(linkOne), "completed", null)).toMatchObject({ ok: true, unit: 1, bookingCompleted: true });
    expect(await status()).toBe("completed");
  });

  it("changes a further car for one that seats its share and is free; refuses a car too small, busy, or already in the party", async () => {
    const pickupAt = tripDate(42, "10:00");
    const b = await party(pickupAt);
    const other = await createTestBooking(deps(), { carId: cars.vito2!, pickupAt });
    expect(other.car_id).toBe(cars.vito2);
    const assign = (carId: string) => assignLeg(db.kysely, b.id, { leg: "outbound", unit: 2, carId }, { actor: actor(), secret: SECRET });
    expect(await assign(cars.sedan!)).toMatchObject({ ok: false, reason: "car_refused" });
    expect(await assign(cars.vito2!)).toMatchObject({ ok: false, reason: "car_unavailable" });
    expect(await assign(cars.sprinter!)).toMatchObject({ ok: false, reason: "car_unavailable" });
    const free = (await createCar(db.kysely, buildCar({ name: "Lane Vito Free", category: "Minivan", seats: 8, luggage: 8 }))).id;
    expect(await assign(free)).toMatchObject({ ok: true, change: { unit: 2, car: { from: "Lane Vito", to: "Lane Vito Free" } } });
    const units = await bookingCarsOf(db.kysely, (await db.kysely.selectFrom("bookings").selectAll().where("id", "=", b.id).executeTakeFirstOrThrow()));
    expect(units.map((u) => [u.unit, u.carId, u.carName, u.passengers])).toEqual([
      [1, cars.sprinter, "Lane Sprinter", 10],
      [2, free, "Lane Vito Free", 4],
    ]);
    const row = await db.kysely.selectFrom("bookings").select(["car_name", "total_price"]).where("id", "=", b.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ car_name: "Lane Sprinter + Lane Vito Free", total_price: b.total_price });
    // the old van is free again for those times
    expect((await createTestBooking(deps(), { carId: cars.vito!, pickupAt })).car_id).toBe(cars.vito);
  });

  it("checks a party's further car when the office moves its time, as it checks the booking's own", async () => {
    const b = await party(tripDate(45, "10:00"));
    // the van is taken at 15:00 by another booking
    await createTestBooking(deps(), { carId: cars.vito!, pickupAt: tripDate(45, "15:00") });
    const full = await testBookingDeps({ db: db.kysely, mailer, env });
    const moved = await updateBooking(full, b.id, { pickup_date: tripDay(45), pickup_time: "15:00" }, { actor: actor() });
    expect(moved).toMatchObject({ ok: false, reason: "unavailable" });
    expect((moved as { conflicts: Array<{ kind: string }> }).conflicts.map((c) => c.kind)).toEqual(["booking"]);
    // an hour later both cars are free
    expect(await updateBooking(full, b.id, { pickup_date: tripDay(45), pickup_time: "18:00" }, { actor: actor() })).toMatchObject({ ok: true });
  });

  it("checks the booking's own car against its share of the party when the office edits it or changes its car", async () => {
    const full = await testBookingDeps({ db: db.kysely, mailer, env });
    // two vans of eight for fourteen: neither takes the whole party
    const b = await createTestBooking(deps(), { carId: cars.vito!, moreCarIds: [cars.vito2!], passengers: 14, luggage: 10, pickupAt: tripDate(46, "10:00") });
    expect(await updateBooking(full, b.id, { passengers: 14, luggage: 10, phone: "+7 916 000 11 22" }, { actor: actor() })).toMatchObject({ ok: true });
    expect(await updateBooking(full, b.id, { car_id: cars.sedan! }, { actor: actor() })).toMatchObject({ ok: false, reason: "invalid", fields: { car_id: expect.arrayContaining([expect.objectContaining({ code: "booking:errors.tooManyPassengers" })]) } });
    // two more in the first van: nine do not fit in eight seats
    expect(await updateBooking(full, b.id, { passengers: 16 }, { actor: actor() })).toMatchObject({ ok: false, reason: "invalid" });
    const other = (await createCar(db.kysely, buildCar({ name: "Lane Vito Three", category: "Minivan", seats: 8, luggage: 8 }))).id;
    expect(await assignLeg(db.kysely, b.id, { leg: "outbound", carId: other }, { actor: actor(), secret: SECRET })).toMatchObject({ ok: true });
  });

  it("releases every car's driver when the booking is cancelled", async () => {
    const b = await party(tripDate(43, "10:00"));
    const first = await createTestDriver(db.kysely, { name: "Gidiş Bir" });
    const second = await createTestDriver(db.kysely, { name: "Gidiş İki" });
    await assignLeg(db.kysely, b.id, { leg: "outbound", driverId: first.id }, { actor: actor(), secret: SECRET });
    await assignLeg(db.kysely, b.id, { leg: "outbound", unit: 2, driverId: second.id }, { actor: actor(), secret: SECRET });
    const linkTwo = (await jobLinkOf(db.kysely, SECRET, b.id, "outbound", 2))!;
    expect((await changeBookingStatus(db.kysely, mailer, { id: b.id, to: "cancelled", note: "Grup iptal", actor: actor() })).ok).toBe(true);
    const views = await legAssignments(db.kysely, b.id, { secret: SECRET, publicUrl: env.PUBLIC_URL });
    expect(views.map((v) => [v.unit, v.driver])).toEqual([
      [1, null],
      [2, null],
    ]);
    // the second car's old link says the booking was cancelled, and shows nothing of the guest
    expect(await jobSheetOfToken(db.kysely, linkTwo.split("/job/")[1]!, "tr")).toMatchObject({ closed: true, bookingStatus: "cancelled", passenger: null, party: { unit: 2 } });
  });

  it("assigns a further car's leg through the API with `unit`, and refuses a unit that is not a number", async () => {
    const b = await party(tripDate(44, "10:00"));
    const driver = await createTestDriver(db.kysely, { name: "API Şoför" });
    const token = (await createSession(db.kysely, office.id, { remember: false })).token;
    const context = testAppContext(db, { env, mailer, clientIp: `10.44.${engine === "sqlite" ? 1 : 2}.9` });
    const put = (body: unknown) =>
      handler(new Request(`http://localhost/api/bookings/${b.id}/legs/outbound`, { method: "PUT", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) }), context);
    const ok = await put({ driverId: driver.id, unit: 2 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toMatchObject({ leg: "outbound", unit: 2, units: 2, driver: { id: driver.id }, car: { id: cars.vito } });
    const bad = await put({ driverId: driver.id, unit: "2" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fieldCodes: Record<string, string[]> } }).error.fieldCodes.unit).toEqual(["admin:assign.messages.unitInvalid"]);
    const missing = await put({ driverId: driver.id, unit: 3 });
    expect(missing.status).toBe(404);
    const off = await handler(new Request(`http://localhost/api/bookings/${b.id}/legs/outbound?unit=2`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } }), context);
    expect(off.status).toBe(200);
    expect(((await off.json()) as { data: unknown }).data).toMatchObject({ unit: 2, driver: null });
    const got = await handler(new Request(`http://localhost/api/bookings/${b.id}`, { headers: { authorization: `Bearer ${token}` } }), context);
    expect(((await got.json()) as { data: { legs: Array<{ unit: number }> } }).data.legs.map((l) => l.unit)).toEqual([1, 2]);
  });
});
