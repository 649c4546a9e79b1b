/**
 * The partner portal (issue 33) as a hotel desk uses it: on a 390 px phone without JavaScript, a
 * desk user of the demo hotel signs in at /partner/login in German, searches a transfer for a
 * German guest with the site's own form, sees the guest price and the hotel's net, chooses that the
 * hotel pays on its statement, books, and finds the booking in the portal's list. The office then
 * sees the booking with its partner, the commission and who pays.
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { fillContact } from "./booking-helpers";
import { signIn, withServerDb } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** The day `n` days from now, as the date field takes it. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A desk user of the demo hotel (BELEKPALM) with a known password, made through the production write path. */
async function hotelDeskUser(): Promise<{ email: string; password: string }> {
  const email = `desk-${randomUUID().slice(0, 8)}@belekpalm.example`;
  const password = "Rezeption-2026!";
  await withServerDb(async (db, code) => {
    const hotel = await code.partnerByCode(db, "BELEKPALM");
    if (!hotel) throw new Error("the demo hotel is missing from the e2e database");
    await code.createUser(db, { email, password, role: "partner", name: "Anna Schäfer", partnerId: hotel.id });
  });
  return { email, password };
}

test.describe("the partner portal without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a hotel desk books for a German guest, the hotel paying on account, and sees it in its list; the office sees its partner and commission", async ({ page, browser }) => {
    const desk = await hotelDeskUser();
    const guest = `Jürgen Weiß ${randomUUID().slice(0, 4)}`;

    await page.goto("/partner/login?lng=de");
    await expect(page.getByRole("heading", { level: 1, name: "Partner-Anmeldung" })).toBeVisible();
    await page.getByLabel("E-Mail", { exact: true }).fill(desk.email);
    await page.getByLabel("Passwort", { exact: true }).fill("falsch-123");
    await page.getByRole("button", { name: "Anmelden" }).click();
    // refused in German, the e-mail kept
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByLabel("E-Mail", { exact: true })).toHaveValue(desk.email);
    await page.getByLabel("Passwort", { exact: true }).fill(desk.password);
    await page.getByRole("button", { name: "Anmelden" }).click();

    await expect(page).toHaveURL(/\/partner$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Buchungen" })).toBeVisible();
    await expect(page.getByText("Partnerportal · Belek Palm Resort")).toBeVisible();
    await page.getByRole("link", { name: "Neue Buchung" }).first().click();

    await expect(page).toHaveURL(/\/partner\/book$/);
    await page.getByLabel("Abholort", { exact: true }).fill("Antalya Havalimanı");
    await page.getByLabel("Zielort", { exact: true }).fill("Belek");
    await page.getByLabel("Abholdatum").fill(day(9));
    await page.getByLabel("Abholzeit").fill("11:15");
    await page.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    const panel = page.getByTestId("portal-results");
    await expect(panel).toContainText("Buchung für Belek Palm Resort");
    await expect(panel.getByTestId("portal-net").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen/ }).click();
    // above the contact form: the hotel's terms have the guest pay in the car unless the desk says otherwise; here the hotel pays
    const payer = page.getByTestId("portal-payer");
    await expect(payer.getByLabel("Der Gast, im Fahrzeug")).toBeChecked();
    await payer.getByLabel("Wir, über unsere Monatsabrechnung").check();
    await fillContact(page, { name: guest, email: "juergen.weiss@example.de", phone: "+49 170 1234567", flight: "XQ 140" });
    await page.getByRole("button", { name: "Buchung bestätigen" }).click();

    await expect(page).toHaveURL(/\/partner\/bookings\/[\w-]+\?booked=1$/);
    const bookingId = /\/partner\/bookings\/([\w-]+)/.exec(page.url())![1]!;
    await expect(page.getByText("Die Buchung ist erfolgt.", { exact: false })).toBeVisible();
    const reference = /VT-[2-9A-HJ-NP-Z]{6}/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")![0];
    await expect(page.getByText("Wir, über unsere Monatsabrechnung")).toBeVisible();
    await expect(page.getByRole("link", { name: "Buchungsseite öffnen" })).toHaveAttribute("href", /\/my-booking\/[\w-]+\?lng=de$/);

    await page.getByRole("link", { name: "Zurück zu Ihren Buchungen" }).click();
    const listed = page.locator("li").filter({ hasText: reference });
    await expect(listed).toContainText(guest);
    await expect(listed).toContainText("Ihr Nettopreis");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the office: the booking names the hotel, its commission and who pays
    const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const officePage = await office.newPage();
    await signIn(officePage);
    await officePage.goto(`/admin/bookings/${bookingId}`);
    await expect(officePage.getByRole("heading", { level: 1 })).toContainText(reference);
    const soldBy = officePage.getByTestId("booking-partner");
    await expect(soldBy).toContainText("Belek Palm Resort (BELEKPALM)");
    await expect(officePage.getByText(/Komisyon: ₺/)).toBeVisible();
    await expect(officePage.getByText("Ödeyen: iş ortağı (aylık ekstre)")).toBeVisible();
    await office.close();
  });
});

test.describe("the partner portal with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sign-in and the bookings list read well on a phone: no serious accessibility problem", async ({ page }) => {
    const desk = await hotelDeskUser();
    await page.goto("/partner/login?lng=ru");
    await expectNoSeriousA11yViolations(page);
    await page.locator("#partner-email").fill(desk.email);
    await page.locator("#partner-password").fill(desk.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page).toHaveURL(/\/partner$/);
    await expect(page.getByRole("navigation", { name: "Партнёрский портал" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

