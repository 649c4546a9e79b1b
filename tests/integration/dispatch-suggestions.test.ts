/**
 * Planning from the board (issue 34) against the database, bookings and assignments made through
 * the booking core: the suggestions for a leg leave out busy, too small, in-maintenance cars and
 * busy or switched-off drivers (with the reason), rank the free ones, and what they suggest is
 * accepted by `assignLeg`; the board's filters and free gaps over a real day.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignLeg, loadDispatchDay, suggestForLeg } from "~/booking/index.server";
import { businessToday } from "~/booking/rules/datetime";
import { applyBoardFilter, parseBoardFilter } from "~/booking/rules/board-filter";
import { boardDay, shiftDate, type Lane } from "~/booking/rules/dispatch";
import { createCar, setCarStatus } from "~/fleet/cars.server";
import { updateDriver } from "~/drivers/drivers.server";
import { createMailer } from "~/server/mail.server";
import type { BookingRow } from "~/server/db/schema";
import { buildCar, createTestBooking, createTestDriver } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const office = { id: null, label: "test" };
const SECRET = "suggestions-test-secret-that-is-long-enough";
const D = shiftDate(businessToday(), 45);
const at = (hhmm: string) => new Date(`${D}T${hhmm}:00+03:00`).toISOString();

describe.each(engines)("suggestions for a leg on %s", (engine) => {
  let db: TestDb;
  const car = {} as Record<"vito" | "caravelle" | "sprinter" | "taken" | "tiny" | "garage", string>;
  const driver = {} as Record<"Ali" | "Berk" | "Cem" | "Deniz", string>;
  let trip: BookingRow;
  let busy: BookingRow;

  beforeAll(async () => {
    db = await testDb(engine);
    const k = db.kysely;
    car.vito = (await createCar(k, buildCar({ name: "Vito", category: "Minivan", seats: 7, plate_number: "07 VIT 01", sort_order: 1 }))).id;
    car.caravelle = (await createCar(k, buildCar({ name: "Caravelle", category: "Minivan", seats: 8, sort_order: 2 }))).id;
    car.sprinter = (await createCar(k, buildCar({ name: "Sprinter", category: "Minibüs", seats: 16, sort_order: 3 }))).id;
    car.taken = (await createCar(k, buildCar({ name: "Taken Van", category: "Minivan", seats: 7, sort_order: 4 }))).id;
    car.tiny = (await createCar(k, buildCar({ name: "Tiny", category: "Minivan", seats: 2, sort_order: 5 }))).id;
    car.garage = (await createCar(k, buildCar({ name: "In Garage", category: "Minivan", seats: 7, sort_order: 6 }))).id;
    await setCarStatus(k, car.garage, "maintenance");
    for (const name of ["Ali", "Berk", "Cem", "Deniz"] as const) driver[name] = (await createTestDriver(k, { name })).id;
    const deps = { db: k, mailer };
    // the leg to plan: 4 people on the Vito at 10:00
    trip = await createTestBooking(deps, { carId: car.vito, pickupAt: at("10:00"), fullName: "Anna Schmidt", passengers: 4 });
    // the taken van and Ali are busy at the same time; Berk has a leg earlier that day
    busy = await createTestBooking(deps, { carId: car.taken, pickupAt: at("10:15"), fullName: "Busy Guest", passengers: 2 });
    expect((await assignLeg(k, busy.id, { leg: "outbound", driverId: driver.Ali }, { actor: office, secret: SECRET })).ok).toBe(true);
    const early = await createTestBooking(deps, { carId: car.caravelle, pickupAt: at("06:00"), fullName: "Early Guest", passengers: 2 });
    expect((await assignLeg(k, early.id, { leg: "outbound", driverId: driver.Berk }, { actor: office, secret: SECRET })).ok).toBe(true);
    // a late leg nobody drives yet
    await createTestBooking(deps, { carId: car.sprinter, pickupAt: at("20:00"), fullName: "Late Guest", passengers: 9 });
    // Deniz is switched off
    const off = await updateDriver(k, driver.Deniz, { active: false }, null);
    expect(off.ok).toBe(true);
  });
  afterAll(() => db.destroy());

  it("leaves out busy, too small and in-maintenance cars and busy or switched-off drivers, with the reason", async () => {
    const s = (await suggestForLeg(db.kysely, trip.id, "outbound"))!;
    const ids = (list: Array<{ id: string }>) => list.map((c) => c.id);
    expect(ids(s.cars)).not.toContain(car.taken);
    expect(ids(s.cars)).not.toContain(car.tiny);
    expect(ids(s.cars)).not.toContain(car.garage);
    const why = Object.fromEntries(s.carsLeftOut.map((c) => [c.id, c.why]));
    expect(why[car.taken]).toMatchObject({ reason: "busy", conflicts: [{ kind: "booking", reference: busy.reference }] });
    expect(why[car.tiny]).toEqual({ reason: "too_small" });
    expect(why[car.garage]).toMatchObject({ reason: "unavailable", conflicts: [{ kind: "maintenance" }] });
    expect(s.driversLeftOut).toEqual([expect.objectContaining({ id: driver.Ali, why: expect.objectContaining({ reason: "busy" }) })]);
    expect(ids(s.drivers)).not.toContain(driver.Deniz);
  });

  it("ranks the leg's own car first, then its category by size, and the least busy driver first", async () => {
    const s = (await suggestForLeg(db.kysely, trip.id, "outbound"))!;
    expect(s.cars.map((c) => c.name)).toEqual(["Vito", "Caravelle", "Sprinter"]);
    expect(s.cars[0]).toMatchObject({ current: true, plate: "07 VIT 01" });
    // Berk drove at 06:00 (one leg that day): Cem, with none, comes first
    expect(s.drivers.map((d) => d.name)).toEqual(["Cem", "Berk"]);
    expect(s.drivers[1]).toMatchObject({ legsToday: 1 });
    expect(s.drivers[1]!.idleBefore).toBeGreaterThan(0);
  });

  it("suggests what the booking core accepts; a left-out one it refuses", async () => {
    const s = (await suggestForLeg(db.kysely, trip.id, "outbound"))!;
    const refused = await assignLeg(db.kysely, trip.id, { leg: "outbound", driverId: driver.Ali }, { actor: office, secret: SECRET });
    expect(refused).toMatchObject({ ok: false, reason: "driver_unavailable" });
    const ok = await assignLeg(db.kysely, trip.id, { leg: "outbound", driverId: s.drivers[0]!.id, carId: s.cars[0]!.id }, { actor: office, secret: SECRET });
    expect(ok.ok).toBe(true);
    // now the leg's own driver is suggested first
    const again = (await suggestForLeg(db.kysely, trip.id, "outbound"))!;
    expect(again.drivers[0]).toMatchObject({ id: driver.Cem, current: true });
  });

  it("answers null for a booking or leg that does not exist", async () => {
    expect(await suggestForLeg(db.kysely, "no-such-booking", "outbound")).toBeNull();
    expect(await suggestForLeg(db.kysely, trip.id, "return")).toBeNull();
  });

  it("filters the board: without a driver, without a car, by category; names the free gaps", async () => {
    const { lanes, categoryOfCar } = await loadDispatchDay(db.kysely, boardDay(D)!);
    const categories = [...new Set(lanes.flatMap((l) => (l.kind === "car" ? [l.car.category] : [])))];
    const filtered = (query: string) => applyBoardFilter(lanes, parseBoardFilter(new URLSearchParams(query), categories), new Map(Object.entries(categoryOfCar)));
    const shown = (list: Lane[]) => list.flatMap((l) => l.legs.filter((leg) => !leg.dimmed).map((leg) => leg.fullName)).sort();
    const everyone = ["Anna Schmidt", "Busy Guest", "Early Guest", "Late Guest"];
    expect(shown(filtered(""))).toEqual(everyone);
    // Anna has Cem since the test above, Busy Guest Ali, Early Guest Berk
    expect(shown(filtered("show=noDriver"))).toEqual(["Late Guest"]);
    // the others stay on their lanes, greyed: the lanes stay true to what the cars do
    expect(filtered("show=noDriver").flatMap((l) => l.legs).length).toBe(4);
    expect(shown(filtered("show=noCar"))).toEqual([]);
    expect(filtered("category=Minibüs").map((l) => (l.kind === "car" ? l.car.name : "none"))).toEqual(["Sprinter"]);
    // an unknown filter is no filter
    expect(shown(filtered("show=everything&category=Spaceship"))).toEqual(everyone);
    const vito = lanes.find((l): l is Extract<Lane, { kind: "car" }> => l.kind === "car" && l.car.id === car.vito)!;
    const freeAgain = new Date(Date.parse(vito.legs[0]!.end) + 30 * 60_000).toISOString();
    expect(vito.gaps.map((g) => [g.start, g.end])).toEqual([
      [at("00:00"), at("10:00")],
      [freeAgain, boardDay(D)!.end],
    ]);
  });
});
