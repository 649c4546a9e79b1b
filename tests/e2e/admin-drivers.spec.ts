import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { createAccount, createUserSession, setSessionCookie, signIn } from "./admin-helpers";

// Smooth scrolling (app.css) makes targets below the fold "unstable" for Playwright.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("drivers without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add a driver (an error keeps what was typed), find it in the list, edit it", async ({ page }) => {
    const name = `Kemal Aydın ${randomUUID().slice(0, 6)}`;
    const account = await createAccount("driver", { name: `Hesap ${name}` });
    await signIn(page);
    await page.goto("/admin/drivers");
    await page.getByRole("link", { name: "Yeni Şoför Ekle" }).first().click();
    await expect(page).toHaveURL(/\/admin\/drivers\/add$/);

    await page.getByLabel("Ad soyad *").fill(name);
    await page.getByLabel("Telefon *").fill("12");
    await page.getByLabel("Ehliyet numarası").fill("07-B-123456");
    await page.getByLabel("Almanca").check();
    await page.getByLabel("Rusça").check();
    await page.getByLabel("Şoför hesabı").selectOption(account.userId);
    await page.getByRole("button", { name: "Şoförü kaydet" }).click();

    await expect(page.getByText("Geçerli bir telefon numarası giriniz (ör. +90 532 123 45 67).")).toBeVisible();
    await expect(page.getByLabel("Telefon *")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Ad soyad *")).toHaveValue(name);
    await expect(page.getByLabel("Telefon *")).toHaveValue("12");
    await expect(page.getByLabel("Ehliyet numarası")).toHaveValue("07-B-123456");
    await expect(page.getByLabel("Almanca")).toBeChecked();
    await expect(page.getByLabel("Rusça")).toBeChecked();
    await expect(page.getByLabel("Türkçe")).not.toBeChecked();
    await expect(page.getByLabel("Şoför hesabı")).toHaveValue(account.userId);

    await page.getByLabel("Telefon *").fill("0532 444 55 66");
    await page.getByRole("button", { name: "Şoförü kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/drivers\?saved=1$/);
    await expect(page.getByText("Şoför kaydedildi.")).toBeVisible();

    await page.getByRole("searchbox", { name: "Ara", exact: true }).fill(name);
    await page.getByRole("button", { name: "Filtrele" }).click();
    const card = page.getByTestId("admin-driver").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: /\+90 532 444 55 66/ })).toHaveAttribute("href", "tel:+905324445566");
    await expect(card).toContainText("Almanca, Rusça");
    await expect(card).toContainText("07-B-123456");
    await expect(card).toContainText(`Hesap ${name}`);

    await card.getByRole("link", { name: /^Düzenle/ }).click();
    await expect(page.getByLabel("Telefon *")).toHaveValue("+90 532 444 55 66");
    await page.getByLabel("WhatsApp numarası").fill("0532 444 55 67");
    await page.getByLabel("Aktif", { exact: true }).uncheck();
    await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
    await expect(page.getByText("Şoför kaydedildi.")).toBeVisible();

    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}`);
    const edited = page.getByTestId("admin-driver").filter({ hasText: name });
    await expect(edited.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/905324445567");
    await expect(edited).toContainText("Pasif");
    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}&show=active`);
    await expect(page.getByText("Şoför Bulunamadı")).toBeVisible();

    // An admin deletes a driver never assigned (the confirmation is a panel without JavaScript).
    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-driver").filter({ hasText: name }).getByText(`Sil: ${name}`).click();
    await page.getByRole("group").getByRole("button", { name: "Sil" }).click();
    await expect(page.getByText("Şoför silindi.")).toBeVisible();
    await expect(page.getByTestId("admin-driver").filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe("drivers for a dispatcher", () => {
  test("sees and edits drivers but has no delete control", async ({ page }) => {
    const { token } = await createUserSession("dispatcher");
    await setSessionCookie(page.context(), token);
    await page.goto("/admin/drivers");
    await expect(page.getByRole("heading", { level: 1, name: "Şoförler" })).toBeVisible();
    await expect(page.getByTestId("admin-driver").first()).toBeVisible();
    await expect(page.getByTestId("admin-driver").first().getByRole("link", { name: /^Düzenle/ })).toBeVisible();
    await expect(page.getByText(/^Sil:/)).toHaveCount(0);
  });
});

test.describe("drivers at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and the form fit a phone and pass axe", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/drivers");
    await expect(page.getByTestId("admin-driver").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/drivers/add");
    // Spaces pass the browser's `required`: the server's rule answers.
    await page.getByLabel("Ad soyad *").fill("   ");
    await page.getByLabel("Telefon *").fill("12");
    await page.getByRole("button", { name: "Şoförü kaydet" }).click();
    await expect(page.getByText("Ad soyad zorunludur.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("a driver's photo without JavaScript at 390 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("upload a photo, see it on the edit form, a non-image refused, remove it", async ({ page, browser }) => {
    const name = `Foto Şoför ${randomUUID().slice(0, 6)}`;
    // a real photo's size (well over a plain form's 256 KB), not a tiny flat image
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#2a6f97", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(512 * 1024);
    await signIn(page);
    await page.goto("/admin/drivers/add");
    await page.getByLabel("Ad soyad *").fill(name);
    await page.getByLabel("Telefon *").fill("0532 600 70 80");
    await page.getByLabel("Fotoğraf", { exact: true }).setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Şoförü kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/drivers\?saved=1$/);

    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-driver").filter({ hasText: name }).getByRole("link", { name: /^Düzenle/ }).click();
    const current = page.getByRole("img", { name: "Şu anki fotoğraf" });
    await expect(current).toHaveAttribute("src", /^\/uploads\/driver-photos\/[0-9a-f]{24}-card\.webp$/);
    // the link's navigation does not wait for the page's images: the photo is loaded soon after, and whole
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // axe runs in the page: the same form with JavaScript, signed in the same
    const withScript = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 }, reducedMotion: "reduce", storageState: await page.context().storageState() });
    const scripted = await withScript.newPage();
    await scripted.goto(page.url());
    await expect(scripted.getByRole("img", { name: "Şu anki fotoğraf" })).toBeVisible();
    await expectNoSeriousA11yViolations(scripted);
    await withScript.close();

    // not an image: the message by the field, what was typed kept, the saved photo still there
    await page.getByLabel("Ehliyet numarası").fill("07-F-1");
    await page.getByLabel("Yeni fotoğraf seçin").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
    await expect(page.getByText("Fotoğraf kabul edilmedi.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Ehliyet numarası")).toHaveValue("07-F-1");
    await expect(page.getByRole("img", { name: "Şu anki fotoğraf" })).toBeVisible();

    await page.getByLabel("Fotoğrafı kaldır").check();
    await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/drivers\?saved=1$/);
    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-driver").filter({ hasText: name }).getByRole("link", { name: /^Düzenle/ }).click();
    await expect(page.getByLabel("Ad soyad *")).toHaveValue(name);
    await expect(page.getByRole("img", { name: "Şu anki fotoğraf" })).toHaveCount(0);
  });
});
