/**
 * The month in numbers (issue 34, deliverable 5) on both engines: a known month made through the
 * production write path (bookings by the booking core, statuses by its status command, a no-show
 * by the driver's job steps, money by the ledger, drivers with each payout rule), and the report's
 * totals per car, driver, category, channel and partner, the cancellations, the no-shows and the
 * payouts checked against sums made here by hand from the bookings as stored; the screen, its
 * fall-back on a period that cannot be read, and the CSV as Turkish Excel reads it.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodReport } from "~/admin/reports.server";
import { monthPeriod, reportPeriodFrom } from "~/admin/reports-period";
import { createSession, SESSION_COOKIE, signedSessionValue } from "~/auth/session.server";
import { assignLeg, bookingCarsOf, changeBookingStatus, jobLinkOf, officeActor, recordJobStep, recordPayment, type BookingDeps } from "~/booking/index.server";
import { updateDriver } from "~/drivers/drivers.server";
import { createCar } from "~/fleet/cars.server";
import { monthOf, shiftMonth } from "~/partners/statement";
import { createMailer } from "~/server/mail.server";
import type { BookingRow, UserRow } from "~/server/db/schema";
import { getSettings, saveSettings } from "~/settings/settings.server";
import { buildCar, createTestBooking, createTestDriver, createTestPartner, createTestUser, testBookingDeps } from "../../db/seed/factories";
import { appRequestHandler } from "../setup/app-handler";
import { engines, testDb, type TestDb } from "../setup/db";
import { parseExcelCsv } from "../setup/excel-csv";
import { testAppContext } from "../setup/test-app";

const SECRET = "reports-test-secret-0123456789abcdef0123";
const log = pino({ level: "silent" });
const mailer = createMailer({ from: "office@example.com", log });
const HOUR = 3_600_000;
/** "1234,50": lira as Turkish Excel reads a number */
const excel = (k: number) => (k / 100).toFixed(2).replace(".", ",");

