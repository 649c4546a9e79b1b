/**
 * Hourly hire on the public side (issue 14, part 2): the search form's third trip type, without
 * JavaScript at phone width and with it in German; the results' summary (hours, included km) and
 * the cars hired by the hour at hours × their hourly rate; hours outside the office's bounds.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForBookingForm } from "./fixtures";
import { activeCars, minimumOf, officeSettings, shownIn } from "./site-money";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });
// axe-core over a whole results page takes its time on a busy machine
test.describe.configure({ timeout: 90_000 });

/** Every car listed is one hired by the hour, priced at hours × its rate (raised to its category's minimum). */
async function expectHourlyCars(page: Page, hours: number, language: string) {
  const { pricing, currency } = officeSettings();
  const hourly = new Map(activeCars().filter((c) => c.price_per_hour).map((c) => [c.id, c]));
  const cards = page.locator("[data-car-id]");
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((list) => list.map((el) => el.getAttribute("data-car-id")!));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const car = hourly.get(id);
    expect(car, `car ${id} is hired by the hour`).toBeDefined();
    const total = Math.max(hours * car!.price_per_hour!, minimumOf(car!.category, pricing));
    // in lira, or in the currency the visitor reads (the price block shows one or both)
    const texts = [shownIn(total, "TRY", language, currency.rates), shownIn(total, language === "tr" ? "TRY" : "EUR", language, currency.rates)];
    const text = (await page.locator(`[data-car-id="${id}"]`).textContent()) ?? "";
    expect(texts.some((t) => text.replace(/\s/g, " ").includes(t.replace(/\s/g, " "))), `${car!.name}: ${texts.join(" or ")} in "${text}"`).toBe(true);
  }
}

test.describe("hourly hire without JavaScript, at 390 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("By the hour from Belek for 4 hours lists the cars hired by the hour", async ({ page }) => {
    await page.goto("/?lng=en");
    const booking = page.locator("#booking");
    await expect(booking.getByLabel("Drop-off location", { exact: true })).toBeVisible();
    await expect(booking.getByLabel("Hours", { exact: true })).toBeHidden();
    await booking.getByText("By the hour").click();
    await expect(booking.getByRole("radio", { name: "By the hour" })).toBeChecked();
    // CSS follows the radio button: no drop-off, the hours instead
    await expect(booking.getByLabel("Drop-off location", { exact: true })).toBeHidden();
    await expect(booking.getByLabel("Hours", { exact: true })).toBeVisible();
    const { pricing } = officeSettings();
    await expect(booking.getByLabel("Hours", { exact: true })).toHaveValue(String(pricing.hourlyMinHours));
    expect(await booking.getByLabel("Hours", { exact: true }).locator("option").count()).toBe(pricing.hourlyMaxHours - pricing.hourlyMinHours + 1);
    await booking.getByLabel("Pickup location", { exact: true }).fill("Belek");
    await booking.getByLabel("Pickup date").fill(day(6));
    await booking.getByLabel("Pickup time").fill("10:00");
    await booking.getByLabel("Hours", { exact: true }).selectOption("4");
    await booking.getByLabel("Passengers").selectOption("2");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();

    await expect(page).toHaveURL(/\/booking-results\?.*tripType=hourly/);
    await expect(page).toHaveURL(/hours=4/);
    await expect(page.getByRole("heading", { name: "Choose your vehicle" })).toBeVisible();
    const summary = page.locator("[data-hire-summary]");
    await expect(summary.getByText("Chauffeur by the hour")).toBeVisible();
    const km = 4 * pricing.includedKmPerHour;
    // from the place as resolved ("Belek, Antalya"); what was typed is its start, so no "You searched for" under it
    await expect(summary).toContainText(`4 h from Belek, Antalya · includes ${km} km (${pricing.includedKmPerHour} km per hour)`);
    await expect(summary.locator("[data-searched]")).toHaveCount(0);
    await expect(summary).toContainText("charged at the vehicle's rate per km");
    // no route to draw, no drop-off
    await expect(page.getByText("Outbound", { exact: true })).toHaveCount(0);
    await expect(page.locator("section[aria-labelledby=trip-title] svg[role=img]")).toHaveCount(0);
    await expectHourlyCars(page, 4, "en");
    await page.screenshot({ path: "test-results/site-hourly-results-390.png", fullPage: true });
    expect(await page.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);

    // "Change search" opens the form with the hire chosen
    await page.getByRole("link", { name: "Change search" }).click();
    await expect(page.locator("#booking").getByRole("radio", { name: "By the hour" })).toBeChecked();
    await expect(page.locator("#booking").getByLabel("Hours", { exact: true })).toHaveValue("4");
  });

  test("the services page's chauffeur card opens the search with By the hour chosen", async ({ page }) => {
    await page.goto("/services?lng=en");
    await page.getByRole("link", { name: "Book a chauffeur by the hour" }).click();
    await expect(page).toHaveURL(/\/\?tripType=hourly#booking$/);
    const booking = page.locator("#booking");
    await expect(booking.getByRole("radio", { name: "By the hour" })).toBeChecked();
    await expect(booking.getByLabel("Hours", { exact: true })).toBeVisible();
    await expect(booking.getByLabel("Drop-off location", { exact: true })).toBeHidden();
  });
});

