/**
 * How public pages load (README "Performance"): the JavaScript that hydrates a page is fetched only
 * after its first contentful paint, and a page fetches only the font files its text needs (the small
 * Turkish subsets, never Inter's 85 KB latin-ext file).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { tripDay } from "../setup/trip-date";

type Loaded = { name: string; startTime: number };

async function resources(page: Page) {
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    loaded: performance
      .getEntriesByType("resource")
      .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime })),
  }));
}

for (const path of ["/?lng=en", "/fleet?lng=en"]) {
  test(`${path}: the hydration scripts are requested after the first contentful paint`, async ({ page }) => {
    await page.goto(path);
    const { fcp, loaded } = await resources(page);
    const scripts = loaded.filter((r: Loaded) => r.name.startsWith("/assets/") && r.name.endsWith(".js"));
    expect(fcp).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(fcp!);
    // Nothing in <head> asks for a module before the paint.
    expect(await page.locator("head link[rel=modulepreload]").count()).toBeGreaterThan(0); // added after the paint
    const html = await (await page.request.get(path)).text();
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("modulepreload");
  });
}

test("Turkish text loads the small Turkish font files, not the whole latin-ext ones", async ({ page }) => {
  await page.goto("/?lng=tr");
  await page.evaluate(() => document.fonts.ready);
  const fonts = (await resources(page)).loaded.map((r: Loaded) => r.name).filter((name) => name.endsWith(".woff2"));
  expect(fonts.some((name) => /inter-turkish/.test(name))).toBe(true);
  expect(fonts.some((name) => /playfair-display-turkish/.test(name))).toBe(true);
  expect(fonts.filter((name) => /latin-ext/.test(name))).toEqual([]);
  expect(await page.evaluate(() => document.fonts.check('600 16px "Playfair Display Variable"', "Güvenli Ş"))).toBe(
    true,
  );
});

test("Russian text loads the cyrillic files", async ({ page }) => {
  await page.goto("/?lng=ru");
  await page.evaluate(() => document.fonts.ready);
  const fonts = (await resources(page)).loaded.map((r: Loaded) => r.name).filter((name) => name.endsWith(".woff2"));
  expect(fonts.some((name) => /inter-cyrillic-wght/.test(name))).toBe(true);
});

test.describe("the home page's booking form, hydrated when the visitor turns to it", () => {
  // its module and the booking catalogue (app/components/site/on-demand.tsx)
  const formCode = (names: string[]) => names.filter((name) => /^\/assets\/(search-form|booking)-[\w-]{8}\.js$/.test(name));
  const loadedNames = async (page: Page) => (await resources(page)).loaded.map((r: Loaded) => r.name);

  test("loads nothing for the form until a pointer is on it", async ({ page }) => {
    await page.goto("/?lng=en");
    await page.waitForLoadState("networkidle");
    const form = page.locator("#booking-search");
    expect(formCode(await loadedNames(page))).toEqual([]);
    await expect(form).not.toHaveAttribute("novalidate");
    await form.hover();
    await expect(form).toHaveAttribute("novalidate", "");
    expect(formCode(await loadedNames(page))).toHaveLength(2);
  });

  test("a navigation away goes ahead, and the page shown again has the form at once", async ({ page }) => {
    await page.goto("/?lng=en");
    await page.locator("header").getByRole("link", { name: "Fleet", exact: true }).first().click();
    await expect(page).toHaveURL(/\/fleet/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.locator("#booking-search")).toHaveAttribute("novalidate", "");
    await page.getByRole("combobox", { name: "Pickup location", exact: true }).fill("Bel");
    await expect(page.getByRole("option", { name: /^Belek/ }).first()).toBeVisible();
  });

  test("a featured car's Book now takes the car into the waiting form, without a hydration error", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/?lng=en");
    await page.locator("main a[href*='car=']").first().click();
    await expect(page).toHaveURL(/[?&]car=/);
    await expect(page.locator("#booking-search")).toHaveAttribute("novalidate", "");
    await expect(page.locator("#booking-search input[name=car]")).toBeAttached();
    expect(errors).toEqual([]);
  });
});

test("the results page's form to fix a search hydrates when the visitor turns to it", async ({ page }) => {
  const farAway = tripDay(3 * 365);
  await page.goto(`/booking-results?tripType=oneWay&pickup=AYT&dropoff=Belek&date=${farAway}&time=10:00&passengers=2&lng=en`);
  await page.waitForLoadState("networkidle");
  const formCode = async () => (await resources(page)).loaded.map((r: Loaded) => r.name).filter((name) => /^\/assets\/search-form-[\w-]{8}\.js$/.test(name));
  const form = page.locator("#booking-search");
  await expect(form.getByLabel("Pickup date")).toHaveAttribute("aria-invalid", "true");
  expect(await formCode()).toEqual([]);
  await form.getByLabel("Pickup date").fill(tripDay(9));
  await expect(form).toHaveAttribute("novalidate", "");
  expect(await formCode()).toHaveLength(1);
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the page is complete and still uses the brand fonts", async ({ page }) => {
    const fonts: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().endsWith(".woff2")) fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/?lng=en");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#booking form")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /^"Playfair Display Variable"/);
    await expect.poll(() => fonts.filter((name) => /(inter|playfair-display)-latin-wght/.test(name)).length).toBe(2);
  });
});
