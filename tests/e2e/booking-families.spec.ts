/**
 * Families (issue 32): a German family of four (two adults, two children: every child is a
 * passenger) with an infant and a pram books without JavaScript: the special luggage is a
 * disclosure of the search form, the results say the pram and list only the cars it fits in, the
 * infant carrier is an extra; the success box and the guest's e-mail name both. The disclosure
 * works at 390 px and is axe clean in each language.
 */
import { expect, expectNoSeriousA11yViolations, test, waitForBookingForm, waitForRow } from "./fixtures";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a German family with an infant and a pram books without JavaScript", async ({ page }) => {
    await page.goto("/?lng=de");
    const booking = page.locator("#booking");
    await booking.getByLabel("Abholort", { exact: true }).fill("Antalya Havalimanı");
    await booking.getByLabel("Zielort", { exact: true }).fill("Belek");
    await booking.getByLabel("Abholdatum").fill(day(64));
    await booking.getByLabel("Abholzeit").fill("10:30");
    // 2 adults + 2 children = 4 passengers
    await expect(booking).toContainText("Alle Reisenden, auch Kinder und Babys.");
    await booking.getByLabel("Fahrgäste").selectOption("4");
    await booking.getByLabel("Koffer").selectOption("2");
    const special = booking.locator("details").filter({ hasText: "Sondergepäck" });
    await special.locator("summary").click();
    await special.getByLabel("Kinderwagen und Buggys").selectOption("1");
    await booking.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    await expect(page).toHaveURL(/prams=1/);
    await expect(page.locator("[data-luggage-items]").first()).toContainText("1 Kinderwagen");
    // "Change search" brings the pram back to the form, its disclosure open
    const results = page.url();
    await page.getByRole("link", { name: "Suche ändern" }).click();
    await expect(page.locator("#booking details")).toHaveAttribute("open", "");
    await expect(page.locator("#booking").getByLabel("Kinderwagen und Buggys")).toHaveValue("1");
    await page.goto(results);

    const car = page.locator("[data-car-id]").first();
    await car.getByRole("button", { name: /Auswählen/ }).click();
    await page.locator("#booking-extras #extra-infant-seat").selectOption("1");
    await fillContact(page, { name: "Familie Weber", email: "weber@example.de", phone: "+49 151 23456789", flight: "XQ 141" });
    await page.getByRole("button", { name: "Buchung bestätigen" }).click();
    const reference = await referenceOnScreen(page);
    const success = page.locator("section[role=status]");
    await expect(success.locator("[data-booked-extras]")).toContainText("Babyschale (0–12 Monate, bis 13 kg) × 1");
    await expect(success.locator("[data-luggage-items]")).toContainText("1 Kinderwagen");

    const mail = await waitForRow<{ text_body: string }>(
      "select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = (select id from bookings where reference = ?)",
      reference,
    );
    expect(mail.text_body).toContain("Babyschale (0–12 Monate, bis 13 kg) × 1");
    expect(mail.text_body).toContain("Sondergepäck: 1 Kinderwagen");
  });

  test("more child seats than passengers are refused at the seats, keeping what was typed", async ({ page }) => {
    await page.goto(`/booking-results?pickup=AYT&dropoff=Belek&date=${day(65)}&time=10:30&passengers=1&lng=en`);
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    const extras = page.locator("#booking-extras");
    await extras.locator("#extra-infant-seat").selectOption("1");
    await extras.locator("#extra-child-seat").selectOption("1");
    await fillContact(page, { name: "Anna Schmidt", email: "anna@example.de", phone: "+49 151 23456789" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.locator("section[role=status]")).toHaveCount(0);
    await expect(extras).toContainText("No more child seats than passengers (1)");
    await expect(extras.locator("#extra-infant-seat")).toHaveValue("1");
    await expect(extras.locator("#extra-child-seat")).toHaveValue("1");
    await expect(page.locator("#contact").getByLabel("Full name")).toHaveValue("Anna Schmidt");
  });
});

for (const lng of ["en", "tr", "de", "ru"] as const) {
  test(`the special luggage disclosure at 390 px is usable and axe clean (${lng})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?lng=${lng}`);
    await waitForBookingForm(page);
    const special = page.locator("#booking details");
    await special.locator("summary").click();
    await expect(special).toHaveAttribute("open", "");
    const selects = special.locator("select");
    await expect(selects).toHaveCount(5);
    for (const select of await selects.all()) {
      const box = (await select.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await special.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    await expectNoSeriousA11yViolations(page);
  });
}
