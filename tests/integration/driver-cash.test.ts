/**
 * Drivers' cash (issue 30): the driver records from the job link what the guest paid at the end of
 * the leg (never before the guest is on board, never twice for one press of the form, in more than
 * one currency), each a ledger row with the leg and the driver; the office's Kasa page shows the
 * driver's day and closes it with a count, the difference kept and flagged, once. Through React
 * Router's handler, as a phone and the office would send them; bookings through the production path.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { assignLeg, cashDay, changeBookingStatus, jobLinkOf } from "~/booking/index.server";
import { businessToday, toBusinessParts } from "~/booking/rules/datetime";
import { createCar } from "~/fleet/cars.server";
import { createMailer } from "~/server/mail.server";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestDriver, createTestUser } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { testAppContext } from "../setup/test-app";

const log = pino({ level: "silent" });
const SESSION_SECRET = "driver-cash-test-session-secret-0123456789abcdef";

describe.each(engines)("drivers' cash on %s", (engine) => {
  let db: TestDb;
  let admin: { id: string; name: string | null; email: string };
  let driverAccount: string;
  const handler = appRequestHandler();
  const mailer = createMailer({ from: "office@example.com", log });
  const actor = { kind: "office" as const, id: null, label: "test office" };

  beforeAll(async () => {
    db = await testDb(engine);
    admin = await createTestUser(db.kysely, { role: "admin", name: "Kasa Sorumlusu" });
    driverAccount = (await createTestUser(db.kysely, { role: "driver" })).id;
    const settings = await getSettings(db.kysely);
    // legs due within the hour: the driver may set off now (the visitors' lead time would refuse them)
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
  });
  afterAll(() => db.destroy());

  async function send(method: string, path: string, options: { form?: Record<string, string>; as?: string; lng?: string } = {}) {
    const headers: Record<string, string> = { origin: "http://localhost", "accept-language": options.lng ?? "tr" };
    if (options.as) headers.authorization = `Bearer ${(await createSession(db.kysely, options.as, { remember: false })).token}`;
    if (options.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET }, mailer, clientIp: "10.30.1.1" });
    const response = await handler(new Request(`http://localhost${path}`, { method, headers, body: options.form ? new URLSearchParams(options.form) : undefined, redirect: "manual" }), context);
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }

  let cars = 0;
  /** A confirmed booking in euros, its pickup within the hour, its outbound leg given to a new driver: the link and the rest. */
  async function drivenSoon(name: string) {
    const car = (await createCar(db.kysely, buildCar({ name: `Kasa Araç ${++cars}` }))).id;
    const booking = await createTestBooking({ db: db.kysely, mailer }, { carId: car, pickupAt: new Date(Date.now() + 3_600_000).toISOString(), currency: "EUR", fullName: `Gast ${name}` });
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "confirmed", actor })).ok).toBe(true);
    const driver = await createTestDriver(db.kysely, { name });
    expect((await assignLeg(db.kysely, booking.id, { leg: "outbound", driverId: driver.id }, { actor, secret: SESSION_SECRET })).ok).toBe(true);
    const link = (await jobLinkOf(db.kysely, SESSION_SECRET, booking.id, "outbound"))!;
    return { booking, driver, link: new URL(link, "http://localhost").pathname };
  }

  const steps = async (link: string, list: string[]) => {
    for (const step of list) expect((await send("POST", link, { form: { step } })).location).toBe(`${link}?done=${step}`);
  };
  const collect = (link: string, fields: Record<string, string>) => send("POST", link, { form: { intent: "collect", ...fields } });
  const rowsOf = (bookingId: string) => db.kysely.selectFrom("payments").select(["kind", "method", "currency", "currency_amount", "leg", "driver_id", "actor_label"]).where("booking_id", "=", bookingId).orderBy("created_at").execute();

  it("takes no collection before the guest is on board, then records each one once, in any accepted currency", async () => {
    const { booking, driver, link } = await drivenSoon("Ahmet Kasa");
    const early = await send("GET", link);
    expect(early.text).not.toContain('data-testid="job-collect"');
    const refused = await collect(link, { amount: "40", currency: "EUR", method: "cash", nonce: "nonce-early-0001" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Tahsilat, misafir araca bindikten sonra kaydedilir.");
    expect(await rowsOf(booking.id)).toEqual([]);

    await steps(link, ["on_way", "arrived", "picked_up"]);
    const sheet = await send("GET", link);
    expect(sheet.text).toContain('data-testid="job-collect"');
    expect(sheet.text).toContain("Misafirin ödeyeceği: €");

    const first = await collect(link, { amount: "40", currency: "EUR", method: "cash", nonce: "nonce-first-0001" });
    expect(first.location).toBe(`${link}?collected=1`);
    // the same form sent twice (a double press, a retry): one row
    expect((await collect(link, { amount: "40", currency: "EUR", method: "cash", nonce: "nonce-first-0001" })).location).toBe(`${link}?collected=1`);
    expect((await collect(link, { amount: "1.500", currency: "TRY", method: "cash", nonce: "nonce-second-001" })).location).toBe(`${link}?collected=1`);
    expect((await collect(link, { amount: "10,50", currency: "EUR", method: "card", nonce: "nonce-third-0001" })).location).toBe(`${link}?collected=1`);
    // a typo keeps what was typed and records nothing
    const typo = await collect(link, { amount: "4o", currency: "EUR", method: "cash", nonce: "nonce-typo-00001" });
    expect(typo.status).toBe(400);
    expect(typo.text).toContain('value="4o"');
    expect(typo.text).toContain("Sıfırdan büyük bir tutar yazın");

    expect(await rowsOf(booking.id)).toEqual([
      { kind: "driver_cash", method: "cash", currency: "EUR", currency_amount: 4000, leg: "outbound", driver_id: driver.id, actor_label: "Ahmet Kasa" },
      { kind: "driver_cash", method: "cash", currency: "TRY", currency_amount: 150_000, leg: "outbound", driver_id: driver.id, actor_label: "Ahmet Kasa" },
      { kind: "driver_card", method: "card", currency: "EUR", currency_amount: 1050, leg: "outbound", driver_id: driver.id, actor_label: "Ahmet Kasa" },
    ]);
    const after = await send("GET", `${link}?collected=1`);
    expect(after.text).toContain("Tahsilat kaydedildi.");
    expect(after.text).toContain("Bu yolculukta kaydedilenler");

    // at the drop-off the booking completes and the sheet still takes what the guest paid last
    await steps(link, ["completed"]);
    expect((await collect(link, { amount: "5", currency: "EUR", method: "cash", nonce: "nonce-last-00001" })).location).toBe(`${link}?collected=1`);
    const money = await db.kysely.selectFrom("bookings").select(["status", "amount_paid", "payment_status"]).where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(money.status).toBe("completed");
    expect(money.amount_paid).toBeGreaterThan(0);
  });

  it("refuses a collection on a cancelled booking's link", async () => {
    const { booking, link } = await drivenSoon("İptal Şoför");
    await steps(link, ["on_way", "arrived", "picked_up"]);
    expect((await changeBookingStatus(db.kysely, mailer, { id: booking.id, to: "cancelled", note: "test", actor })).ok).toBe(true);
    const refused = await collect(link, { amount: "40", currency: "EUR", method: "cash", nonce: "nonce-cancel-001" });
    expect(refused.status).toBe(404);
    expect(await rowsOf(booking.id)).toEqual([]);
  });

  it("shows the driver's day on Kasa and closes it once, with the difference flagged", async () => {
    const { booking, driver, link } = await drivenSoon("Zeki Sayım");
    await steps(link, ["on_way", "arrived", "picked_up"]);
    // well under the fare at any hour (night surcharge or not), so the guest still owes
    await collect(link, { amount: "10", currency: "EUR", method: "cash", nonce: "nonce-zeki-00001" });
    await collect(link, { amount: "100", currency: "TRY", method: "cash", nonce: "nonce-zeki-00002" });
    // the cash is the day it was taken; the trip the day of its pickup (the two differ just before midnight)
    const day = businessToday();
    const tripDay = toBusinessParts(booking.pickup_date).date;
    const entry = (await cashDay(db.kysely, day)).find((d) => d.driverId === driver.id)!;
    expect(entry).toMatchObject({ name: "Zeki Sayım", cash: { EUR: 1000, TRY: 10_000 }, card: {}, closing: null });
    const trips = (await cashDay(db.kysely, tripDay)).find((d) => d.driverId === driver.id)!;
    expect(trips.legs).toEqual([expect.objectContaining({ bookingId: booking.id, leg: "outbound", jobStatus: "picked_up" })]);

    const page = await send("GET", `/admin/cash?date=${day}`, { as: admin.id });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Zeki Sayım");
    expect(page.text).toContain(booking.reference);
    const tripPage = await send("GET", `/admin/cash?date=${tripDay}`, { as: admin.id });
    expect(tripPage.text).toContain('data-testid="cash-uncollected"');
    // a driver's account never sees the back office: it is sent to its own trips
    const asDriver = await send("GET", `/admin/cash?date=${day}`, { as: driverAccount });
    expect(asDriver).toMatchObject({ status: 302, location: "/driver" });

    const bad = await send("POST", "/admin/cash", { as: admin.id, form: { intent: "close", driver: driver.id, date: day, "count.EUR": "-5" } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Sıfır ya da daha büyük bir tutar yazın.");
    const closed = await send("POST", "/admin/cash", { as: admin.id, form: { intent: "close", driver: driver.id, date: day, "count.EUR": "10,00", "count.TRY": "50", note: "50 TL eksik" } });
    expect(closed.status).toBe(200);
    expect(closed.text).toContain("Gün kapatıldı; sayım kayıtlardan farklı: fark işaretlendi.");
    const row = await db.kysely.selectFrom("cash_closings").selectAll().where("driver_id", "=", driver.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ day, has_difference: 1, note: "50 TL eksik", closed_by_label: "Kasa Sorumlusu" });
    expect(JSON.parse(row.difference)).toEqual({ TRY: -5000 });
    const again = await send("POST", "/admin/cash", { as: admin.id, form: { intent: "close", driver: driver.id, date: day, "count.EUR": "20" } });
    expect(again.status).toBe(409);
    expect(again.text).toContain("Bu şoförün günü zaten kapatılmış.");
    const audit = await db.kysely.selectFrom("audit_log").select(["action", "user_label"]).where("action", "=", "cash.close").where("entity_id", "=", driver.id).execute();
    expect(audit).toEqual([{ action: "cash.close", user_label: "Kasa Sorumlusu" }]);

    // a collection after the closing: the page says the count no longer covers the day
    await collect(link, { amount: "1", currency: "EUR", method: "cash", nonce: "nonce-zeki-00003" });
    const closing = (await cashDay(db.kysely, day)).find((d) => d.driverId === driver.id)!.closing!;
    expect(closing).toMatchObject({ hasDifference: true, stale: true, counted: { EUR: 1000, TRY: 5_000 } });
  });

  it("closes a day that matches without a flag", async () => {
    const { driver, link } = await drivenSoon("Eşit Kasa");
    await steps(link, ["on_way", "arrived", "picked_up"]);
    await collect(link, { amount: "30", currency: "EUR", method: "cash", nonce: "nonce-esit-00001" });
    const closed = await send("POST", "/admin/cash", { as: admin.id, form: { intent: "close", driver: driver.id, date: businessToday(), "count.EUR": "30" } });
    expect(closed.text).toContain("Gün kapatıldı; sayım kayıtlarla aynı.");
    const row = await db.kysely.selectFrom("cash_closings").select(["has_difference", "difference"]).where("driver_id", "=", driver.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ has_difference: 0, difference: "{}" });
  });
});
