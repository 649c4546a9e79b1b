/**
 * The dispatch board's day against the database (bookings made through createBooking): a lane per
 * active car and car in maintenance, the day's legs in them (return legs on their own day, a leg
 * crossing midnight on both days), cancelled legs absent, completed ones shown, maintenance windows,
 * collisions once the office widens the buffer, and legs of an inactive car in "Araç atanmamış".
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingStatus } from "~/booking/index.server";
import { businessToday } from "~/booking/rules/datetime";
import { boardDay, shiftDate, type BoardLeg, type Lane } from "~/booking/rules/dispatch";
import { loadDispatchDay } from "~/booking/index.server";
import { createCar, setCarStatus, updateCar } from "~/fleet/cars.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { createMailer } from "~/server/mail.server";
import type { BookingRow } from "~/server/db/schema";
import { buildCar, createTestBooking } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const actor = { id: null, label: "test", kind: "office" as const };
/** A clock after every trip of this file: the office marks a trip completed only from its pickup on (rules/lifecycle.ts). */
const AFTER_THE_TRIPS = new Date("2100-01-01T00:00:00Z");

// Far enough ahead for the lead time, on days no other booking of these tests uses.
const D = shiftDate(businessToday(), 40);
const NEXT = shiftDate(D, 1);
const LATER = shiftDate(D, 3);
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

const legsOf = (lane: Lane | undefined) => (lane?.legs ?? []).map((l: BoardLeg) => `${l.reference}:${l.leg}`);

