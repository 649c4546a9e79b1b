/**
 * Issue 30, drivers' cash: on a phone without JavaScript the driver takes the guest on board, reads
 * what the guest owes and records what they took in two currencies; the office's Kasa page (a
 * dispatcher's phone) shows the day, and closing it with a count that is short flags the difference.
 * Data comes from the production write paths on the server's database.
 */
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { signIn, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const PHONE = { width: 390, height: 844 };
const OFFICE = { id: null, label: "e2e", kind: "office" as const };

/** A confirmed booking in euros moved to within the hour, with a new driver on its outbound leg. */
async function drivenSoon(driverName: string) {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order", "desc").executeTakeFirstOrThrow();
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const booking = await code.createTestBooking(deps, { carId: car.id, fullName: "Olga Smirnova", currency: "EUR" }, { locale: "ru" });
    const soon = code.toBusinessParts(new Date(Date.now() + 3_600_000).toISOString());
    const moved = await code.updateBooking(deps, booking.id, { pickup_date: soon.date, pickup_time: soon.time }, { actor: OFFICE, mailCustomer: false, overrideReason: "e2e: a leg due within the hour" });
    if (!moved.ok) throw new Error(`move refused: ${moved.reason}`);
    if (!(await code.changeBookingStatus(db, deps.mailer, { id: booking.id, to: "confirmed", actor: OFFICE })).ok) throw new Error("confirmation refused");
    const driver = await code.createTestDriver(db, { name: driverName });
    if (!(await code.assignLeg(db, booking.id, { leg: "outbound", driverId: driver.id }, { actor: OFFICE, secret: E2E_SESSION_SECRET })).ok) throw new Error("assignment refused");
    return { id: booking.id, reference: booking.reference, driverId: driver.id, link: (await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, "outbound"))! };
  });
}

test.describe("drivers' cash at 390 px without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the driver records euros and lira at the end of the leg; the office closes the day short and sees the difference", async ({ page }) => {
    const booking = await drivenSoon("Kemal Kasa");
    await page.goto(booking.link);
    await expect(page.getByTestId("job-collect")).toHaveCount(0);
    for (const step of ["Yola çıktım", "Vardım", "Yolcu alındı"]) await page.getByRole("button", { name: step }).click();

    const collect = page.getByTestId("job-collect");
    await expect(collect.getByTestId("job-due")).toContainText(/^Misafirin ödeyeceği: €[\d.,]+ \(₺[\d.,]+\)$/);
    await collect.getByLabel("Alınan tutar").fill("30");
    await expect(collect.getByLabel("Para birimi")).toHaveValue("EUR");
    await collect.getByRole("button", { name: "Tahsilatı kaydet" }).click();
    await expect(page.getByRole("status")).toHaveText("Tahsilat kaydedildi.");
    await collect.getByLabel("Alınan tutar").fill("250");
    await collect.getByLabel("Para birimi").selectOption("TRY");
    await collect.getByRole("button", { name: "Tahsilatı kaydet" }).click();
    await expect(collect.getByRole("listitem")).toHaveText(["€30,00 · Nakit", "₺250,00 · Nakit"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "test-results/driver-cash-job-390.png", fullPage: true });

    await signIn(page);
    await page.goto("/admin/cash");
    const card = page.getByTestId(`cash-driver-${booking.driverId}`);
    await expect(card.getByTestId("cash-total")).toHaveText("₺250,00 · €30,00");
    await card.getByLabel("Sayılan (EUR)").fill("30");
    await card.getByLabel("Sayılan (TRY)").fill("200");
    await card.getByLabel("Not").fill("50 TL eksik teslim edildi");
    await card.getByRole("button", { name: "Günü kapat" }).click();
    const closed = page.getByTestId(`cash-driver-${booking.driverId}`);
    await expect(closed.getByText("Gün kapatıldı; sayım kayıtlardan farklı: fark işaretlendi.")).toBeVisible();
    await expect(closed.locator('tr[data-difference="yes"]')).toHaveText(/TRY.*₺250,00.*₺200,00.*-₺50,00/);
    await expect(closed.locator('tr[data-difference="no"]')).toHaveText(/EUR/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "test-results/driver-cash-office-390.png", fullPage: true });
  });
});

test("the Kasa page passes axe with JavaScript", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/cash");
  await expect(page.getByRole("heading", { name: "Şoför kasası" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
