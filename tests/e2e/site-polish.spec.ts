/**
 * The site's finish: an unknown private link is a 404 inside the site with the ways to reach the
 * office; "Book now" on a car card carries the car through the search to the results; the WhatsApp
 * button never lies over the booking form's consent line or the footer's address on a phone, sits
 * in a landmark and prefills a message; the about page claims only what the data says.
 */
import type { Locator, Page } from "@playwright/test";
import { withServerDb } from "./admin-helpers";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

function firstActiveCar(): { id: string; name: string } {
  const db = e2eDb();
  try {
    return db.prepare("select id, name from cars where status = 'active' order by sort_order, name limit 1").get() as { id: string; name: string };
  } finally {
    db.close();
  }
}

const resultsUrl = (carId: string) =>
  `/booking-results?tripType=oneWay&pickup=${encodeURIComponent("Antalya Havalimanı (AYT)")}&pickupPlace=ayt-airport&dropoff=Belek&date=${day(9)}&time=10:00&passengers=2&car=${encodeURIComponent(carId)}`;

/** Scrolls `target` to the bottom edge of the viewport (the worst place for a button fixed low on the screen), then to the middle (the top belongs to the sticky header). */
async function expectNotCovered(page: Page, button: Locator, target: Locator) {
  for (const block of ["end", "center"] as const) {
    await target.evaluate((el, b) => el.scrollIntoView({ block: b, inline: "nearest" }), block);
    const [a, b] = [await button.boundingBox(), await target.boundingBox()];
    expect(a, "the WhatsApp button is on screen").not.toBeNull();
    expect(b).not.toBeNull();
    const overlaps = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps, `WhatsApp button ${JSON.stringify(a)} over ${JSON.stringify(b)} (scrolled to ${block})`).toBe(false);
  }
}

/** The WhatsApp link the visitor sees at this width (one in the header, one floating: CSS shows one). */
const visibleWhatsApp = (page: Page) => page.getByRole("link", { name: /WhatsApp/ }).filter({ visible: true }).first();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`unknown private link (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("answers 404 inside the site with phone, WhatsApp and e-mail", async ({ page }) => {
      const response = await page.goto("/my-booking/not-a-real-token-123?lng=en");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking not found");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("link", { name: "Türkçe" }).first()).toBeAttached();
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: /\+90 242 330 00 00/ })).toHaveAttribute("href", "tel:+902423300000");
      const whatsapp = main.getByRole("link", { name: /WhatsApp/ });
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/905323300000\?text=/);
      const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text");
      expect(text).toBe("Hello! I have a question about my booking.");
      await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
      // the private link's token is never sent to WhatsApp
      for (const link of await page.getByRole("link", { name: /WhatsApp/ }).all()) expect(await link.getAttribute("href")).not.toContain("not-a-real-token");
      await expect(page).toHaveTitle(/Booking not found/);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    });
  });
}

test("the 404 of a private link speaks every public language", async ({ page }) => {
  const titles = { tr: "Rezervasyon bulunamadı", de: "Buchung nicht gefunden", ru: "Бронирование не найдено", en: "Booking not found" };
  for (const [lng, title] of Object.entries(titles)) {
    const response = await page.goto(`/my-booking/x?lng=${lng}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  }
});