describe.each(engines)("dispatch board on %s", (engine) => {
  let db: TestDb;
  let vito: string;
  let sprinter: string;
  let retired: string;
  let idle: string;
  let morning: BookingRow;
  let round: BookingRow;
  let night: BookingRow;
  let cancelled: BookingRow;
  let done: BookingRow;
  let orphan: BookingRow;

  const board = async (date: string) => loadDispatchDay(db.kysely, boardDay(date)!);
  const lane = (lanes: Lane[], carId: string) => lanes.find((l): l is Extract<Lane, { kind: "car" }> => l.kind === "car" && l.car.id === carId);

  beforeAll(async () => {
    db = await testDb(engine);
    vito = (await createCar(db.kysely, buildCar({ name: "Mercedes Vito", sort_order: 1 }))).id;
    sprinter = (await createCar(db.kysely, buildCar({ name: "Mercedes Sprinter", sort_order: 2 }))).id;
    retired = (await createCar(db.kysely, buildCar({ name: "Old Passat", sort_order: 3 }))).id;
    idle = (await createCar(db.kysely, buildCar({ name: "Idle Sedan", sort_order: 0 }))).id;
    const deps = { db: db.kysely, mailer };
    morning = await createTestBooking(deps, { carId: vito, pickupAt: at(D, "09:00"), fullName: "Ayşe Yılmaz", flightNumber: "TK2412", passengers: 3 });
    round = await createTestBooking(deps, {
      carId: vito,
      tripType: "roundTrip",
      pickupAt: at(D, "13:00"),
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "AYT" },
      returnAt: at(LATER, "10:00"),
      fullName: "Hans Müller",
    });
    night = await createTestBooking(deps, { carId: sprinter, pickupAt: at(D, "23:30"), dropoff: { text: "Alanya" }, fullName: "Olga Ivanova" });
    cancelled = await createTestBooking(deps, { carId: sprinter, pickupAt: at(D, "10:00"), fullName: "Cancelled Guest" });
    await changeBookingStatus(db.kysely, mailer, { id: cancelled.id, to: "cancelled", note: "guest cancelled", actor });
    done = await createTestBooking(deps, { carId: sprinter, pickupAt: at(D, "15:00"), fullName: "Done Guest" });
    await changeBookingStatus(db.kysely, mailer, { id: done.id, to: "completed", actor, now: AFTER_THE_TRIPS });
    orphan = await createTestBooking(deps, { carId: retired, pickupAt: at(D, "11:00"), fullName: "Orphan Guest" });
    await setCarStatus(db.kysely, retired, "inactive");
  });
  afterAll(() => db.destroy());

  it("gives each active car a lane in the cars list's order, and the inactive car's legs to 'no car'", async () => {
    const { lanes } = await board(D);
    expect(lanes.map((l) => (l.kind === "car" ? l.car.name : "unassigned"))).toEqual(["Idle Sedan", "Mercedes Vito", "Mercedes Sprinter", "unassigned"]);
    expect(legsOf(lanes.at(-1))).toEqual([`${orphan.reference}:outbound`]);
    expect(lanes.at(-1)!.legs[0]!.carName).toBe("Old Passat");
    expect(lane(lanes, idle)!.legs).toEqual([]);
  });

  it("puts the day's legs in their car's lane in time order, with what the driver needs", async () => {
    const { lanes, buffer } = await board(D);
    expect(buffer).toBe(30);
    const v = lane(lanes, vito)!;
    expect(legsOf(v)).toEqual([`${morning.reference}:outbound`, `${round.reference}:outbound`]);
    const first = v.legs[0]!;
    expect(first).toMatchObject({ fullName: "Ayşe Yılmaz", flightNumber: "TK2412", passengers: 3, status: "pending", from: morning.pickup_location, to: morning.dropoff_location });
    expect(first.start).toBe(at(D, "09:00"));
    expect(first.end).toBe(morning.pickup_end);
    expect(first.position.left).toBeCloseTo((9 / 24) * 100, 2);
    expect(v.legs.every((l) => l.conflicts.length === 0)).toBe(true);
  });

  it("shows a return leg on its own day, with its own ends", async () => {
    const v = lane((await board(LATER)).lanes, vito)!;
    expect(legsOf(v)).toEqual([`${round.reference}:return`]);
    expect(v.legs[0]).toMatchObject({ from: round.return_pickup_location, to: round.return_dropoff_location, start: at(LATER, "10:00"), end: round.return_end });
    expect(round.return_pickup_location).toContain("Belek");
  });

  it("shows a leg crossing midnight on both days, clipped at the edge", async () => {
    const first = lane((await board(D)).lanes, sprinter)!.legs.find((l) => l.bookingId === night.id)!;
    expect(first.position.endsAfter).toBe(true);
    const second = lane((await board(NEXT)).lanes, sprinter)!;
    expect(legsOf(second)).toEqual([`${night.reference}:outbound`]);
    expect(second.legs[0]!.position.startsBefore).toBe(true);
  });

  it("leaves cancelled legs out and shows completed ones", async () => {
    const s = lane((await board(D)).lanes, sprinter)!;
    expect(s.legs.map((l) => l.bookingId)).toEqual([done.id, night.id]);
    expect(s.legs[0]!.status).toBe("completed");
    expect(s.legs.some((l) => l.bookingId === cancelled.id)).toBe(false);
  });

  it("marks legs that collide once the office widens the buffer", async () => {
    const settings = await getSettings(db.kysely);
    // 09:00 + the route to Belek, then 13:00: four hours apart; a 240 min buffer makes them collide.
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, bufferMinutes: 240 } }, null);
    try {
      const v = lane((await board(D)).lanes, vito)!;
      expect(v.legs[0]!.conflicts.map((c) => c.reference)).toEqual([round.reference]);
      expect(v.legs[1]!.conflicts.map((c) => c.reference)).toEqual([morning.reference]);
      expect(v.tracks).toBe(2);
    } finally {
      await saveSettings(db.kysely, settings, null);
    }
  });

  it("draws a maintenance window and flags the legs inside it", async () => {
    // through the car form's and the API's write (updateCar), as the office sets a window
    await updateCar(db.kysely, vito, { ...buildCar({ name: "Mercedes Vito", sort_order: 1 }), maintenance_from: at(D, "12:00"), maintenance_to: at(NEXT, "08:00") });
    try {
      const v = lane((await board(D)).lanes, vito)!;
      expect(v.maintenance).toMatchObject({ from: at(D, "12:00"), to: at(NEXT, "08:00"), left: 50, width: 50 });
      expect(v.legs.map((l) => l.inMaintenance)).toEqual([false, true]);
      expect(lane((await board(LATER)).lanes, vito)!.maintenance).toBeNull();
    } finally {
      await updateCar(db.kysely, vito, { ...buildCar({ name: "Mercedes Vito", sort_order: 1 }), maintenance_from: null, maintenance_to: null });
    }
  });

  it("keeps a car in maintenance status on the board, its window the whole day", async () => {
    await setCarStatus(db.kysely, idle, "maintenance");
    try {
      const l = lane((await board(D)).lanes, idle)!;
      expect(l.car.status).toBe("maintenance");
      expect(l.maintenance).toMatchObject({ from: null, to: null, left: 0, width: 100 });
    } finally {
      await setCarStatus(db.kysely, idle, "active");
    }
  });

  it("has nothing for a day without trips but still a lane per car", async () => {
    const { lanes } = await board(shiftDate(D, 10));
    expect(lanes.map((l) => l.kind)).toEqual(["car", "car", "car"]);
    expect(lanes.every((l) => l.legs.length === 0)).toBe(true);
  });
});