test.describe("hourly hire with JavaScript", () => {
  test("in German at 1440 px", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/?lng=de");
    const booking = page.locator("#booking");
    await booking.getByText("Stundenweise").click();
    await expect(booking.getByLabel("Zielort", { exact: true })).toBeHidden();
    const field = page.getByRole("combobox", { name: "Abholort", exact: true });
    await field.fill("Belek");
    await page.getByRole("option", { name: /^Belek/ }).first().click();
    await booking.getByLabel("Abholdatum").fill(day(9));
    await booking.getByLabel("Abholzeit").fill("11:30");
    await booking.getByLabel("Stunden", { exact: true }).selectOption("6");
    await expect(booking.getByLabel("Stunden", { exact: true })).toHaveValue("6");
    await booking.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    const { pricing } = officeSettings();
    const summary = page.locator("[data-hire-summary]");
    await expect(summary.getByText("Chauffeur auf Stundenbasis")).toBeVisible();
    await expect(summary).toContainText(new RegExp(`6 Std\\. ab Belek.* · inklusive ${6 * pricing.includedKmPerHour} km \\(${pricing.includedKmPerHour} km pro Stunde\\)`));
    await expect(page).toHaveURL(/tripType=hourly/);
    expect(new URL(page.url()).searchParams.get("dropoff") ?? "").toBe("");
    await expectHourlyCars(page, 6, "de");
    await page.screenshot({ path: "test-results/site-hourly-results-1440.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test("the form with By the hour chosen at 390 px passes axe", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/?tripType=hourly&lng=en#booking");
    const booking = page.locator("#booking");
    await expect(booking.getByLabel("Hours", { exact: true })).toBeEnabled();
    await expect(booking.getByLabel("Drop-off location", { exact: true })).toBeHidden();
    await booking.screenshot({ path: "test-results/site-hourly-form-390.png" });
    await expectNoSeriousA11yViolations(page);
  });

  test("a transfer does not send the hours", async ({ page }) => {
    await page.goto("/?lng=en");
    await waitForBookingForm(page);
    const booking = page.locator("#booking");
    await expect(booking.getByLabel("Hours", { exact: true })).toBeDisabled();
    await booking.getByText("By the hour").click();
    await expect(booking.getByLabel("Hours", { exact: true })).toBeEnabled();
    await booking.getByText("One way").click();
    await expect(booking.getByLabel("Drop-off location", { exact: true })).toBeVisible();
    await expect(booking.getByLabel("Hours", { exact: true })).toBeHidden();
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`hours outside the office's bounds (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("via the URL: a translated error at the hours, what was typed kept", async ({ page }) => {
      const { pricing } = officeSettings();
      const bad = pricing.hourlyMaxHours + 8;
      await page.goto(`/booking-results?lng=en&tripType=hourly&pickup=Belek&date=${day(6)}&time=10:00&hours=${bad}&passengers=3`);
      await expect(page.getByRole("alert").first()).toContainText("Please check the highlighted fields");
      const form = page.locator("#booking-search");
      const hours = form.getByLabel("Hours", { exact: true });
      await expect(hours).toBeVisible();
      await expect(hours).toHaveValue(String(bad));
      await expect(hours).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByText(`Hourly hire is booked for ${pricing.hourlyMinHours} to ${pricing.hourlyMaxHours} hours.`)).toBeVisible();
      await expect(form.getByRole("radio", { name: "By the hour" })).toBeChecked();
      await expect(form.getByLabel("Pickup location", { exact: true })).toHaveValue("Belek");
      await expect(form.getByLabel("Pickup date")).toHaveValue(day(6));
      await expect(form.getByLabel("Passengers")).toHaveValue("3");
      await expect(form.getByLabel("Drop-off location", { exact: true })).toBeHidden();
      // axe-core runs in the page: only with JavaScript
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    });

    test("in Russian, too few hours", async ({ page }) => {
      const { pricing } = officeSettings();
      await page.goto(`/booking-results?lng=ru&tripType=hourly&pickup=Belek&date=${day(6)}&time=10:00&hours=1`);
      const hours = page.locator("#booking-search").getByLabel("Часы", { exact: true });
      await expect(hours).toHaveValue("1");
      await expect(page.locator("#booking-search-hours-error")).not.toBeEmpty();
      await expect(page.locator("#booking-search-hours-error")).toContainText(String(pricing.hourlyMaxHours));
    });
  });
}
