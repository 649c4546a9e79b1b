/**
 * The visitor's currency (issue 14, part 6): the header's switch (links, `?cur=`), remembered by
 * the cookie across pages and reloads, prices converted at the office's rates (whole roubles),
 * the rates' date in the footer, and the car cards' "from" price = the category's minimum fare.
 */
import type { Page } from "@playwright/test";
import { ratesDate } from "../../app/pricing/currency-links";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { activeCars, cardFromOf, officeSettings, shownIn } from "./site-money";

test.use({ contextOptions: { reducedMotion: "reduce" } });
// axe-core over a whole results page takes its time on a busy machine
test.describe.configure({ timeout: 90_000 });

const V300 = "Mercedes-Benz V 300 d VIP";
const card = (page: Page, name: string) => page.locator("article", { has: page.getByRole("heading", { name, exact: true }) }).first();

/** What the V 300's card should say in a currency and language, from the office's tables. */
function expectedV300(currency: "TRY" | "EUR" | "USD" | "GBP" | "RUB", language: string) {
  const { pricing, currency: office } = officeSettings();
  const car = activeCars().find((c) => c.name === V300)!;
  return {
    from: shownIn(cardFromOf(car.category, pricing), currency, language, office.rates),
    perHour: shownIn(car.price_per_hour!, currency, language, office.rates),
  };
}

async function openSwitch(page: Page) {
  const summary = page.locator("header summary").filter({ hasText: /Currency|Para birimi|Währung|Валюта/ });
  await summary.click();
  return page.getByRole("list", { name: /Currency|Para birimi|Währung|Валюта/ });
}

test("switch to EUR on the fleet page: prices in euros, kept across pages and a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // a Turkish reader starts in lira
  await page.goto("/fleet?lng=tr");
  const lira = expectedV300("TRY", "tr");
  await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`Başlangıç fiyatı ${lira.from}`);

  const menu = await openSwitch(page);
  await expect(menu.getByRole("link", { name: /TRY/ })).toHaveAttribute("aria-current", "true");
  await expect(menu.getByRole("link", { name: /EUR/ })).toHaveAttribute("href", "/fleet?lng=tr&cur=EUR");
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole("link", { name: /EUR/ }).click();
  await expect(page).toHaveURL(/cur=EUR/);

  const euro = expectedV300("EUR", "tr");
  await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`Başlangıç fiyatı ${euro.from}`);
  await expect(card(page, V300).locator("[data-per-hour]")).toHaveText(`saati ${euro.perHour}`);
  await expect(card(page, V300).locator("[data-per-km]")).toContainText("€");
  await page.screenshot({ path: "test-results/site-currency-fleet-eur-1440.png" });

  // another page, without ?cur=: the cookie keeps the choice
  await page.getByRole("navigation", { name: "Ana menü" }).getByRole("link", { name: "Ana Sayfa" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("header summary").first()).toContainText("EUR");
  const featured = page.locator("[data-from-price]").first();
  await expect(featured).toContainText("€");
  await page.goto("/fleet");
  await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`Başlangıç fiyatı ${euro.from}`);
  await page.reload();
  await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`Başlangıç fiyatı ${euro.from}`);
  const menuAgain = await openSwitch(page);
  await expect(menuAgain.getByRole("link", { name: /EUR/ })).toHaveAttribute("aria-current", "true");
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("?cur=RUB shows whole roubles; the header still fits", async ({ page }) => {
    await page.goto("/fleet?cur=RUB&lng=en");
    const rub = expectedV300("RUB", "en");
    expect(rub.from).not.toMatch(/[.,]\d\d(?!\d)/);
    await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`from ${rub.from}`);
    await expect(card(page, V300).locator("[data-per-hour]")).toHaveText(`from ${rub.perHour} / hour`);
    const perKm = (await card(page, V300).locator("[data-per-km]").textContent()) ?? "";
    expect(perKm).toMatch(/^₽[\d,]+ per km$/);
    expect(await page.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);

    const menu = await openSwitch(page);
    await expect(menu.getByRole("link", { name: /RUB/ })).toHaveAttribute("aria-current", "true");
    await expect(menu.getByRole("link")).toHaveCount(5);
    await page.screenshot({ path: "test-results/site-currency-menu-390.png" });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript, at 390 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the switch is a menu of links; the cookie keeps the choice", async ({ page }) => {
    await page.goto("/fleet?cur=RUB&lng=en");
    const menu = await openSwitch(page);
    await expect(menu.getByRole("link", { name: /RUB/ })).toHaveAttribute("aria-current", "true");
    // a link keeps the other parameters
    await menu.getByRole("link", { name: /GBP/ }).click();
    await expect(page).toHaveURL(/\/fleet\?cur=GBP&lng=en$/);
    await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`from ${expectedV300("GBP", "en").from}`);
    // and the cookie keeps the choice on the next page
    await page.goto("/fleet?q=V%20300");
    await expect(card(page, V300).locator("[data-from-price]")).toHaveText(`from ${expectedV300("GBP", "en").from}`);
  });

  test("the footer says the rates' date and that the charge is in lira, in four languages", async ({ page }) => {
    const { currency } = officeSettings();
    const texts: Record<string, (date: string) => string> = {
      en: (d) => `Rates set by the office on ${d}; you pay in Turkish lira.`,
      tr: (d) => `Kurlar ofis tarafından ${d} tarihinde belirlendi; ödeme Türk lirası ile yapılır.`,
      de: (d) => `Kurse vom Büro festgelegt am ${d}; Sie bezahlen in Türkischer Lira.`,
      ru: (d) => `Курсы установлены офисом ${d}; оплата в турецких лирах.`,
    };
    const tags: Record<string, string> = { en: "en-GB", tr: "tr-TR", de: "de-DE", ru: "ru-RU" };
    for (const lng of ["en", "tr", "de", "ru"]) {
      await page.goto(`/about?lng=${lng}`);
      await expect(page.locator("footer")).toContainText(texts[lng]!(ratesDate(currency.ratesSetAt, tags[lng]!)));
    }
  });
});
