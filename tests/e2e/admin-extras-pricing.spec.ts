/**
 * Ekstralar (/admin/extras), Fiyatlandırma (/admin/pricing) and the car form's hourly rate, with
 * and without JavaScript. The server's database is shared by parallel specs that compute prices
 * from the seeded extras, rules and rates: each test makes its own extra and deletes it, and a
 * test that changes the rules or the rates puts the previous values back (the rates' date too,
 * through the app's settings code) before it ends.
 */
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { runnerImport } from "vite";
import type * as SettingsServer from "../../app/settings/settings.server";
import type { Settings } from "../../app/settings/settings";
import { signIn, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/** The app's settings code, loaded through Vite as the server build is. */
async function settingsCode() {
  const app = fileURLToPath(new URL("../../app", import.meta.url));
  const { module } = await runnerImport<typeof SettingsServer>(fileURLToPath(new URL("../../app/settings/settings.server.ts", import.meta.url)), {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    logLevel: "error",
    resolve: { alias: { "~": app } },
  });
  return module;
}

const readSettings = async () => {
  const code = await settingsCode();
  return withServerDb((db) => code.getSettings(db));
};

/** Puts the pricing and currency sections back as they were, the other sections as they are now. */
async function restorePricing(before: Pick<Settings, "pricing" | "currency">) {
  const code = await settingsCode();
  await withServerDb(async (db) => {
    const now = await code.getSettings(db);
    await code.saveSettings(db, { ...now, pricing: before.pricing, currency: before.currency }, null);
  });
}

/** Today in Istanbul as the page writes it in Turkish: 23.11.2026. */
const todayTr = () => new Intl.DateTimeFormat("tr-TR", { timeZone: "Europe/Istanbul", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());

// The page scrolls smoothly unless motion is reduced; a click that scrolls would wait for the scroll to settle.
test.use({ contextOptions: { reducedMotion: "reduce" } });

// axe runs four times per test on long forms: more than the default 30 s on a busy machine
test.describe.configure({ timeout: 120_000 });

async function checkLayouts(page: Page, shot?: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSeriousA11yViolations(page);
  if (shot && process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${shot}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  if (shot && process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${shot}-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The page's width at 390 px (axe runs on the same pages in the JavaScript tests; it is slow on a busy machine). */
async function checkNarrow(page: Page, shot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${shot}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function fillExtra(page: Page, form: ReturnType<Page["getByRole"]>, fields: { code?: string; tr: string; price: string; max?: string }) {
  if (fields.code !== undefined) await form.getByLabel("Kod").fill(fields.code);
  await form.getByLabel("Türkçe").fill(fields.tr);
  await form.getByLabel("İngilizce").fill(`${fields.tr} (en)`);
  await form.getByLabel("Almanca").fill(`${fields.tr} (de)`);
  await form.getByLabel("Rusça").fill(`${fields.tr} (ru)`);
  await form.getByLabel("Fiyat (₺)").fill(fields.price);
  await form.getByLabel("En fazla adet").fill(fields.max ?? "3");
}

test.describe("the office's extras", () => {
  test("with JavaScript: a bad price is refused and kept, the fixed extra is listed, then deleted", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const name = `E2E su ${suffix}`;
    await signIn(page);
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Ekstralar" }).click();
    await expect(page).toHaveURL(/\/admin\/extras$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ekstra hizmetler" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Çocuk koltuğu (1–4 yaş, 9–18 kg)" })).toContainText("adet başına");
    await waitForHydration(page);
    await checkLayouts(page, "extras");

    const add = page.getByRole("region", { name: "Yeni ekstra hizmet" });
    await fillExtra(page, add, { code: `e2e-water-${suffix}`, tr: name, price: "on iki" });
    await add.getByRole("button", { name: "Ekle" }).click();
    await expect(add.getByText("Fiyatı lira olarak girin, ör. 250 veya 1.250,50 (en fazla 2 ondalık).")).toBeVisible();
    await expect(add.getByLabel("Fiyat (₺)")).toHaveValue("on iki");
    await expect(add.getByLabel("Türkçe")).toHaveValue(name);

    await add.getByLabel("Fiyat (₺)").fill("1.250,50");
    await add.getByRole("button", { name: "Ekle" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmet eklendi." })).toBeVisible();
    const row = page.getByRole("listitem", { name });
    await expect(row).toContainText("₺1.250,50 · adet başına");
    await expect(row).toContainText(`e2e-water-${suffix}`);

    // the same code again is refused
    await fillExtra(page, add, { code: `e2e-water-${suffix}`, tr: `${name} 2`, price: "5" });
    await add.getByRole("button", { name: "Ekle" }).click();
    await expect(add.getByText("Bu kod başka bir ekstra hizmette kullanılıyor.")).toBeVisible();

    await row.getByText("Sil", { exact: false }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Yapılmış rezervasyonlar değişmez");
    await dialog.getByRole("button", { name: "Sil" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmet silindi." })).toBeVisible();
    await expect(page.getByRole("listitem", { name })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("adds, edits, switches off and deletes an extra", async ({ page }) => {
      const suffix = randomUUID().slice(0, 6);
      const name = `E2E tabela ${suffix}`;
      await signIn(page);
      await page.goto("/admin/extras");
      const add = page.getByRole("region", { name: "Yeni ekstra hizmet" });
      await fillExtra(page, add, { code: `e2e-sign-${suffix}`, tr: name, price: "-3", max: "25" });
      await add.getByRole("button", { name: "Ekle" }).click();
      await expect(add.getByText("Fiyatı lira olarak girin, ör. 250 veya 1.250,50 (en fazla 2 ondalık).")).toBeVisible();
      await expect(add.getByText("En fazla adet 1 ile 20 arasında bir tam sayı olmalıdır.")).toBeVisible();
      await expect(add.getByLabel("Fiyat (₺)")).toHaveValue("-3");
      await expect(add.getByLabel("Kod")).toHaveValue(`e2e-sign-${suffix}`);

      await add.getByLabel("Fiyat (₺)").fill("0");
      await add.getByLabel("En fazla adet").fill("1");
      await add.getByLabel("Metin ister").check();
      await add.getByRole("button", { name: "Ekle" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmet eklendi." })).toBeVisible();
      const row = page.getByRole("listitem", { name });
      await expect(row).toContainText("₺0,00");
      await checkNarrow(page, "extras-nojs");

      await row.locator("summary").filter({ hasText: "Düzenle" }).click();
      await row.getByLabel("Fiyat (₺)").fill("75,5");
      await row.getByLabel("Fiyatlandırma").selectOption("booking");
      await row.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmet kaydedildi." })).toBeVisible();
      await expect(row).toContainText("₺75,50 · rezervasyon başına");

      await row.getByRole("button", { name: /Pasifleştir/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmetin durumu değiştirildi." })).toBeVisible();
      await expect(row).toContainText("Pasif");
      await expect(row.getByRole("button", { name: /Etkinleştir/ })).toBeVisible();

      await row.locator("summary").filter({ hasText: "Sil" }).click();
      const confirm = row.locator('div[role="group"]');
      await expect(confirm).toContainText("Yapılmış rezervasyonlar değişmez");
      await confirm.getByRole("button", { name: "Sil" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Ekstra hizmet silindi." })).toBeVisible();
      await expect(page.getByRole("listitem", { name })).toHaveCount(0);
    });
  });
});

test.describe("the office's pricing and rates", () => {
  // Both tests save the same settings: one after the other.
  test.describe.configure({ mode: "serial" });
  test("with JavaScript: a bad value is refused and kept; a changed rate is dated today; everything is put back", async ({ page }) => {
    const before = await readSettings();
    try {
      await signIn(page);
      await page.goto("/admin/dashboard");
      await page.getByRole("navigation").getByRole("link", { name: "Fiyatlandırma" }).click();
      await expect(page).toHaveURL(/\/admin\/pricing$/);
      await expect(page.getByRole("heading", { level: 1, name: "Fiyatlandırma ve kurlar" })).toBeVisible();
      await waitForHydration(page);
      await checkLayouts(page, "pricing");

      // The live example follows the euro field; the dollar is the rate saved (other specs price in euros, pounds and roubles meanwhile).
      const eur = page.getByLabel("EUR kuru (₺)");
      const usd = page.getByLabel("USD kuru (₺)");
      const originalEur = await eur.inputValue();
      const original = await usd.inputValue();
      await page.getByLabel("Gece ücreti (%)").fill("yirmi");
      await page.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByText("0 ile 100 arasında tam sayı bir yüzde girin.")).toBeVisible();
      await expect(page.getByLabel("Gece ücreti (%)")).toHaveValue("yirmi");
      expect(await readSettings()).toEqual(before);

      await page.getByLabel("Gece ücreti (%)").fill(String(before.pricing.nightPercent));
      await eur.fill("61,2345");
      await expect(page.getByText(/Örnek: ₺2\.000,00 = .*32,66/)).toBeVisible();
      await eur.fill(originalEur);
      await usd.fill("61,2345");
      await page.getByRole("button", { name: "Kaydet" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Fiyatlandırma ve kurlar kaydedildi" })).toBeVisible();
      await expect(page.getByTestId("rates-set-at")).toContainText(`${todayTr()} tarihinde belirlendi`);
      await expect(usd).toHaveValue("61,2345");
      const saved = await readSettings();
      expect(saved.currency.rates.USD).toBe(612_345);
      expect(saved.currency.rates.EUR).toBe(before.currency.rates.EUR);
      expect(saved.pricing).toEqual(before.pricing);

      // back as it was through the form (the date stays today), then the date through the settings code
      // The first save's message is still on screen: wait for this save's answer, not for the text.
      await usd.fill(original);
      const saving = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/pricing"));
      await page.getByRole("button", { name: "Kaydet" }).click();
      expect((await saving).ok()).toBe(true);
      await expect(page.getByRole("status").filter({ hasText: "Fiyatlandırma ve kurlar kaydedildi" })).toBeVisible();
      await expect.poll(async () => (await readSettings()).currency.rates).toEqual(before.currency.rates);
    } finally {
      await restorePricing(before);
    }
    expect(await readSettings()).toEqual(before);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("refuses bad values, keeps them, and saves the same values without touching the rates' date", async ({ page }) => {
      const before = await readSettings();
      try {
        await signIn(page);
        await page.goto("/admin/pricing");
        await page.getByLabel("En az saat").fill("9");
        await page.getByLabel("En fazla saat").fill("3");
        await page.getByLabel("USD kuru (₺)").fill("sıfır");
        await page.getByRole("button", { name: "Kaydet" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Kaydedilmedi: işaretli alanları düzeltin." })).toBeVisible();
        await expect(page.getByText("En fazla saat, en az saatten küçük olamaz.")).toBeVisible();
        await expect(page.getByText("0'dan büyük bir kur girin (birim başına TL, ör. 52,40).")).toBeVisible();
        await expect(page.getByLabel("USD kuru (₺)")).toHaveValue("sıfır");
        await expect(page.getByLabel("En az saat")).toHaveValue("9");
        expect(await readSettings()).toEqual(before);
        await checkNarrow(page, "pricing-errors");

        await page.goto("/admin/pricing");
        await page.getByRole("button", { name: "Kaydet" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Fiyatlandırma kaydedildi." })).toBeVisible();
        expect(await readSettings()).toEqual(before);
      } finally {
        await restorePricing(before);
      }
    });
  });
});

test.describe("the car's hourly rate", () => {
  test.use({ javaScriptEnabled: false });

  test("is typed on the car form, saved, and carried by the cars API", async ({ page }) => {
    const token = await signIn(page);
    const auth = { authorization: `Bearer ${token}` };
    const name = `E2E hourly ${randomUUID().slice(0, 6)}`;
    // an inactive car: never offered to the other specs' searches
    const created = await page.request.post("/api/cars", { headers: auth, data: { name, make: "Mercedes", model: "Vito", category: "Minivan", status: "inactive", price_per_km: 30, price_per_hour: 1200 } });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: string; price_per_hour: number | null } }).data.id;
    try {
      expect(((await (await page.request.get(`/api/cars/${id}`, { headers: auth })).json()) as { data: { price_per_hour: number } }).data.price_per_hour).toBe(1200);

      await page.goto(`/admin/cars/edit/${id}`);
      const hourly = page.getByLabel("Saatlik fiyat (₺)");
      await expect(hourly).toHaveValue("1200");
      await expect(page.getByText("Boş bırakılırsa araç saatlik kiralanmaz.")).toBeVisible();
      await hourly.fill("1650");
      await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
      await expect(page).toHaveURL(/\/admin\/cars\?saved=1$/);
      await page.goto(`/admin/cars/edit/${id}`);
      await expect(page.getByLabel("Saatlik fiyat (₺)")).toHaveValue("1650");
      const read = (await (await page.request.get(`/api/cars/${id}`, { headers: auth })).json()) as { data: { price_per_hour: number | null } };
      expect(read.data.price_per_hour).toBe(1650);

      const cleared = await page.request.put(`/api/cars/${id}`, { headers: auth, data: { price_per_hour: null } });
      expect(((await cleared.json()) as { data: { price_per_hour: number | null } }).data.price_per_hour).toBeNull();
    } finally {
      await page.request.delete(`/api/cars/${id}`, { headers: auth });
    }
  });
});