describe.each(engines)("reports on %s", (engine) => {
  let db: TestDb;
  let deps: BookingDeps;
  let admin: UserRow;
  // two months ahead: every pickup lies beyond the lead time
  const month = shiftMonth(monthOf(new Date()), 2);
  const b: Record<string, BookingRow> = {};
  const cars: Record<"vito" | "sprinter" | "van", string> = {} as never;
  const drivers: Record<"trip" | "km" | "share", string> = {} as never;
  let partner: Awaited<ReturnType<typeof createTestPartner>>;
  let vanPart = 0;

  const handler = appRequestHandler();
  async function get(path: string, as: UserRow = admin, form?: Record<string, string>) {
    const { token } = await createSession(db.kysely, as.id, { remember: false });
    const context = testAppContext(db, { env: { PUBLIC_URL: "http://localhost", SESSION_SECRET: SECRET }, mailer, clientIp: "10.34.5.1" });
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${encodeURIComponent(await signedSessionValue(SECRET, token))}` };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    return handler(new Request(`http://localhost${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined }), context);
  }

  beforeAll(async () => {
    db = await testDb(engine);
    deps = await testBookingDeps({ db: db.kysely, mailer, log, env: { PUBLIC_URL: "http://localhost", OFFICE_EMAIL: "office@example.com", SESSION_SECRET: SECRET } });
    const settings = await getSettings(db.kysely);
    await saveSettings(db.kysely, { ...settings, booking: { ...settings.booking, leadTimeHours: 0 } }, null);
    admin = await createTestUser(db.kysely, { role: "admin", name: "Patron" });
    const actor = officeActor(admin);
    partner = await createTestPartner(db.kysely, { name: "Belek Report Hotel", code: `BRH${engine.toUpperCase()}`, commissionPercent: 10 });
    cars.vito = (await createCar(db.kysely, buildCar({ name: `Report Vito ${engine}`, category: "VIP", seats: 6 }))).id;
    cars.sprinter = (await createCar(db.kysely, buildCar({ name: `Report Sprinter ${engine}`, category: "Minibüs", seats: 12 }))).id;
    cars.van = (await createCar(db.kysely, buildCar({ name: `Report Van ${engine}`, category: "Minibüs", seats: 6 }))).id;
    drivers.trip = (await createTestDriver(db.kysely, { name: "Trip Driver", payoutRule: "trip", payoutAmount: "250" })).id;
    drivers.km = (await createTestDriver(db.kysely, { name: "Km Driver", payoutRule: "km", payoutAmount: "4,50" })).id;
    drivers.share = (await createTestDriver(db.kysely, { name: "Share Driver", payoutRule: "share", payoutShare: "25" })).id;

    const at = (day: string, time = "11:00") => new Date(`${month}-${day}T${time}:00+03:00`).toISOString();
    const confirm = async (x: BookingRow) => expect((await changeBookingStatus(db.kysely, mailer, { id: x.id, to: "confirmed", actor, mailCustomer: false })).ok).toBe(true);
    const assign = async (x: BookingRow, leg: "outbound" | "return", driverId: string, unit?: number) =>
      expect(await assignLeg(db.kysely, x.id, { leg, driverId, ...(unit ? { unit } : {}) }, { actor, secret: SECRET })).toMatchObject({ ok: true });
    const pay = async (x: BookingRow, amount: number) => expect((await recordPayment(db.kysely, { bookingId: x.id, kind: "driver_cash", method: "cash", amount, currency: "TRY", actor, rates: (await getSettings(db.kysely)).currency.rates })).ok).toBe(true);

    // 1. the site's one-way in the Vito, driven and completed, paid in full
    b.completed = await createTestBooking(deps, { carId: cars.vito, pickupAt: at("03"), fullName: "Completed Guest" });
    await confirm(b.completed);
    await assign(b.completed, "outbound", drivers.trip);
    await pay(b.completed, b.completed.total_price);
    expect((await changeBookingStatus(db.kysely, mailer, { id: b.completed.id, to: "completed", actor, mailCustomer: false, now: new Date(Date.parse(b.completed.pickup_date) + 3 * HOUR) })).ok).toBe(true);
    // 2. a round trip booked by phone in the Vito, both legs with the per-km driver, 100 TL paid
    b.round = await createTestBooking(deps, { carId: cars.vito, tripType: "roundTrip", pickupAt: at("10"), returnAt: at("17"), returnPickup: { text: "Belek" }, returnDropoff: { text: "Antalya Havalimanı (AYT)", placeId: "ayt-airport" }, fullName: "Round Guest" }, { channel: "phone" });
    await confirm(b.round);
    await assign(b.round, "outbound", drivers.km);
    await assign(b.round, "return", drivers.km);
    await pay(b.round, 10_000);
    // 3. the partner's guest in the Sprinter did not come: the share driver closed the leg as a no-show
    b.noShow = await createTestBooking(deps, { carId: cars.sprinter, pickupAt: at("12", "14:00"), fullName: "Absent Guest" }, { partner: { id: partner.id, pays: false } });
    await confirm(b.noShow);
    await assign(b.noShow, "outbound", drivers.share);
    const token = (await jobLinkOf(db.kysely, SECRET, b.noShow.id, "outbound"))!.split("/job/")[1]!;
    const pickup = Date.parse(b.noShow.pickup_date);
    for (const [step, minutes] of [["accepted", -120], ["on_way", -60], ["arrived", -5], ["no_show", 180]] as const) {
      expect(await recordJobStep(db.kysely, token, step, null, new Date(pickup + minutes * 60_000))).toMatchObject({ ok: true });
    }
    // 4. a WhatsApp booking in the Sprinter, cancelled
    b.cancelled = await createTestBooking(deps, { carId: cars.sprinter, pickupAt: at("20"), fullName: "Cancelled Guest" }, { channel: "whatsapp" });
    expect((await changeBookingStatus(db.kysely, mailer, { id: b.cancelled.id, to: "cancelled", actor, note: "guest cancelled", mailCustomer: false })).ok).toBe(true);
    // 5. a party in the Sprinter and the van (unit 2 takes its part of the price): the per-trip driver in the Sprinter, the per-km one in the van
    b.party = await createTestBooking(deps, { carId: cars.sprinter, moreCarIds: [cars.van], passengers: 14, pickupAt: at("25"), fullName: "Party Guest" });
    vanPart = (await bookingCarsOf(db.kysely, b.party)).find((c) => c.unit === 2)!.price!;
    await confirm(b.party);
    await assign(b.party, "outbound", drivers.trip);
    await assign(b.party, "outbound", drivers.km, 2);
    expect(vanPart).toBeGreaterThan(0);
    // outside the month: the next month's first day at 00:30 Istanbul, and the month's last minute before it
    b.after = await createTestBooking(deps, { carId: cars.vito, pickupAt: new Date(`${shiftMonth(month, 1)}-01T00:30:00+03:00`).toISOString(), fullName: "Next Month" });
  });
  afterAll(() => db.destroy());

  it("sums the month per car, category, channel and partner exactly, with trips, kilometres and occupancy", async () => {
    const report = await periodReport(db.kysely, monthPeriod(month));
    const price = (x: BookingRow) => x.total_price as number;
    const { completed, round, noShow, cancelled, party } = b as Record<string, BookingRow>;
    const booked = price(completed!) + price(round!) + price(noShow!) + price(party!);
    expect(report.totals).toMatchObject({
      bookings: 4,
      booked,
      completed: price(completed!),
      paid: price(completed!) + 10_000,
      trips: 1 + 2 + 1 + 2,
      cancelled: { bookings: 1, lost: price(cancelled!) },
      noShows: { legs: 1, lost: price(noShow!) },
    });
    const car = (id: string) => report.cars.find((c) => c.key === id)!;
    expect(car(cars.vito)).toMatchObject({ bookings: 2, booked: price(completed!) + price(round!), completed: price(completed!), paid: price(completed!) + 10_000, trips: 3 });
    expect(car(cars.vito).km).toBeCloseTo(completed!.total_distance + round!.total_distance, 1);
    const vitoHours = (completed!.total_duration + round!.total_duration) / 3600;
    expect(car(cars.vito).occupancy).toBeCloseTo(Math.round((vitoHours / report.period.hours) * 1000) / 10, 5);
    // the party's price: the van its part, the Sprinter the rest; the cancelled booking in nothing
    expect(car(cars.sprinter)).toMatchObject({ bookings: 2, booked: price(noShow!) + price(party!) - vanPart, completed: 0, paid: 0, trips: 2 });
    expect(car(cars.van)).toMatchObject({ name: `Report Van ${engine}`, category: "Minibüs", bookings: 1, booked: vanPart, trips: 1 });
    expect(report.categories.map((c) => [c.key, c.booked])).toEqual([
      ["Minibüs", price(noShow!) + price(party!)],
      ["VIP", price(completed!) + price(round!)],
    ].sort((x, y) => (y[1] as number) - (x[1] as number)));
    const channel = (key: string) => report.channels.find((c) => c.key === key);
    expect(channel("site")).toMatchObject({ bookings: 2, booked: price(completed!) + price(party!), completed: price(completed!) });
    expect(channel("phone")).toMatchObject({ bookings: 1, booked: price(round!), paid: 10_000 });
    expect(channel("partner")).toMatchObject({ bookings: 1, booked: price(noShow!) });
    expect(channel("whatsapp")).toMatchObject({ bookings: 0, booked: 0, paid: 0 });
    expect(report.partners).toEqual([
      { key: partner.id, name: "Belek Report Hotel", bookings: 1, booked: price(noShow!), completed: 0, paid: 0 },
      { key: "", name: "", bookings: 3, booked: price(completed!) + price(round!) + price(party!), completed: price(completed!), paid: price(completed!) + 10_000 },
    ]);
  });

  it("pays each driver by their rule: per trip, per km and a share, a no-show leg counted", async () => {
    const report = await periodReport(db.kysely, monthPeriod(month));
    const driver = (id: string) => report.drivers.find((d) => d.key === id)!;
    const { completed, round, noShow, party } = b as Record<string, BookingRow>;
    // the Sprinter's leg of the party takes the party's price less the van's part; the van's leg that part
    const tripBooked = completed!.total_price + party!.total_price - vanPart;
    expect(driver(drivers.trip)).toMatchObject({ name: "Trip Driver", legs: 2, noShows: 0, booked: tripBooked, completed: completed!.total_price, earned: 2 * 25_000 });
    const kmDriven = round!.total_distance + party!.total_distance;
    expect(driver(drivers.km)).toMatchObject({ legs: 3, booked: round!.total_price + vanPart, paid: 10_000, earned: Math.round(450 * kmDriven) });
    expect(driver(drivers.km).km).toBeCloseTo(kmDriven, 1);
    expect(driver(drivers.share)).toMatchObject({ legs: 1, noShows: 1, booked: noShow!.total_price, earned: Math.round(noShow!.total_price * 0.25) });
    expect(report.totals.payouts).toBe(2 * 25_000 + Math.round(450 * kmDriven) + Math.round(noShow!.total_price * 0.25));
    // the rule changed on the driver's record changes the payout, and a wrong one is refused by field
    expect(await updateDriver(db.kysely, drivers.trip, { payoutRule: "share", payoutShare: "12,5" }, null)).toMatchObject({ ok: true, driver: { payout: { rule: "share", shareBp: 1250 } } });
    expect((await periodReport(db.kysely, monthPeriod(month))).drivers.find((d) => d.key === drivers.trip)!.earned).toBe(Math.round(tripBooked * 0.125));
    expect(await updateDriver(db.kysely, drivers.trip, { payoutRule: "km", payoutAmount: "-3" }, null)).toMatchObject({ ok: false, fields: { payoutAmount: [{ code: "admin:drivers.messages.payoutAmountInvalid" }] } });
    expect(await updateDriver(db.kysely, drivers.trip, { payoutRule: "share", payoutShare: "120" }, null)).toMatchObject({ ok: false, fields: { payoutShare: [{ code: "admin:drivers.messages.payoutShareInvalid" }] } });
    expect(await updateDriver(db.kysely, drivers.trip, { name: "Trip Driver" }, null)).toMatchObject({ ok: true, driver: { payout: { rule: "share", shareBp: 1250 } } });
    await updateDriver(db.kysely, drivers.trip, { payoutRule: "trip", payoutAmount: "250" }, null);
  });

  it("reads a month or a range, and falls back to last month on anything else", () => {
    const now = new Date("2026-03-01T00:30:00+03:00");
    expect(reportPeriodFrom(new URLSearchParams(""), now)).toEqual({ period: monthPeriod("2026-02") });
    expect(monthPeriod("2026-02")).toMatchObject({ from: "2026-02-01", to: "2026-02-28", start: "2026-01-31T21:00:00.000Z", end: "2026-02-28T21:00:00.000Z", hours: 672 });
    expect(reportPeriodFrom(new URLSearchParams("from=2026-01-10&to=2026-01-12"), now).period).toMatchObject({ kind: "range", hours: 72 });
    for (const [query, invalid] of [["month=2026-13", "month"], ["from=2026-02-30&to=2026-03-02", "range"], ["from=2026-03-02&to=2026-03-01", "order"], ["from=2025-01-01&to=2026-02-01", "tooLong"], ["month=<script>", "month"]] as const) {
      expect(reportPeriodFrom(new URLSearchParams(query), now)).toEqual({ period: monthPeriod("2026-02"), invalid });
    }
  });

  it("shows the screen to admins, says when the period could not be read, and gives each table as CSV for Turkish Excel", async () => {
    const page = await get(`/admin/reports?month=${month}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Report Vito ${engine}`);
    expect(html).toContain("Belek Report Hotel");
    expect(html).toContain("<svg");
    const garbage = await (await get("/admin/reports?month=2026-99")).text();
    expect(garbage).toContain("Ay okunamadı");

    const csv = await get(`/admin/reports/export?month=${month}&table=cars`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseExcelCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer()));
    expect(rows[0]).toEqual(["Araç", "Plaka", "Kategori", "Rezervasyon", "Rezervasyon geliri", "Tamamlanan", "Tahsil edilen", "Transfer", "Km", "Yolda (saat)", "Doluluk"]);
    const vito = rows.find((r) => r[0] === `Report Vito ${engine}`)!;
    const { completed, round } = b as Record<string, BookingRow>;
    expect(vito.slice(2, 8)).toEqual(["VIP", "2", excel(completed!.total_price + round!.total_price), excel(completed!.total_price), excel(completed!.total_price + 10_000), "3"]);
    const partners = parseExcelCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await (await get(`/admin/reports/export?month=${month}&table=partners`)).arrayBuffer()));
    expect(partners.slice(1).map((r) => r[0])).toEqual(["Belek Report Hotel", "Doğrudan (iş ortağı yok)"]);
    expect((await get(`/admin/reports/export?month=${month}&table=nope`)).status).toBe(400);
    expect((await get("/admin/reports/export?from=2026-01-05&to=2026-01-01&table=cars")).status).toBe(400);
  });

  it("sets the payout rule on the driver's form: a wrong amount refused in Turkish with what was typed kept, a right one saved", async () => {
    const form = { name: "Share Driver", phone: "0532 555 90 90", active: "on", payoutRule: "km", payoutAmount: "abc", payoutShare: "" };
    const refused = await get(`/admin/drivers/edit/${drivers.share}`, admin, form);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Tutar 0&#x27;dan büyük");
    expect(html).toContain('value="abc"');
    const saved = await get(`/admin/drivers/edit/${drivers.share}`, admin, { ...form, payoutAmount: "6,25" });
    expect(saved.status).toBe(302);
    const page = await (await get(`/admin/drivers/edit/${drivers.share}`)).text();
    expect(page).toContain("Ödeme kuralı");
    expect(page).toContain('value="6,25"');
    await get(`/admin/drivers/edit/${drivers.share}`, admin, { ...form, payoutRule: "share", payoutAmount: "", payoutShare: "25" });
  });
});
