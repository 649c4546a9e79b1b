/**
 * What the booking specs do on the results page: fill the contact form (in any public language)
 * once the page has hydrated (with JavaScript) and the smooth scroll to it has come to rest, and
 * read the reference from the success box.
 */
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

/** Waits until the smooth scroll to #contact has come to rest. */
async function settleScroll(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still;
    }, { intervals: [250] })
    .toBe(true);
}

/**
 * Fills the contact form. At an airport pickup the flight number is required: `flight` is typed
 * when the field is there (a default flight unless the spec gives one).
 */
export async function fillContact(page: Page, contact: { name: string; email: string; phone: string; flight?: string }) {
  // With JavaScript (the page ran React Router's inline script), React takes over first: the page
  // can move under the pointer as it does (a trace showed the consent box's mousedown, no click).
  if (await page.evaluate(() => "__reactRouterContext" in window)) await waitForHydration(page);
  await settleScroll(page);
  const form = page.locator("#contact");
  await form.getByLabel(/^(Full name|Ad soyad|Vor- und Nachname|Имя и фамилия)$/).fill(contact.name);
  await form.getByLabel(/^(E-mail|E-posta|E-Mail|Электронная почта)$/).fill(contact.email);
  await form.getByLabel(/^(Phone|Telefon|Телефон)$/).fill(contact.phone);
  const flight = form.locator('input[name="flightNumber"]');
  if ((await flight.count()) > 0) await flight.fill(contact.flight ?? "TK 2412");
  await form.locator('input[name="consent"]').check();
}

/** The booking reference the success box shows. */
export async function referenceOnScreen(page: Page): Promise<string> {
  const status = page.locator("section[role=status]");
  await expect(status).toBeVisible();
  return /VT-[2-9A-HJ-NP-Z]{6}/.exec((await status.textContent()) ?? "")![0];
}
