/**
 * Fleet search and category filter (URL-driven, with and without JavaScript) and the car gallery
 * with mouse and keyboard.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const cards = (page: Page) => page.locator("main ul li article");

test.describe("fleet without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and category combine through the URL and survive a reload", async ({ page }) => {
    await page.goto("/fleet");
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(10);
    await page.getByRole("searchbox", { name: "Search vehicles" }).fill("mercedes");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/fleet\?q=mercedes$/);
    // Search covers name, make and model; other tests may add cars, so check the seeded fleet only.
    // (Auto-waiting assertions: the URL changes before the new page's cards are in the document.)
    const titles = page.locator("main article h3");
    for (const name of ["Mercedes-Benz V 300 d VIP", "Mercedes-Maybach S 680", "Mercedes-Benz E 220 d"]) {
      await expect(titles.filter({ hasText: name })).toHaveCount(1);
    }
    await expect(titles.filter({ hasText: "BMW 740d xDrive" })).toHaveCount(0);
    await expect(titles.filter({ hasText: "Porsche Panamera 4" })).toHaveCount(0);
    expect(await cards(page).count()).toBeLessThan(all);

    await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Ultra Luxury" }).click();
    await expect(page).toHaveURL(/q=mercedes&category=Ultra\+Luxury/);
    await expect(page.locator("main article h3")).toContainText(["Mercedes-Maybach S 680", "Mercedes-Maybach GLS 600"]);
    for (const category of await page.locator("main article p.uppercase").allTextContents()) expect(category).toBe("Ultra Luxury");

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toHaveValue("mercedes");
    await expect(page.getByRole("link", { name: "Ultra Luxury" })).toHaveAttribute("aria-current", "true");
    await expect(page.locator("main article h3")).toContainText(["Mercedes-Maybach S 680", "Mercedes-Maybach GLS 600"]);
    for (const name of await page.locator("main article h3").allTextContents()) expect(name).toMatch(/Mercedes-Maybach/);
  });

  test("no match shows the empty state with a way back", async ({ page }) => {
    await page.goto("/fleet?q=zeppelin");
    await expect(page.getByText("No vehicles found")).toBeVisible();
    await expect(page.getByText(/adjust the category filter/)).toBeVisible();
    await page.getByRole("link", { name: "Show all vehicles" }).click();
    await expect(page).toHaveURL(/\/fleet$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("a car card shows the spec's fields, luggage and the 'from' price; the picture links to the full image", async ({ page }) => {
    await page.goto("/fleet?q=V%20300");
    const card = cards(page).first();
    await expect(card.getByRole("heading", { name: "Mercedes-Benz V 300 d VIP" })).toBeVisible();
    await expect(card.getByText("VIP", { exact: true })).toBeVisible();
    await expect(card.getByText("Luggage")).toBeVisible();
    // the cheapest fixed route's price with the route named (app/fleet/card-prices.ts), the car's
    // rate per km and its hourly rate, in the reader's currency (euros for English; exact amounts:
    // site-currency.spec.ts)
    await expect(card.locator("[data-from-price]")).toHaveText(/^from €\d[\d,]*\.\d\d$/);
    await expect(card.locator("[data-from-route]")).toHaveText("Fixed price, Antalya Airport (AYT) → Lara");
    await expect(card.getByText(/^€\d[\d,]*\.\d\d per km$/)).toBeVisible();
    await expect(card.getByText(/^from €\d[\d,]*\.\d\d \/ hour$/)).toBeVisible();
    await expect(card.getByRole("link", { name: /^Book now/ })).toHaveAttribute("href", /^\/\?car=[^&#]+#booking$/);
    const img = card.locator("img");
    await expect(img).toHaveAttribute("srcset", /-card\.webp 640w, .*\.webp 1600w/);
    await expect(img).toHaveAttribute("width", "640");
    await expect(img).toHaveAttribute("height", "400");
    expect(await card.getByRole("link", { name: /photo gallery/ }).getAttribute("href")).toMatch(/^\/uploads\/.+\.webp$/);
  });
});

test.describe("fleet with JavaScript", () => {
  test("typing refilters without a full reload, and the filter combines", async ({ page }) => {
    await page.goto("/fleet");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("searchbox", { name: "Search vehicles" }).pressSequentially("maybach", { delay: 30 });
    await expect(page).toHaveURL(/\/fleet\?q=maybach$/);
    await expect(page.getByText("2 vehicles")).toBeVisible();
    await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Ultra Luxury" }).click();
    await expect(page).toHaveURL(/q=maybach&category=Ultra\+Luxury/);
    await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Sedan" }).click();
    await expect(page.getByText("No vehicles found")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toHaveValue("maybach");
    await expect(page.getByRole("link", { name: "Sedan" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(page.getByText("2 vehicles")).toBeVisible();
  });

  test("the gallery works with the mouse: counter, next/previous, dots, wrap-around, click outside", async ({ page }) => {
    await page.goto("/fleet?q=V%20300");
    const opener = page.getByRole("link", { name: /photo gallery/ }).first();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Mercedes-Benz V 300 d VIP" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("1 / 4")).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await dialog.getByRole("button", { name: "Next photo" }).click();
    await expect(dialog.getByText("2 / 4")).toBeVisible();
    await dialog.getByRole("button", { name: "Previous photo" }).click();
    await dialog.getByRole("button", { name: "Previous photo" }).click();
    await expect(dialog.getByText("4 / 4")).toBeVisible();
    await dialog.getByRole("button", { name: "Show photo 2" }).click();
    await expect(dialog.getByText("2 / 4")).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", "Mercedes-Benz V 300 d VIP, photo 2 of 4");
    // outside the picture
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });

  test("the gallery works with the keyboard: focus in, arrows, Escape, focus back", async ({ page }) => {
    await page.goto("/fleet?q=V%20300");
    const opener = page.getByRole("link", { name: /photo gallery/ }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close gallery" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("2 / 4")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText("4 / 4")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("1 / 4")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
