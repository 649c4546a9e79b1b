/**
 * The guests the office knows (issue 29) in the browser: on a phone without JavaScript a dispatcher
 * finds a guest by the phone as typed, opens their page with the bookings and totals, saves notes
 * for drivers; an admin exports the guest and erases them with the confirmation box; both pages
 * pass axe at 390 and 1440 px.
 */
import { randomInt, randomUUID } from "node:crypto";
import { createAccount, signIn, signInAs, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const suffix = randomUUID().slice(0, 6);
const name = `Hans Weber ${suffix}`;
const digits = String(randomInt(1_000_000, 9_999_999));
const typed = `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
let fixture: { customer: string; reference: string };

test.beforeAll(async () => {
  fixture = await withServerDb(async (db, code) => {
    const car = (await code.createCar(db, code.buildCar({ name: `E2E Guest Vito ${suffix}`, sort_order: 996 }))).id;
    const booking = await code.createTestBooking({ db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") }, { carId: car, fullName: name, email: `${suffix}@example.com`, phone: typed });
    return { customer: booking.customer_id!, reference: booking.reference };
  });
});

for (const width of [390, 1440]) {
  test.describe(`guests at ${width} px without JavaScript`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height: 900 } });

    test("a dispatcher finds a guest by phone and keeps notes for drivers", async ({ page }) => {
      await signInAs(page, await createAccount("dispatcher"));
      await page.goto("/admin/customers");
      await page.locator("#customers-q").fill(typed.replace(/ /g, ""));
      await page.getByRole("button", { name: "Filtrele" }).click();
      await page.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId("customer-bookings")).toContainText(fixture.reference);
      // no export or erasure for a dispatcher
      await expect(page.getByRole("button", { name: "Kişisel verileri sil" })).toHaveCount(0);
      await page.getByLabel("Şoför notları").fill(`VIP, içeride karşıla ${width}`);
      await page.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByText("Misafir kaydedildi.")).toBeVisible();
      await expect(page.getByLabel("Şoför notları")).toHaveValue(`VIP, içeride karşıla ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test.describe("with JavaScript", () => {
  for (const width of [390, 1440]) {
    test(`the guests' list and a guest's page pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, await createAccount("admin"));
      await page.goto(`/admin/customers?q=${encodeURIComponent(name)}`);
      await expect(page.getByTestId("customers-list")).toContainText(name);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/admin/customers/${fixture.customer}`);
      await expect(page.getByTestId("customer-totals")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("an admin's KVKK tools", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("exports the guest and erases them only with the box ticked", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/customers/${fixture.customer}`);
    const json = await page.request.get(`/admin/customers/${fixture.customer}/export?format=json`);
    expect(json.status()).toBe(200);
    expect(json.headers()["content-type"]).toContain("application/json");
    expect(((await json.json()) as { guest: { full_name: string } }).guest.full_name).toBe(name);
    await page.getByRole("button", { name: "Kişisel verileri sil" }).click();
    await expect(page.getByText("Silmek için onay kutusunu işaretleyin.")).toBeVisible();
    await page.getByLabel(/kalıcı olarak silineceğini anlıyorum/).check();
    await page.getByRole("button", { name: "Kişisel verileri sil" }).click();
    await expect(page.getByText("Misafirin kişisel verileri silindi")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Silinmiş misafir", level: 1 })).toBeVisible();
    await expect(page.getByTestId("customer-bookings")).toContainText(fixture.reference);
    await expect(page.getByText(name)).toHaveCount(0);
  });
});
