/**
 * The owner reads last month (issue 34, deliverable 5): bookings made by the booking core for a
 * new car and a new partner, moved by the office's edit into last month (one completed and paid
 * through the ledger, one cancelled), and the owner opens /admin/reports on a 390 px phone
 * without JavaScript: last month by default, revenue by partner and by car, nothing wider than
 * the phone; then at 1440 px with JavaScript, axe finds nothing serious, and a driver's payout rule
 * reads back on the driver's form. Screenshots with E2E_SHOTS.
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const ISTANBUL = 3 * 3_600_000;
/** Last month in Istanbul, YYYY-MM, as the screen opens by default. */
function lastMonth(now = new Date()): string {
  const local = new Date(now.getTime() + ISTANBUL);
  const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
const lira = (kurus: number) => new Intl.NumberFormat("tr-TR", { style: "currency", currency: "TRY", minimumFractionDigits: 2 }).format(kurus / 100);

interface Made {
  carName: string;
  partnerName: string;
  /** kuruş */
  partnerPrice: number;
  directPrice: number;
}

/** Two bookings of a new car (one for a new partner, completed and paid; one direct) and a cancelled one, moved into last month. */
function lastMonthBookings(suffix: string): Promise<Made> {
  return withServerDb(async (db, code) => {
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const carName = `Rapor Vito ${suffix}`;
    const partnerName = `Rapor Otel ${suffix}`;
    const car = await code.createCar(db, code.buildCar({ name: carName, category: "VIP", seats: 6, sort_order: 997 }));
    const partner = await code.createTestPartner(db, { name: partnerName, code: `RPR${suffix}`, commissionPercent: 10 });
    const actor = { id: null, label: "e2e" };
    const month = lastMonth();
    const moved = async (day: string, fullName: string, meta = {}) => {
      const booking = await code.createTestBooking(deps, { carId: car.id, fullName }, meta);
      const result = await code.updateBooking(deps, booking.id, { pickup_date: `${month}-${day}`, pickup_time: "10:00" }, { actor, mailCustomer: false, overrideReason: "e2e: last month's trip" });
      if (!result.ok) throw new Error(`move refused: ${result.reason}`);
      return db.selectFrom("bookings").select(["id", "total_price"]).where("id", "=", booking.id).executeTakeFirstOrThrow();
    };
    const sold = await moved("14", "Partner Guest", { partner: { id: partner.id, pays: false } });
    const direct = await moved("16", "Direct Guest");
    const cancelled = await moved("18", "Cancelled Guest");
    const office = { kind: "office" as const, id: null, label: "e2e" };
    for (const to of ["confirmed", "completed"] as const) {
      const done = await code.changeBookingStatus(db, deps.mailer, { id: sold.id, to, actor: office, mailCustomer: false });
      if (!done.ok) throw new Error(`status refused: ${JSON.stringify(done)}`);
    }
    const rates = (await code.getSettings(db)).currency.rates;
    const paid = await code.recordPayment(db, { bookingId: sold.id, kind: "driver_cash", method: "cash", amount: sold.total_price, currency: "TRY", actor: office, rates });
    if (!paid.ok) throw new Error("payment refused");
    const cancel = await code.changeBookingStatus(db, deps.mailer, { id: cancelled.id, to: "cancelled", actor: office, note: "e2e", mailCustomer: false });
    if (!cancel.ok) throw new Error("cancel refused");
    return { carName, partnerName, partnerPrice: sold.total_price, directPrice: direct.total_price };
  });
}

test.describe("the month in numbers", () => {
  test("the owner reads last month's revenue by partner and by car on a phone without JavaScript, and axe passes at 1440", async ({ browser }) => {
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const made = await lastMonthBookings(suffix);

    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
    const page = await phone.newPage();
    await signIn(page);
    await page.goto("/admin/reports");
    const monthName = new Intl.DateTimeFormat("tr", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${lastMonth()}-01T00:00:00Z`));
    await expect(page.getByRole("heading", { level: 1, name: `Rapor: ${monthName}` })).toBeVisible();
    const partners = page.getByRole("region", { name: "İş ortaklarına göre" });
    const partnerRow = partners.getByRole("row").filter({ hasText: made.partnerName });
    // bookings, booked, completed, paid
    await expect(partnerRow.getByRole("cell")).toHaveText(["1", lira(made.partnerPrice), lira(made.partnerPrice), lira(made.partnerPrice)]);
    const carRow = page.getByRole("region", { name: "Araçlara göre" }).getByRole("row").filter({ hasText: made.carName });
    // the cancelled booking counts in nothing: two bookings, the completed one paid
    await expect(carRow.getByRole("cell").nth(2)).toHaveText("2");
    await expect(carRow.getByRole("cell").nth(3)).toHaveText(lira(made.partnerPrice + made.directPrice));
    await expect(carRow.getByRole("cell").nth(4)).toHaveText(lira(made.partnerPrice));
    await expect(carRow.getByRole("cell").nth(5)).toHaveText(lira(made.partnerPrice));
    await expect(page.getByRole("img", { name: "Araçlara göre: rezervasyon geliri ve tahsil edilen" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.E2E_SHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/reports-390.png`, fullPage: true });
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/reports-390-top.png` });
      await page.getByRole("region", { name: "Araçlara göre" }).locator("xpath=ancestor::section[1]").screenshot({ path: `${process.env.E2E_SHOTS}/reports-390-cars.png` });
    }
    // a month that cannot be read: last month, and the page says so
    await page.goto("/admin/reports?month=2026-19");
    await expect(page.getByText("Ay okunamadı (YYYY-AA olmalı); geçen ay gösteriliyor.")).toBeVisible();
    await phone.close();

    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const wide = await desk.newPage();
    await signIn(wide);
    await wide.goto("/admin/reports");
    await expect(wide.getByRole("region", { name: "İş ortaklarına göre" }).getByRole("row").filter({ hasText: made.partnerName })).toBeVisible();
    await expectNoSeriousA11yViolations(wide);
    if (process.env.E2E_SHOTS) await wide.screenshot({ path: `${process.env.E2E_SHOTS}/reports-1440.png`, fullPage: true });
    // the rule the payouts follow, on the driver's form
    const driver = await withServerDb((db, code) => code.createTestDriver(db, { name: `Rapor Şoför ${suffix}`, payoutRule: "km", payoutAmount: "4,50" }));
    await wide.goto(`/admin/drivers/edit/${driver.id}`);
    await expect(wide.getByLabel("Kural")).toHaveValue("km");
    await expect(wide.getByLabel("Tutar (TL)")).toHaveValue("4,50");
    if (process.env.E2E_SHOTS) await wide.getByRole("heading", { name: "Ödeme kuralı" }).locator("xpath=ancestor::section[1]").screenshot({ path: `${process.env.E2E_SHOTS}/driver-payout-1440.png` });
    await desk.close();
  });
});
