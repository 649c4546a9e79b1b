/**
 * Roles in the browser (issue 15): a dispatcher signs in through the form and sees only what their
 * role may use — no Ayarlar, Kullanıcılar or Denetim Kaydı in the menu, the 403 page ("Erişim yok")
 * on /admin/settings with the way back, no delete button on a booking, the car page without price
 * fields — on a phone (390 px) and a desktop (1440 px). A driver signing in lands on /driver.
 */
import { randomUUID } from "node:crypto";
import { createAccount, signInAs, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

function insertBooking(name: string): Promise<string> {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      { carId: car.id, fullName: name, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "+90 532 111 22 33" },
    );
    return booking.id;
  });
}

const firstCarId = () => withServerDb(async (db) => (await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow()).id);

for (const width of [1440, 390]) {
  test(`a dispatcher sees only what the role may use (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const dispatcher = await createAccount("dispatcher", { name: "Deniz Operatör" });
    await signInAs(page, dispatcher);

    // the user menu names the role
    await expect(page.getByTestId("user-menu-role")).toHaveText("Operatör");

    if (width < 1024) await page.getByRole("link", { name: "Menüyü aç" }).click();
    const menu = page.getByRole("navigation", { name: "Yönetim menüsü" });
    await expect(menu.getByRole("link", { name: "Rezervasyonlar" })).toBeVisible();
    for (const hidden of ["Ayarlar", "Kullanıcılar", "Denetim Kaydı", "Fiyatlandırma", "Aboneler"]) {
      await expect(menu.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
    }

    const refused = await page.goto("/admin/settings");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Erişim yok" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Yönetim paneline dön" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);

    const booking = await insertBooking("Rol Misafiri");
    await page.goto(`/admin/bookings/${booking}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main").getByText("Sil", { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/admin/cars/edit/${await firstCarId()}`);
    await expect(page.getByTestId("car-status-form")).toBeVisible();
    await expect(page.locator('input[name="price_per_km"]')).toHaveCount(0);
    await expect(page.getByLabel("Durum")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/cars");
    await expect(page.getByRole("link", { name: "Yeni Araç Ekle" })).toHaveCount(0);
  });
}

test("a driver signing in lands on their trips, and the back office sends them there", async ({ page }) => {
  const driver = await createAccount("driver");
  await page.goto("/admin/login");
  await page.getByLabel("E-posta").fill(driver.email);
  await page.getByLabel("Şifre", { exact: true }).fill(driver.password);
  await page.getByRole("button", { name: "Giriş Yap" }).click();
  await page.waitForURL(/\/driver$/);
  await page.goto("/admin/bookings");
  await page.waitForURL(/\/driver$/);
});
