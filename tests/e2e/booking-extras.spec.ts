/**
 * Extras and the itemised price on the booking form (issue 14): AYT → Belek in euros shows a
 * fixed price; a child seat and a name sign reach the price, the confirmation and the e-mail,
 * with JavaScript (the total follows the choice) and without ("Update price" asks the server,
 * keeping what was typed). The seeded extras and fares are used as they are.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForRow } from "./fixtures";
import { referenceOnScreen } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });
// axe runs on a long page twice
test.setTimeout(120_000);

// Days no other spec books, so the cars are free.
const results = (date: string) => `/booking-results?pickup=AYT&dropoff=Belek&date=${date}&time=11:00&passengers=2&lng=en&cur=EUR`;

/** "€49.62" → 49.62 */
const euros = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

async function customerMail(reference: string): Promise<string> {
  const mail = await waitForRow<{ text_body: string }>(
    "select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = (select id from bookings where reference = ?)",
    reference,
  );
  return mail.text_body;
}

async function fillContact(page: Page, name: string) {
  const form = page.locator("#contact");
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("E-mail").fill("anna.schmidt@example.de");
  await form.getByLabel("Phone").fill("+49 151 23456789");
  await form.getByLabel(/Flight number/).fill("LH 1234");
  await form.getByRole("checkbox", { name: /KVKK/ }).check();
}

test("with JavaScript: fixed price in euros, a child seat and a name sign reach the confirmation and the e-mail", async ({ page }) => {
  await page.goto(results(day(61)));
  const card = page.locator("[data-car-id]").filter({ has: page.locator("[data-fixed-price]") }).first();
  await expect(card).toContainText("Fixed price");
  await expect(card.locator("[data-price]")).toContainText("€");
  await expect(card).toContainText("charged in Turkish lira");
  await card.getByRole("button", { name: /Select/ }).click();

  const price = page.locator("#booking-price");
  await expect(price).toBeVisible();
  const before = euros(await price.locator("[data-price]").textContent());
  await fillContact(page, "Anna Schmidt");
  // the airport's rules: the flight number is required, the free waiting is stated
  await expect(page.locator("#contact").getByLabel(/Flight number/)).toHaveAttribute("required", "");
  await expect(page.locator("#contact")).toContainText("Your pickup time is your landing time");
  await expect(page.locator("#contact [data-waiting]")).toContainText("Free waiting: 60 minutes after landing, then €");

  const extras = page.locator("#booking-extras");
  await expect(extras).toContainText("Child seat (1–4 years, 9–18 kg)");
  await expect(extras.locator("#extra-text-name-sign")).toBeHidden();
  await extras.locator("#extra-child-seat").selectOption("1");
  await extras.locator("#extra-name-sign").check();
  await expect(extras.locator("#extra-text-name-sign")).toBeVisible();
  await extras.locator("#extra-text-name-sign").fill("Anna Schmidt");
  await expect(price).toContainText("Child seat (1–4 years, 9–18 kg) × 1");
  await expect(price).toContainText("“Anna Schmidt”");
  const seat = euros(await price.locator("[data-line=extra]").first().locator("span").last().textContent());
  expect(euros(await price.locator("[data-price]").textContent()) - before).toBeCloseTo(seat, 1);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // The extras in the middle of the screen: axe counts a control that the sticky header happens
    // to cover (where the smooth scroll to the contact form stopped) as a target too small.
    await page.locator("#booking-extras").evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    await expectNoSeriousA11yViolations(page);
    await page.locator("#contact").screenshot({ path: test.info().outputPath(`booking-form-${width}.png`) });
  }

  await page.getByRole("button", { name: "Confirm booking" }).click();
  const reference = await referenceOnScreen(page);
  const success = page.locator("section[role=status]");
  await expect(success.locator("[data-booked-extras]")).toContainText("Child seat (1–4 years, 9–18 kg) × 1");
  await expect(success.locator("[data-booked-extras]")).toContainText("Anna Schmidt");
  await success.screenshot({ path: test.info().outputPath("success-1440.png") });
  await expect(success).toContainText("Fixed price");
  await expect(success).toContainText("charged in Turkish lira");
  await expect(success).toContainText("Free waiting: 60 minutes after landing");

  const mail = await customerMail(reference);
  expect(mail).toContain("Child seat (1–4 years, 9–18 kg) × 1");
  expect(mail).toContain("Meet & greet with a name sign “Anna Schmidt”");
  expect(mail).toMatch(/Price: €[\d.,]+ \(charged in Turkish lira: ₺[\d.,]+\)/);
  expect(mail).toContain("Free waiting: 60 minutes after landing");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Update price' adds the child seat keeping what was typed, then the booking carries both extras", async ({ page }) => {
    await page.goto(results(day(62)));
    const card = page.locator("[data-car-id]").filter({ has: page.locator("[data-fixed-price]") }).first();
    await expect(card).toContainText("Fixed price");
    await card.getByRole("button", { name: /Select/ }).click();
    const price = page.locator("#booking-price");
    const before = euros(await price.locator("[data-price]").textContent());

    await fillContact(page, "Anna Schmidt");
    const extras = page.locator("#booking-extras");
    await extras.locator("#extra-child-seat").selectOption("1");
    await extras.locator("#extra-name-sign").check();
    // shown by CSS once the sign is chosen
    await expect(extras.locator("#extra-text-name-sign")).toBeVisible();
    await extras.locator("#extra-text-name-sign").fill("Anna Schmidt");
    await extras.getByRole("button", { name: "Update price" }).click();

    // nothing booked; the price has the seat, every value is kept
    await expect(page.locator("section[role=status]")).toHaveCount(0);
    await expect(price).toContainText("Child seat (1–4 years, 9–18 kg) × 1");
    const seat = euros(await price.locator("[data-line=extra]").first().locator("span").last().textContent());
    expect(seat).toBeGreaterThan(0);
    expect(euros(await price.locator("[data-price]").textContent()) - before).toBeCloseTo(seat, 1);
    await expect(page.locator("#contact").getByLabel("Full name")).toHaveValue("Anna Schmidt");
    await expect(page.locator("#contact").getByLabel(/Flight number/)).toHaveValue("LH 1234");
    await expect(extras.locator("#extra-child-seat")).toHaveValue("1");
    await expect(extras.locator("#extra-name-sign")).toBeChecked();
    await expect(extras.locator("#extra-text-name-sign")).toHaveValue("Anna Schmidt");

    // a chosen sign without text is refused at the field, nothing booked
    await extras.locator("#extra-text-name-sign").fill("");
    await page.locator("#contact").getByRole("checkbox", { name: /KVKK/ }).check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.locator("section[role=status]")).toHaveCount(0);
    await expect(extras).toContainText("Please");
    await expect(extras.locator("#extra-child-seat")).toHaveValue("1");

    await extras.locator("#extra-text-name-sign").fill("Anna Schmidt");
    await page.locator("#contact").getByRole("checkbox", { name: /KVKK/ }).check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const reference = await referenceOnScreen(page);
    const success = page.locator("section[role=status]");
    await expect(success.locator("[data-booked-extras]")).toContainText("Child seat (1–4 years, 9–18 kg) × 1");
    await expect(success.locator("[data-booked-extras]")).toContainText("Anna Schmidt");
    const mail = await customerMail(reference);
    expect(mail).toContain("Child seat (1–4 years, 9–18 kg) × 1");
    expect(mail).toContain("“Anna Schmidt”");
  });
});
