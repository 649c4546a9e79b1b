/**
 * The booking rules a visitor relies on (issue 12): a pickup sooner than the office's minimum lead
 * time (4 h by default) is refused with an offer to call or write on WhatsApp, with JavaScript and
 * without; the cancellation and payment terms stand beside the price and in the success box, and
 * the success box says the booking awaits the office's confirmation.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** Istanbul's date and time `hours` from now (the business runs on UTC+03:00). */
function istanbulIn(hours: number) {
  const iso = new Date(Date.now() + (hours + 3) * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

// The seeded contact details (settings defaults).
const TEL = "tel:+902423300000";
const WHATSAPP = "https://wa.me/905323300000";

async function expectTooSoonOffer(page: Page, texts: { title: string; call: RegExp; error: RegExp | string }) {
  const box = page.getByTestId("too-soon");
  await expect(box.getByRole("heading", { name: texts.title })).toBeVisible();
  await expect(box.getByRole("link", { name: texts.call })).toHaveAttribute("href", TEL);
  await expect(box.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", WHATSAPP);
  // the message under the date names the lead time and both numbers
  const date = page.locator("#booking-search-date");
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#booking-search-date-error")).toHaveText(texts.error);
  // no vehicles are offered for that time
  await expect(page.locator("[data-car-id]")).toHaveCount(0);
}

test.describe("a pickup sooner than the lead time, with JavaScript", () => {
  test("the home page's search an hour ahead ends on the call / WhatsApp offer, what was typed kept", async ({ page }) => {
    const soon = istanbulIn(1);
    await page.goto("/?lng=en");
    const booking = page.locator("#booking");
    await booking.getByRole("combobox", { name: "Pickup location", exact: true }).fill("AYT");
    await booking.getByRole("combobox", { name: "Drop-off location", exact: true }).fill("Belek");
    await booking.getByLabel("Pickup date").fill(soon.date);
    await booking.getByLabel("Pickup time").fill(soon.time);
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();

    await expect(page).toHaveURL(/\/booking-results\?/);
    await expectTooSoonOffer(page, {
      title: "Too soon to book online",
      call: /Call \+90 242 330 00 00/,
      error: "Online bookings close 4 h before pickup. For a sooner transfer call us on +90 242 330 00 00 or message us on WhatsApp (+90 532 330 00 00).",
    });
    await expect(page.locator("#booking-search-date")).toHaveValue(soon.date);
    await expect(page.locator("#booking-search-time")).toHaveValue(soon.time);
  });
});

test.describe("a pickup sooner than the lead time, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the results page refuses it in German with the same offer", async ({ page }) => {
    const soon = istanbulIn(1);
    await page.goto(`/booking-results?pickup=AYT&dropoff=Belek&date=${soon.date}&time=${encodeURIComponent(soon.time)}&lng=de`);
    await expectTooSoonOffer(page, {
      title: "Zu kurzfristig für eine Online-Buchung",
      call: /\+90 242 330 00 00 anrufen/,
      error: /^Online-Buchungen sind bis 4 Std\. vor der Abholung möglich\./,
    });
  });

  test("the terms stand beside the price and in the success box, which says the booking awaits confirmation", async ({ page }) => {
    const later = istanbulIn(72);
    await page.goto(`/booking-results?pickup=AYT&dropoff=Belek&date=${later.date}&time=10:00&passengers=2&lng=en`);
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    const contact = page.locator("#contact");
    const terms = contact.getByTestId("booking-terms");
    await expect(terms).toContainText("Free cancellation up to 24 hours before pickup.");
    await expect(terms).toContainText("No prepayment. You pay the driver on the day");

    await contact.getByLabel("Full name").fill("Jane Doe");
    await contact.getByLabel("E-mail").fill("jane@example.com");
    await contact.getByLabel("Phone").fill("+44 7700 900123");
    // at an airport pickup the flight number is required
    if ((await contact.locator('input[name="flightNumber"]').count()) > 0) await contact.locator('input[name="flightNumber"]').fill("TK 2412");
    await contact.locator('input[name="consent"]').check();
    await contact.getByRole("button", { name: "Confirm booking" }).click();

    const success = page.locator("section[role=status]");
    await expect(success.getByRole("heading", { name: "Booking received – awaiting confirmation" })).toBeVisible();
    await expect(success).toContainText("It is not confirmed yet");
    await expect(success.getByTestId("booking-terms")).toContainText("Free cancellation up to 24 hours before pickup.");
    await expect(success.getByTestId("booking-terms")).toContainText("No prepayment.");
  });
});

test.describe("the terms page states the office's booking rules", () => {
  test.use({ javaScriptEnabled: false });

  test("lead time, cancellation and payment from settings, in the visitor's language", async ({ page }) => {
    await page.goto("/terms?lng=en");
    await expect(page.getByText("Online bookings close 4 hours before pickup")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Changes and cancellations/ })).toBeVisible();
    await expect(page.getByText(/^Free cancellation up to 24 hours before pickup\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Payment/ })).toBeVisible();
    await expect(page.getByText(/^No prepayment\. You pay the driver on the day/)).toBeVisible();
    await page.goto("/terms?lng=ru");
    await expect(page.getByText("Онлайн-бронирование закрывается за 4 ч до подачи", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Оплата/ })).toBeVisible();
  });
});
