/**
 * Issue 31, the ride: a driver's day on a phone without JavaScript, from accepting the job to
 * completing it, while a Russian guest's private page (another phone, JavaScript off too) shows each
 * step with its time; then the office's booking page lists the steps. A decline sends the job back.
 * Data comes from the production write paths on the server's database.
 */
import type { Page } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { createAccount, setSessionCookie, signIn, startSession, withServerDb } from "./admin-helpers";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const PHONE = { width: 390, height: 844 };
const OFFICE = { id: null, label: "e2e", kind: "office" as const };

/** A Russian guest's booking confirmed and due within the hour, its outbound leg on a driver with an account. */
async function rideFor(driverName: string, driverUserId: string | null) {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const booking = await code.createTestBooking(deps, { carId: car.id, fullName: "Анна Смирнова" }, { locale: "ru" });
    const soon = code.toBusinessParts(new Date(Date.now() + 3_600_000).toISOString());
    const moved = await code.updateBooking(deps, booking.id, { pickup_date: soon.date, pickup_time: soon.time }, { actor: OFFICE, mailCustomer: false, overrideReason: "e2e: a leg due within the hour" });
    if (!moved.ok) throw new Error(`move refused: ${moved.reason}`);
    const confirmed = await code.changeBookingStatus(db, deps.mailer, { id: booking.id, to: "confirmed", actor: OFFICE });
    if (!confirmed.ok) throw new Error(`confirmation refused: ${confirmed.reason}`);
    const driver = await code.createTestDriver(db, { name: driverName, userId: driverUserId });
    const assigned = await code.assignLeg(db, booking.id, { leg: "outbound", driverId: driver.id }, { actor: OFFICE, secret: E2E_SESSION_SECRET });
    if (!assigned.ok) throw new Error(`assignment refused: ${assigned.reason}`);
    const link = (await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, "outbound"))!;
    return { id: booking.id, reference: booking.reference, link };
  });
}

function privateLink(bookingId: string): string {
  const db = e2eDb();
  try {
    const mail = db.prepare("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?").get(bookingId) as { text_body: string };
    return new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname;
  } finally {
    db.close();
  }
}

/** The guest reloads their page and reads the driver's status. */
async function guestSees(guest: Page, url: string, status: string) {
  await guest.goto(url);
  await expect(guest.getByTestId("driver-outbound").getByRole("status")).toContainText(status);
}

test.describe("the ride's pages with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("axe finds nothing serious on the job sheet (accept, decline, consent) and on the guest's page with the steps", async ({ page }) => {
    const ride = await rideFor("Axe Şoförü", null);
    await page.goto(ride.link);
    await expect(page.getByRole("button", { name: "İşi kabul ediyorum" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "İşi kabul ediyorum" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Kaydedildi: İşi kabul ediyorum");
    await page.goto(`${privateLink(ride.id)}?lng=ru`);
    await expect(page.getByTestId("driver-steps-outbound")).toContainText("Водитель подтвердил заказ");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the ride", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("a driver's day without JavaScript, from accepting to completed, while the Russian guest's page shows each step", async ({ page, browser }) => {
    const account = await createAccount("driver", { name: "Mehmet Yılmaz" });
    const ride = await rideFor("Mehmet Yılmaz", account.userId);
    await setSessionCookie(page.context(), await startSession(account.userId));

    const guestContext = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: "ru-RU" });
    const guest = await guestContext.newPage();
    const guestUrl = privateLink(ride.id);
    await guestSees(guest, guestUrl, "Водитель назначен");

    // the driver's day lists the leg; its link opens the job
    await page.goto("/driver");
    await expect(page.getByText("Анна Смирнова")).toBeVisible();
    await page.locator(`a[href="${ride.link}"]`).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ride.reference);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const steps: Array<[button: string, guestStatus: string]> = [
      ["İşi kabul ediyorum", "Водитель подтвердил заказ"],
      ["Yola çıktım", "Водитель в пути"],
      ["Vardım", "Водитель прибыл"],
      ["Yolcu alındı", "В пути"],
      ["Tamamlandı", "Завершено"],
    ];
    for (const [button, guestStatus] of steps) {
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByRole("status").first()).toHaveText(`Kaydedildi: ${button}`);
      await guestSees(guest, guestUrl, guestStatus);
    }
    // once accepted the decline is gone; once set off there is nothing more to do after completing
    await expect(page.getByRole("button", { name: "İşi reddet" })).toHaveCount(0);
    await expect(page.getByText("Bu rezervasyon tamamlandı.")).toBeVisible();

    // the guest's page lists every step with its time, in Russian, at 390 px
    const timeline = guest.getByTestId("driver-steps-outbound");
    await expect(timeline.getByRole("listitem")).toHaveCount(5);
    await expect(timeline).toContainText(/Водитель подтвердил заказ · \d\d:\d\d/);
    await expect(timeline).toContainText(/Водитель прибыл · \d\d:\d\d/);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await guestContext.close();

    // the office's booking page has the driver's steps
    await signIn(page);
    await page.goto(`/admin/bookings/${ride.id}`);
    await expect(page.getByTestId("leg-steps").getByRole("listitem")).toHaveCount(5);
    await expect(page.getByTestId("leg-steps")).toContainText("Kabul edildi");
  });

  test("a driver declines the job with a reason: it goes back to the office, which is told why", async ({ page }) => {
    const ride = await rideFor("Reddeden Şoför", null);
    await page.goto(ride.link);
    // no reason: the browser asks for one; the server says so too and keeps what was typed
    await page.getByLabel("Reddetme nedeni").fill("   ");
    await page.getByRole("button", { name: "İşi reddet" }).click();
    await expect(page.getByRole("alert")).toHaveText("İşi reddetmek için bir neden yazın.");
    await page.getByLabel("Reddetme nedeni").fill("Aracım serviste");
    await page.getByRole("button", { name: "İşi reddet" }).click();
    await expect(page.getByTestId("job-declined")).toContainText("İşi reddettiniz");
    await expect(page.getByText("Анна Смирнова")).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);

    // the notice is written by the notify worker, right after the decline
    await signIn(page);
    await expect(async () => {
      await page.goto("/admin/notifications");
      await expect(page.getByRole("main").getByText(`${ride.reference}: şoför işi reddetti`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("main").getByText("Reddeden Şoför (gidiş) işi reddetti: Aracım serviste. Yeni bir şoför atayın.")).toBeVisible();
  });
});
