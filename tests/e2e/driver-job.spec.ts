/**
 * Issue 15, the driver's side: a driver opens the job link on a phone with JavaScript off and marks
 * "Vardım"; the office's booking history and the guest's booking page show it. Data comes from the
 * production write paths (createTestBooking, createTestDriver, assignLeg) on the server's database.
 */
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { createUserSession, setSessionCookie, signIn, withServerDb } from "./admin-helpers";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

const PHONE = { width: 390, height: 844 };

const OFFICE = { id: null, label: "e2e", kind: "office" as const };

/**
 * A booking the office confirmed and moved to within the hour (a guest may book only from the lead
 * time on; the office's edit may set any time), with a driver on its outbound leg: the driver may set
 * off at once (rules/lifecycle.ts). Its id, the job link and the guest's private page.
 */
async function bookingWithDriver(driverName: string) {
  return withServerDb(async (db, code) => {
    const car = await db
      .selectFrom("cars")
      .select("id")
      .where("status", "=", "active")
      .orderBy("sort_order")
      .executeTakeFirstOrThrow();
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const booking = await code.createTestBooking(deps, { carId: car.id, fullName: "Anna Schmidt" }, { locale: "en" });
    const soon = code.toBusinessParts(new Date(Date.now() + 3_600_000).toISOString());
    const moved = await code.updateBooking(
      deps,
      booking.id,
      { pickup_date: soon.date, pickup_time: soon.time },
      { actor: OFFICE, mailCustomer: false, overrideReason: "e2e: a leg due within the hour" },
    );
    if (!moved.ok) throw new Error(`move refused: ${moved.reason}`);
    const confirmed = await code.changeBookingStatus(db, deps.mailer, { id: booking.id, to: "confirmed", actor: OFFICE });
    if (!confirmed.ok) throw new Error(`confirmation refused: ${confirmed.reason}`);
    const driver = await code.createTestDriver(db, { name: driverName });
    const assigned = await code.assignLeg(
      db,
      booking.id,
      { leg: "outbound", driverId: driver.id },
      { actor: OFFICE, secret: E2E_SESSION_SECRET },
    );
    if (!assigned.ok) throw new Error(`assignment refused: ${assigned.reason}`);
    const link = (await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, "outbound"))!;
    return { id: booking.id, reference: booking.reference, link };
  });
}

/** The office cancels the booking (its driver is released). */
const cancelBooking = (id: string) =>
  withServerDb(async (db, code) => {
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const cancelled = await code.changeBookingStatus(db, deps.mailer, { id, to: "cancelled", note: "e2e", actor: OFFICE });
    if (!cancelled.ok) throw new Error(`cancel refused: ${cancelled.reason}`);
  });

function privateLink(bookingId: string): string {
  const db = e2eDb();
  try {
    const mail = db
      .prepare("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?")
      .get(bookingId) as { text_body: string };
    return new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname;
  } finally {
    db.close();
  }
}

test.describe("the driver's job link", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("at 390 px without JavaScript: the driver sets off, then marks 'Vardım'; the history and the guest's page show it", async ({
    page,
    context,
  }) => {
    const booking = await bookingWithDriver("Mehmet Kaya");
    const response = await page.goto(booking.link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(booking.reference);
    await expect(page.getByRole("link", { name: /Ara/ })).toHaveAttribute("href", /^tel:/);
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // only the step open now is offered: setting off, then arriving
    await expect(page.getByRole("button", { name: "Vardım" })).toHaveCount(0);
    await page.getByRole("button", { name: "Yola çıktım" }).click();
    await expect(page.getByRole("status")).toHaveText("Kaydedildi: Yola çıktım");
    await page.getByRole("button", { name: "Vardım" }).click();
    await expect(page.getByRole("status")).toHaveText("Kaydedildi: Vardım");
    await expect(page.getByTestId("job-status")).toContainText("Vardı");

    // the office sees the step in the booking's history
    await signIn(page);
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByText(/Gidiş: Vardım · \d\d:\d\d/)).toBeVisible();

    // the guest's private page says who is coming and that they are there
    await context.clearCookies();
    await page.goto(`${privateLink(booking.id)}?lng=en`);
    const driver = page.getByTestId("driver-outbound");
    await expect(driver).toContainText("Your driver has arrived");
    await expect(driver).toContainText("Mehmet Kaya");
  });

  test("a revoked or unknown link answers 404 in Turkish; the switcher changes the language, not the site's cookie", async ({
    page,
    context,
  }) => {
    const response = await page.goto(`/job/${"x".repeat(32)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("İş bulunamadı");

    const booking = await bookingWithDriver("Hasan Çelik");
    await page.goto(booking.link);
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.getByRole("button", { name: "Unterwegs" })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "vt_driver_lng")).toBeDefined();
    expect(cookies.find((c) => c.name === "lng")).toBeUndefined();
    // the choice is kept for the next visit
    await page.goto(booking.link);
    await expect(page.getByRole("button", { name: "Unterwegs" })).toBeVisible();
  });
});

test.describe("a cancelled booking's job link", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("says the booking was cancelled (not 'Atandı'), offers no step and shows nothing of the guest", async ({ page }) => {
    const booking = await bookingWithDriver("İptal Şoförü");
    await cancelBooking(booking.id);
    const response = await page.goto(booking.link);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("job-status")).toHaveText("İptal edildi");
    await expect(page.getByText("Bu rezervasyon iptal edildi.")).toBeVisible();
    await expect(page.getByText("Anna Schmidt")).toHaveCount(0);
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(page.getByRole("button")).toHaveCount(0);
  });
});

test.describe("the driver's trips", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("a signed-out visitor is sent to the login page; a driver account sees its trips page", async ({
    page,
    context,
  }) => {
    await page.goto("/driver");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=(%2F|\/)driver$/);

    const { token } = await createUserSession("driver");
    await setSessionCookie(context, token);
    const response = await page.goto("/driver");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seferlerim");
    await page.getByRole("button", { name: "Çıkış yap" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

// axe needs JavaScript in the page: the same screens, checked with it on, at phone and desk width.
test.describe("the driver pages' accessibility", () => {
  for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
    test(`axe finds nothing serious on /job and /driver at ${viewport.width} px`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      const booking = await bookingWithDriver("Axe Şoför");
      await page.goto(booking.link);
      await expect(page.getByRole("button", { name: "Yola çıktım" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/job/${"x".repeat(32)}`);
      await expectNoSeriousA11yViolations(page);
      const { token } = await createUserSession("driver");
      await setSessionCookie(context, token);
      await page.goto("/driver");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seferlerim");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
