/**
 * The contact form and the newsletter box, with and without JavaScript: stored rows, translated
 * field errors, typed values kept.
 */
import { e2eDb, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

function contactRow(email: string) {
  const db = e2eDb();
  try {
    return db.prepare("select * from contact_messages where email = ?").get(email) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

function subscriberCount(email: string) {
  const db = e2eDb();
  try {
    return (db.prepare("select count(*) as n from newsletter_subscribers where email_normalized = ?").get(email.toLowerCase()) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function fillContact(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.locator("#contact-form").getByLabel(label).fill(value);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`contact form, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    // reduced motion turns smooth scrolling off, so Playwright's scroll-into-view settles at once
    test.use({ javaScriptEnabled, contextOptions: { reducedMotion: "reduce" } });

    test("an end date before the start shows a field error and keeps what was typed", async ({ page }) => {
      await page.goto("/contact");
      await fillContact(page, {
        "Full name": "Keep Me",
        "E-mail": `keep-${mode}@example.com`,
        Phone: "+44 7700 900123",
        "Start date": "2026-08-10",
        "End date": "2026-08-01",
        Message: "Two people, Side, one week.",
      });
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("The end date cannot be before the start date.")).toBeVisible();
      await expect(page.locator("#contact-form").getByLabel("End date")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#contact-form").getByLabel("Full name")).toHaveValue("Keep Me");
      await expect(page.locator("#contact-form").getByLabel("Message")).toHaveValue("Two people, Side, one week.");
      await expect(page.locator("#contact-form").getByLabel("Start date")).toHaveValue("2026-08-10");
      expect(contactRow(`keep-${mode}@example.com`)).toBeUndefined();
    });

    test("a valid message is stored and the success text is shown", async ({ page }) => {
      await page.goto("/contact?lng=de");
      await fillContact(page, {
        "Vor- und Nachname": "Hans Müller",
        "E-Mail": `hans-${mode}@example.com`,
        Telefon: "+49 30 1234567",
        Nachricht: "Wir brauchen einen Transfer nach Belek für vier Personen.",
      });
      await page.locator("#contact-form").getByLabel("Wunschfahrzeug").selectOption("Mercedes-Benz V 300 d VIP");
      await page.getByRole("button", { name: "Nachricht senden" }).click();
      await expect(page.getByText("Vielen Dank für Ihre Nachricht!")).toBeVisible();
      await expect(page.locator("#contact-form").getByLabel("Vor- und Nachname")).toHaveValue("");
      expect(contactRow(`hans-${mode}@example.com`)).toMatchObject({
        name: "Hans Müller",
        phone: "+49 30 1234567",
        preferred_vehicle: "Mercedes-Benz V 300 d VIP",
        locale: "de",
      });
    });
  });

  test.describe(`newsletter, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("subscribing stores the address once and thanks the visitor", async ({ page }) => {
      const email = `news-${mode}@example.com`;
      await page.goto("/about");
      const box = page.locator("#newsletter");
      await box.getByLabel("Your e-mail address").fill(email);
      await box.getByLabel("Your e-mail address").press("Enter");
      await expect(box.getByRole("status")).toHaveText("Thank you! You are now on our list.");
      await expect(box.getByLabel("Your e-mail address")).toHaveValue("");
      await expect(page).toHaveURL(/\/about/);
      expect(subscriberCount(email)).toBe(1);

      // typed again only once the first answer has finished clearing the field (a late clear emptied it once)
      await expect(async () => {
        await box.getByLabel("Your e-mail address").fill(email.toUpperCase());
        await expect(box.getByLabel("Your e-mail address")).toHaveValue(email.toUpperCase(), { timeout: 500 });
      }).toPass();
      await box.getByRole("button", { name: "Subscribe" }).focus();
      await page.keyboard.press("Enter");
      await expect(box.getByRole("status")).toHaveText("You are already subscribed with this address. Thank you!");
      expect(subscriberCount(email)).toBe(1);
    });

    test("an address the server rejects shows the error and keeps what was typed", async ({ page }) => {
      await page.goto("/services?lng=tr");
      const box = page.locator("#newsletter");
      // accepted by the browser's own check, refused by ours (no domain)
      await box.getByLabel("E-posta adresiniz").fill("misafir@localhost");
      await box.getByLabel("E-posta adresiniz").press("Enter");
      await expect(box.getByRole("status")).toHaveText("Lütfen geçerli bir e-posta adresi girin.");
      await expect(box.getByLabel("E-posta adresiniz")).toHaveValue("misafir@localhost");
      expect(subscriberCount("misafir@localhost")).toBe(0);
    });
  });
}

test("with JavaScript, empty required fields show translated errors before anything is sent", async ({ page }) => {
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  await page.goto("/contact?lng=ru");
  await page.getByRole("button", { name: "Отправить сообщение" }).click();
  await expect(page.getByText("Пожалуйста, укажите ваше имя.")).toBeVisible();
  await expect(page.getByText("Пожалуйста, введите корректный адрес электронной почты.")).toBeVisible();
  await expect(page.getByText("Пожалуйста, укажите номер телефона для связи.")).toBeVisible();
  await expect(page.getByText("Пожалуйста, напишите сообщение не короче 10 символов.")).toBeVisible();
  expect(posted).toBe(false);
});

test("without JavaScript, the server answers bad input with field errors and keeps it", async ({ request }) => {
  const response = await request.post("/contact?lng=en", {
    form: { name: "X", email: "not-an-email", phone: "123", message: "short" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Please enter a valid e-mail address.");
  expect(html).toContain("Please write a message of at least 10 characters.");
  expect(html).toContain('value="not-an-email"');
});
