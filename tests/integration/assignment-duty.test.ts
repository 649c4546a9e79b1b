/**
 * The driver's duty and the documents in the assignment (issue 34), on both engines: a driver off
 * that weekday, on leave, outside their hours or short of the minimum rest, and a driver or car
 * with a document expired on the leg's day are refused by `assignLeg` unless the office gives a
 * reason (recorded in the history and the audit log), and left out of the board's suggestions with
 * the reason; a busy driver stays refused whatever the reason. Schedules, documents and settings
 * are written by the screens' own write paths.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignLeg, suggestForLeg, type DutyIssue } from "~/booking/index.server";
import { businessToday } from "~/booking/rules/datetime";
import { shiftDate } from "~/booking/rules/dispatch";
import { WEEKDAYS, weekdayOf } from "~/drivers/shifts";
import { addLeave, saveWeekHours } from "~/drivers/shifts.server";
import { saveDocument } from "~/fleet/documents.server";
import { createCar } from "~/fleet/cars.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { createMailer } from "~/server/mail.server";
import type { BookingRow } from "~/server/db/schema";
import { buildCar, createTestBooking, createTestDriver } from "../../db/seed/factories";
import { engines, testDb, type TestDb } from "../setup/db";

const mailer = createMailer({ from: "office@example.com", log: pino({ level: "silent" }) });
const office = { id: null, label: "test" };
const SECRET = "duty-test-secret-that-is-long-enough-1234";
const D = shiftDate(businessToday(), 50);
const at = (hhmm: string) => new Date(`${D}T${hhmm}:00+03:00`).toISOString();
const kinds = (issues: DutyIssue[]) => issues.map((i) => (i.kind === "duty" ? i.problem.kind : i.kind === "document" ? `${i.who}:${i.document.kind}` : i.kind));

describe.each(engines)("duty and documents in the assignment on %s", (engine) => {
  let db: TestDb;
  const id = {} as Record<"vito" | "oldVan" | "early" | "onLeave" | "expired" | "free" | "rested", string>;
  let morning: BookingRow;
  let noon: BookingRow;

  beforeAll(async () => {
    db = await testDb(engine);
    const k = db.kysely;
    id.vito = (await createCar(k, buildCar({ name: "Vito", seats: 7, sort_order: 1 }))).id;
    id.oldVan = (await createCar(k, buildCar({ name: "Old Van", seats: 7, sort_order: 2 }))).id;
    id.early = (await createTestDriver(k, { name: "Early Erkan" })).id;
    id.onLeave = (await createTestDriver(k, { name: "Leave Leyla" })).id;
    id.expired = (await createTestDriver(k, { name: "Expired Emre" })).id;
    id.free = (await createTestDriver(k, { name: "Free Fatma" })).id;
    id.rested = (await createTestDriver(k, { name: "Rest Rıza" })).id;
    // Erkan works 05:00–09:00 that weekday; Leyla is on leave that day; Emre's licence ran out the day before
    const weekday = weekdayOf(D);
    const week = Object.fromEntries(WEEKDAYS.map((d) => [d, d === weekday ? { from: "05:00", to: "09:00" } : { off: "on" }]));
    const hours = await saveWeekHours(k, id.early, week, null);
    expect(hours.ok).toBe(true);
    const leave = await addLeave(k, id.onLeave, { kind: "leave", from: shiftDate(D, -1), to: shiftDate(D, 2), note: "Yıllık izin" }, null);
    expect(leave.ok).toBe(true);
    await saveDocument(k, { kind: "driver", id: id.expired }, "licence", { expiresOn: shiftDate(D, -1) }, { id: null, label: "test" });
    await saveDocument(k, { kind: "driver", id: id.free }, "licence", { expiresOn: shiftDate(D, 365) }, { id: null, label: "test" });
    // the old van's inspection ran out; the Vito's is good for a year
    await saveDocument(k, { kind: "car", id: id.oldVan }, "inspection", { expiresOn: shiftDate(D, -10) }, { id: null, label: "test" });
    await saveDocument(k, { kind: "car", id: id.vito }, "inspection", { expiresOn: shiftDate(D, 365) }, { id: null, label: "test" });
    const deps = { db: k, mailer };
    morning = await createTestBooking(deps, { carId: id.vito, pickupAt: at("10:00"), fullName: "Anna Schmidt", passengers: 2 });
    noon = await createTestBooking(deps, { carId: id.vito, pickupAt: at("13:00"), fullName: "Olga Ivanova", passengers: 2 });
  });
  afterAll(() => db.destroy());

  const assign = (booking: BookingRow, input: { driverId?: string; carId?: string; overrideReason?: string }) =>
    assignLeg(db.kysely, booking.id, { leg: "outbound", ...input }, { actor: office, secret: SECRET });

  it("refuses a driver outside their hours, on leave or with an expired licence, naming why", async () => {
    const outside = await assign(morning, { driverId: id.early });
    expect(outside).toMatchObject({ ok: false, reason: "needs_override" });
    expect(kinds((outside as { issues: DutyIssue[] }).issues)).toEqual(["outside_hours"]);
    const away = await assign(morning, { driverId: id.onLeave });
    expect(kinds((away as { issues: DutyIssue[] }).issues)).toEqual(["leave"]);
    const paper = await assign(morning, { driverId: id.expired });
    expect(kinds((paper as { issues: DutyIssue[] }).issues)).toEqual(["driver:licence"]);
  });

  it("refuses a car with an expired inspection", async () => {
    const car = await assign(morning, { carId: id.oldVan });
    expect(car).toMatchObject({ ok: false, reason: "needs_override" });
    expect(kinds((car as { issues: DutyIssue[] }).issues)).toEqual(["car:inspection"]);
  });

  it("leaves the same drivers and cars out of the suggestions, with the reason", async () => {
    const s = (await suggestForLeg(db.kysely, morning.id, "outbound"))!;
    expect(s.drivers.map((d) => d.name).sort()).toEqual(["Free Fatma", "Rest Rıza"]);
    const out = Object.fromEntries(s.driversLeftOut.map((d) => [d.name, d.why.reason === "duty" ? kinds(d.why.issues) : d.why.reason]));
    expect(out).toEqual({ "Early Erkan": ["outside_hours"], "Leave Leyla": ["leave"], "Expired Emre": ["driver:licence"] });
    expect(s.cars.map((c) => c.name)).toEqual(["Vito"]);
    expect(s.carsLeftOut.find((c) => c.name === "Old Van")?.why).toMatchObject({ reason: "duty" });
  });

  it("assigns over them with a reason, recorded in the history", async () => {
    const ok = await assign(morning, { driverId: id.early, overrideReason: "Erkan fazla mesaiye kaldı" });
    expect(ok.ok).toBe(true);
    const events = await db.kysely.selectFrom("booking_events").select(["changes"]).where("booking_id", "=", morning.id).execute();
    expect(events.some((e) => (e.changes ?? "").includes("Erkan fazla mesaiye kaldı"))).toBe(true);
    const audit = await db.kysely.selectFrom("audit_log").select(["details"]).where("entity_id", "=", morning.id).where("action", "=", "booking.assign").execute();
    expect(audit.some((a) => (a.details ?? "").includes("driver:duty:outside_hours"))).toBe(true);
  });

  it("keeps a busy driver refused whatever the reason", async () => {
    const busy = await createTestBooking({ db: db.kysely, mailer }, { carId: id.oldVan, pickupAt: at("10:10"), fullName: "Busy Guest", passengers: 2 });
    const refused = await assign(busy, { driverId: id.early, overrideReason: "please" });
    expect(refused).toMatchObject({ ok: false, reason: "driver_unavailable" });
  });

  it("refuses too short a rest once the office sets a minimum, before and after", async () => {
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, driverRestMinutes: 240 } }, null);
    try {
      // Rıza drives at 10:00; 13:00 is under four hours later
      expect((await assign(morning, { driverId: id.rested, overrideReason: "swap" })).ok).toBe(true);
      const tooSoon = await assign(noon, { driverId: id.rested });
      expect(tooSoon).toMatchObject({ ok: false, reason: "needs_override" });
      expect(kinds((tooSoon as { issues: DutyIssue[] }).issues)).toEqual(["rest"]);
      // Fatma is free and rested
      expect((await assign(noon, { driverId: id.free })).ok).toBe(true);
    } finally {
      await saveSettings(db.kysely, settings, null);
    }
  });
});
