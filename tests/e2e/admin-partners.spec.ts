/**
 * Partners in the office (issue 33, first step): an admin on a 390 px phone without JavaScript
 * finds the demo hotel and agency, adds a travel agency (a wrong commission and code refused in
 * Turkish with everything typed kept), finds it, and edits it; a dispatcher only reads.
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { createUserSession, setSessionCookie, signIn } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("partners without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("an admin adds an agency (refusals keep what was typed), finds it and edits its commission", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const name = `Güneş Seyahat ${suffix}`;
    const code = `GUNES-${suffix}`;
    await signIn(page);
    await page.goto("/admin/partners");
    await expect(page.getByRole("heading", { level: 1, name: "Partnerler" })).toBeVisible();
    // the demo seed's hotel and agency
    await expect(page.getByTestId("admin-partner").filter({ hasText: "Belek Palm Resort" })).toContainText("BELEKPALM · Otel");
    await expect(page.getByTestId("admin-partner").filter({ hasText: "Sonnenküste Reisen GmbH" })).toContainText("Partnere aylık fatura");

    await page.getByRole("link", { name: "Yeni Partner Ekle" }).first().click();
    await expect(page).toHaveURL(/\/admin\/partners\/new$/);
    await page.getByLabel("Partner adı *").fill(name);
    await page.getByLabel("Partner kodu *").fill("G!");
    await page.getByLabel("Tür").selectOption("agency");
    await page.getByLabel("Yazışma dili").selectOption("de");
    await page.getByLabel("Komisyon (%)").fill("70");
    await page.getByLabel("Ödeme koşulu").selectOption("monthly_invoice");
    await page.getByLabel("Yetkili kişi").fill("Zeynep Şahin");
    await page.getByLabel("Telefon").fill("0532 123 45 67");
    await page.getByRole("button", { name: "Partneri kaydet" }).click();

    await expect(page.getByText("Partner kaydedilemedi. Lütfen işaretli alanları düzeltin.")).toBeVisible();
    await expect(page.getByText("Kod 3–20 karakter olmalı; yalnızca harf (A–Z), rakam ve tire kullanılabilir.")).toBeVisible();
    await expect(page.getByText("Komisyon 0 ile %50 arasında, en fazla iki ondalıklı bir sayı olmalıdır (ör. 12,5).")).toBeVisible();
    await expect(page.getByLabel("Komisyon (%)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Partner adı *")).toHaveValue(name);
    await expect(page.getByLabel("Tür")).toHaveValue("agency");
    await expect(page.getByLabel("Yazışma dili")).toHaveValue("de");
    await expect(page.getByLabel("Ödeme koşulu")).toHaveValue("monthly_invoice");
    await expect(page.getByLabel("Yetkili kişi")).toHaveValue("Zeynep Şahin");
    await expect(page.getByLabel("Telefon")).toHaveValue("0532 123 45 67");
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel("Partner kodu *").fill(code.toLowerCase());
    await page.getByLabel("Komisyon (%)").fill("12,5");
    await page.getByRole("button", { name: "Partneri kaydet" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/partners\\?saved=${code}$`));
    await expect(page.getByText(`${code} kodlu partner kaydedildi.`)).toBeVisible();

    await page.getByRole("searchbox", { name: "Ara", exact: true }).fill("gunes seyahat");
    await page.getByRole("button", { name: "Filtrele" }).click();
    const card = page.getByTestId("admin-partner").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${code} · Seyahat acentesi`);
    await expect(card).toContainText("%12,5");
    await expect(card).toContainText("Partnere aylık fatura");
    await expect(card.getByRole("link", { name: "+90 532 123 45 67" })).toHaveAttribute("href", "tel:+905321234567");

    await card.getByRole("link", { name: /^Düzenle/ }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByLabel("Komisyon (%)")).toHaveValue("12,5");
    await page.getByLabel("Komisyon (%)").fill("15");
    await page.getByLabel("Aktif", { exact: true }).uncheck();
    await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
    await expect(page.getByText(`${code} kodlu partner kaydedildi.`)).toBeVisible();
    const edited = page.getByTestId("admin-partner").filter({ hasText: name });
    await expect(edited).toContainText("%15");
    await expect(edited).toContainText("Pasif");
  });

  test("a dispatcher sees the partners and their terms, with no way to change them", async ({ page, context }) => {
    await setSessionCookie(context, (await createUserSession("dispatcher")).token);
    await page.goto("/admin/partners");
    await expect(page.getByRole("link", { name: "Yeni Partner Ekle" })).toHaveCount(0);
    const hotel = page.getByTestId("admin-partner").filter({ hasText: "Belek Palm Resort" });
    await expect(hotel).toContainText("%10");
    await hotel.getByRole("link", { name: /^Aç/ }).click();
    await expect(page.getByText("BELEKPALM", { exact: true })).toBeVisible();
    await expect(page.getByText("Misafir araçta öder")).toBeVisible();
    await expect(page.locator("#partner-form")).toHaveCount(0);
  });
});

test.describe("partners with JavaScript, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and a refused form read well: no serious accessibility problem, nothing wider than the phone", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/partners");
    await expect(page.getByTestId("admin-partner").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Yeni Partner Ekle" }).first().click();
    await page.getByLabel("Partner adı *").fill("Kaş Dalış Turları");
    await page.getByLabel("Partner kodu *").fill("KAS");
    await page.getByLabel("Komisyon (%)").fill("abc");
    await page.getByRole("button", { name: "Partneri kaydet" }).click();
    await expect(page.getByText("Komisyon 0 ile %50 arasında, en fazla iki ondalıklı bir sayı olmalıdır (ör. 12,5).")).toBeVisible();
    await expect(page.getByLabel("Partner adı *")).toHaveValue("Kaş Dalış Turları");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
