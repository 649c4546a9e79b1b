/**
 * Hotels and addresses (issue 12): a German visitor books Antalya airport → Belek and names the
 * hotel in the drop-off's own field, with JavaScript and without; the success box, the private
 * page and the back office's booking page all show it.
 */
import type { Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { e2eDb, expect, test, expectValidListsAndImages } from "./fixtures";
import { tripDay as day } from "../setup/trip-date";

// The results page scrolls smoothly to the contact form; reduced motion makes it instant.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const HOTEL = "Kempinski Hotel The Dome";

function stored(reference: string): { id: string; dropoff_address: string | null; pickup_address: string | null; locale: string } {
  const db = e2eDb();
  try {
    return db.prepare("select id, dropoff_address, pickup_address, locale from bookings where reference = ?").get(reference) as never;
  } finally {
    db.close();
  }
}

/** The contact form, the hotel typed in the drop-off's field; the airport end has no such field. */
async function fillContactWithHotel(page: Page, name: string) {
  const form = page.locator("#contact");
  const hotel = form.getByLabel(/^Hotel oder Adresse — Belek/);
  await expect(hotel).toBeVisible();
  await expect(form.getByLabel(/^Hotel oder Adresse — Antalya/)).toHaveCount(0);
  await hotel.fill(`  ${HOTEL} `);
  await form.getByLabel("Vor- und Nachname").fill(name);
  await form.getByLabel("E-Mail", { exact: true }).fill("gast@example.de");
  await form.getByLabel("Telefon", { exact: true }).fill("+49 151 23456789");
  // at an airport pickup the flight number is required
  if ((await form.locator('input[name="flightNumber"]').count()) > 0) await form.locator('input[name="flightNumber"]').fill("TK 2412");
  await form.locator('input[name="consent"]').check();
  await page.getByRole("button", { name: "Buchung bestätigen" }).click();
}

/** The success box shows the hotel; the private page and the admin booking page too. */
async function expectHotelEverywhere(page: Page) {
  const success = page.locator("section[role=status]");
  await expect(success).toContainText(/VT-[2-9A-HJ-NP-Z]{6}/);
  const reference = /VT-[2-9A-HJ-NP-Z]{6}/.exec((await success.textContent()) ?? "")![0];
  await expect(success.getByText(/^Hotel oder Adresse — Belek/)).toBeVisible();
  await expect(success.getByText(HOTEL, { exact: true })).toBeVisible();
  // the hotel's row sits in the success box's list as its own <dt>/<dd> (valid HTML)
  await expectValidListsAndImages(page);
  const row = stored(reference);
  expect(row).toMatchObject({ dropoff_address: HOTEL, pickup_address: null, locale: "de" });

  const link = await success.getByRole("link", { name: "Meine Buchung ansehen" }).getAttribute("href");
  await page.goto(`${link!}?lng=de`);
  await expect(page.getByRole("heading", { name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByText(/^Hotel oder Adresse — Belek/)).toBeVisible();
  await expect(page.getByText(HOTEL, { exact: true })).toBeVisible();

  await signIn(page);
  await page.goto(`/admin/bookings/${row.id}`);
  await expect(page.getByText(HOTEL, { exact: true })).toBeVisible();
  // and the office finds it by the hotel's name
  await page.goto(`/admin/bookings?q=${encodeURIComponent("kempinski")}`);
  await expect(page.getByRole("cell", { name: reference })).toBeVisible();
}

test.describe("a hotel at the drop-off, with JavaScript", () => {
  test("AYT → Belek in German, the hotel typed in its own field", async ({ page }) => {
    await page.goto("/?lng=de");
    const booking = page.locator("#booking");
    await expect(booking.getByText(/Ihr Hotel oder Ihre Adresse geben Sie im nächsten Schritt an/)).toBeVisible();
    for (const [label, typed, option] of [
      ["Abholort", "AYT", "Flughafen Antalya (AYT)"],
      ["Zielort", "belek", "Belek, Antalya"],
    ] as const) {
      const field = page.getByRole("combobox", { name: label, exact: true });
      await field.fill(typed);
      await page.getByRole("option", { name: option }).click();
      await expect(field).toHaveValue(option);
    }
    await booking.getByLabel("Abholdatum").fill(day(8));
    await booking.getByLabel("Abholzeit").fill("13:45");
    await booking.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen/ }).click();
    await expect(page.locator("#contact")).toBeInViewport();
    await fillContactWithHotel(page, "Jana Schröder");
    await expectHotelEverywhere(page);
  });
});

test.describe("a hotel at the drop-off, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("AYT → Belek in German, the form posted plainly", async ({ page }) => {
    await page.goto("/?lng=de");
    const booking = page.locator("#booking");
    await booking.getByLabel("Abholort", { exact: true }).fill("AYT");
    await booking.getByLabel("Zielort", { exact: true }).fill("Belek");
    await booking.getByLabel("Abholdatum").fill(day(9));
    await booking.getByLabel("Abholzeit").fill("10:30");
    await booking.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen/ }).click();
    await expect(page).toHaveURL(/car=.*#contact$/);
    await fillContactWithHotel(page, "Lukas Becker");
    await expectHotelEverywhere(page);
  });
});