test("the private page's WhatsApp message names the booking, not the link", async ({ page }) => {
  const car = firstActiveCar();
  const booking = await withServerDb((db, code) => code.createTestBooking({ db, translator: (lng) => code.fixedT(lng, "booking") }, { carId: car.id, fullName: "Anna Schmidt", notes: "" }, { locale: "en" }));
  const db = e2eDb();
  const mail = db.prepare("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?").get(booking.id) as { text_body: string };
  db.close();
  const path = new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname;
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(booking.reference);
  for (const link of await page.getByRole("link", { name: /WhatsApp/ }).all()) {
    const href = (await link.getAttribute("href"))!;
    expect(new URL(href).searchParams.get("text")).toBe(`Hello! I have a question about my booking ${booking.reference}.`);
    expect(href).not.toContain(path.split("/").pop()!);
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`fleet "Book now" (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("carries the car through the search form to the results, where it is preselected", async ({ page }) => {
      const car = firstActiveCar();
      await page.goto("/fleet?lng=en");
      const card = page.locator("article", { has: page.getByRole("heading", { name: car.name, exact: true }) }).first();
      // English reads euros by default (the office's rate; issue 14)
      await expect(card.locator("[data-from-price]")).toHaveText(/^from €\d[\d,]*\.\d\d$/);
      await expect(card.getByText("Luggage")).toBeVisible();
      await card.getByRole("link", { name: `Book now – ${car.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/\\?car=${car.id}#booking$`));
      const booking = page.locator("#booking");
      await expect(booking.locator('input[type=hidden][name="car"]')).toHaveValue(car.id);
      await booking.getByLabel("Pickup location", { exact: true }).fill("Antalya Havalimanı");
      await booking.getByLabel("Drop-off location", { exact: true }).fill("Belek");
      // far past the factories' default slots (a week ahead, 4 h apart), which other specs fill on the same first car
      await booking.getByLabel("Pickup date").fill(day(45));
      await booking.getByLabel("Pickup time").fill("11:00");
      await booking.getByRole("button", { name: "Show vehicles and prices" }).click();
      await expect(page).toHaveURL(new RegExp(`/booking-results\\?.*car=${car.id}`));
      await expect(page.locator(`[data-car-id="${car.id}"]`)).toHaveAttribute("data-selected", "true");
      await expect(page.locator("#contact").getByText(car.name).first()).toBeVisible();
    });
  });
}

test.describe("the WhatsApp button on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("never lies over the consent line or the footer address, sits in a landmark and prefills the page", async ({ page }) => {
    const car = firstActiveCar();
    await page.goto(resultsUrl(car.id));
    const button = visibleWhatsApp(page);
    await expect(button).toBeVisible();
    expect(await button.evaluate((el) => el.closest("header, footer, aside[aria-label], nav, main") !== null)).toBe(true);
    const text = new URL((await button.getAttribute("href"))!).searchParams.get("text")!;
    expect(text).toContain("/booking-results?");
    const consent = page.locator("#contact label", { has: page.locator('input[name="consent"]') });
    await expectNotCovered(page, button, consent);
    await expectNotCovered(page, button, page.getByRole("contentinfo").locator("address"));
  });

  test("stays clear of the footer address without JavaScript too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/contact");
    const button = visibleWhatsApp(page);
    await expect(button).toBeVisible();
    await expectNotCovered(page, button, page.getByRole("contentinfo").locator("address"));
    await context.close();
  });
});

test.describe("the WhatsApp button on a wide screen (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("floats in the page margin, in its own landmark, clear of the form and the footer", async ({ page }) => {
    const car = firstActiveCar();
    await page.goto(resultsUrl(car.id));
    const button = visibleWhatsApp(page);
    await expect(button).toBeVisible();
    await expect(page.getByRole("complementary", { name: "WhatsApp" }).getByRole("link", { name: /WhatsApp/ })).toBeVisible();
    await expectNotCovered(page, button, page.locator("#contact label", { has: page.locator('input[name="consent"]') }));
    await expectNotCovered(page, button, page.getByRole("contentinfo").locator("address"));
  });
});

test("about claims no invented numbers", async ({ page }) => {
  for (const lng of ["en", "tr", "de", "ru"]) {
    await page.goto(`/about?lng=${lng}`);
    const text = await page.locator("main").innerText();
    expect(text, lng).not.toMatch(/100\s?%|%\s?100|2[.,\s]?500|10[.,\s]?000|15\+|2010|24\/7|7\/24/);
  }
  await page.goto("/?lng=en");
  expect(await page.locator("body").innerText()).not.toMatch(/24\/7|since 2010/);
});
