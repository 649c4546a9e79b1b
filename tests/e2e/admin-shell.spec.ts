import { randomUUID } from "node:crypto";
import { signIn } from "./admin-helpers";
import { contactMessage } from "./app-data";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.describe("admin shell and dashboard", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("/admin opens the dashboard with real numbers and the spec's panels", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const label of ["Toplam Rezervasyon", "Aktif Araçlar", "Aktif Rezervasyonlar", "Aylık Gelir"]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    for (const heading of ["Son Rezervasyonlar", "Popüler Araçlar", "Hızlı İstatistikler"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByRole("meter", { name: "İptal Oranı" })).toBeVisible();
    // Active cars = the seeded fleet's active cars, counted in the database.
    const db = e2eDb();
    let active: number;
    try {
      active = (db.prepare("select count(*) as n from cars where status = 'active'").get() as { n: number }).n;
    } finally {
      db.close();
    }
    await expect(page.getByText("Aktif Araçlar", { exact: true }).locator("..")).toContainText(String(active));
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
  });

  test("the theme is dark by default and the toggle is remembered", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const shell = page.locator("div.min-h-dvh").first();
    await expect(shell).toHaveClass(/(^|\s)admin-dark(\s|$)/);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/admin/theme") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Açık temaya geç" }).click(),
    ]);
    await expect(shell).not.toHaveClass(/(^|\s)admin-dark(\s|$)/);
    await page.reload();
    await expect(page.locator("div.min-h-dvh").first()).not.toHaveClass(/(^|\s)admin-dark(\s|$)/);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Koyu temaya geç" }).click();
    await expect(page.locator("div.min-h-dvh").first()).toHaveClass(/(^|\s)admin-dark(\s|$)/);
  });

  test("the notifications dropdown lists real events, marks them read and links to all", async ({ page }) => {
    // a visitor's message raises the office's notice (app/contact/contact.server.ts)
    const tag = randomUUID().slice(0, 6);
    const name = `Ayşe Yılmaz ${tag}`;
    const email = `ayse-${tag}@example.com`;
    const messageId = await contactMessage({ name, email, phone: "+90 532 000 00 00", message: `Yarın Side'ye transfer ${tag}` }, "tr");
    const body = `${name} · ${email}`;
    const markRead = "Okundu işaretle: Yeni iletişim mesajı";
    await page.goto("/admin/dashboard");
    const bell = page.getByLabel(/^Bildirimler/);
    await expect(bell).toHaveAccessibleName(/okunmamış bildirim/);
    await bell.click();
    const notice = page.getByTestId("notifications-menu").getByRole("listitem").filter({ hasText: body });
    await expect(notice.getByRole("link", { name: "Yeni iletişim mesajı" })).toBeVisible();
    await notice.getByRole("button", { name: markRead }).click();
    await expect(page.getByTestId("notifications-menu").getByRole("listitem").filter({ hasText: body }).getByRole("button", { name: markRead })).toHaveCount(0);
    const check = e2eDb();
    try {
      expect((check.prepare("select read_at from notifications where kind = 'contact' and related_id = ?").get(messageId) as { read_at: string | null }).read_at).not.toBeNull();
    } finally {
      check.close();
    }
    await page.getByLabel(/^Bildirimler/).click();
    await page.getByTestId("notifications-menu").getByRole("link", { name: "Tümünü gör" }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByRole("main").getByText(body)).toBeVisible();
  });

  test("the search box finds cars and bookings", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await page.getByRole("searchbox", { name: "Rezervasyon ve araç ara" }).fill("maybach");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/search\?q=maybach/);
    await expect(page.getByRole("link", { name: /Mercedes-Maybach S 680/ })).toBeVisible();
    await expect(page.getByText("Aramanıza uygun rezervasyon bulunamadı")).toBeVisible();
  });

  test("on a phone the sidebar is a drawer with an overlay", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Yönetim menüsü" });
    await expect(nav).not.toBeInViewport();
    await page.getByRole("link", { name: "Menüyü aç" }).click();
    await expect(nav).toBeInViewport();
    await page.getByTestId("drawer-overlay").click({ position: { x: 370, y: 400 } });
    await expect(nav).not.toBeInViewport();
    await page.getByRole("link", { name: "Menüyü aç" }).click();
    await nav.getByRole("link", { name: "Ayarlar" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(nav).not.toBeInViewport();
  });
});

test.describe("settings", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("saving shows the spec's message and the public site shows the new contact e-mail", async ({ page }) => {
    const email = `ofis-${randomUUID().slice(0, 6)}@lykia.example`;
    await page.goto("/admin/settings");
    await expectNoSeriousA11yViolations(page);
    const field = page.getByLabel("İletişim E-postası");
    const original = await field.inputValue();
    await field.fill(email);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ayarlar başarıyla kaydedildi." })).toBeVisible();
    // The message goes away after 3 seconds.
    await expect(page.getByText("Ayarlar başarıyla kaydedildi.")).toHaveCount(0, { timeout: 6000 });

    const site = await page.context().newPage();
    await site.goto("/");
    await expect(site.getByRole("link", { name: email })).toBeVisible();
    await site.close();

    await page.getByLabel("İletişim E-postası").fill(original);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ayarlar başarıyla kaydedildi." })).toBeVisible();
  });

  test("refuses a session timeout out of bounds on its tab and keeps what was typed", async ({ page }) => {
    await page.goto("/admin/settings");
    await page.getByRole("tab", { name: "Güvenlik" }).click();
    await expect(page).toHaveURL(/tab=security/);
    const timeout = page.getByLabel("Oturum Zaman Aşımı (dakika)");
    await timeout.fill("500");
    await page.getByRole("tab", { name: "Genel" }).click();
    await page.getByLabel("Site Adı").fill("Lykia VIP Transfer");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("tabpanel", { name: "Güvenlik" })).toBeVisible();
    await expect(page.getByText("Oturum zaman aşımı 5 ile 120 dakika arasında olmalıdır.")).toBeVisible();
    await expect(timeout).toHaveValue("500");
  });
});
