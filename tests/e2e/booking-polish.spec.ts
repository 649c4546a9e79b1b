/**
 * The booking flow's finish (issue 12): categories and prices in the visitor's language, every
 * search problem in one round, the round trip's way back without JavaScript, Turkish phone
 * numbers as Turks write them, a field problem without the generic error box, and nothing left
 * to select once booked.
 */
import { readFileSync } from "node:fs";
import { e2eDb, expect, test } from "./fixtures";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const LANGUAGES = ["en", "tr", "de", "ru"] as const;
const results = (q: Record<string, string>, lng: string) => `/booking-results?${new URLSearchParams(q)}&lng=${lng}`;

function categoryNames(lng: string): string[] {
  const common = JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as { car: { categories: Record<string, string> } };
  return Object.values(common.car.categories);
}

function storedPhone(reference: string): string {
  const db = e2eDb();
  try {
    return (db.prepare("select phone from bookings where reference = ?").get(reference) as { phone: string }).phone;
  } finally {
    db.close();
  }
}


test.describe("results in the visitor's language", () => {
  test("car categories are translated in every language", async ({ page }) => {
    const query = { pickup: "AYT", dropoff: "Side", date: day(21), time: "09:00", passengers: "1" };
    for (const lng of LANGUAGES) {
      await page.goto(results(query, lng));
      await expect(page.locator("[data-car-id]").first()).toBeVisible();
      const shown = await page.locator("[data-car-id] [data-category]").allTextContents();
      expect(shown.length).toBeGreaterThan(3);
      const known = categoryNames(lng);
      for (const category of shown) expect(known, `${lng}: ${category}`).toContain(category);
    }
    // the raw names do not leak through in Russian
    expect(await page.locator("[data-car-id] [data-category]").allTextContents()).not.toContain("Luxury");
  });

  test("prices follow the language: ₺1,234.56 in English, 1 234,56 ₺ in Russian", async ({ page }) => {
    // shown in lira (the currency chosen); other currencies: booking-extras.spec.ts
    const query = { pickup: "AYT", dropoff: "Alanya", date: day(22), time: "09:00", cur: "TRY" };
    await page.goto(results(query, "en"));
    const en = await page.locator("[data-car-id] [data-price]").allTextContents();
    expect(en.length).toBeGreaterThan(0);
    for (const price of en) expect(price).toMatch(/^₺\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.goto(results(query, "ru"));
    const ru = await page.locator("[data-car-id] [data-price]").allTextContents();
    for (const price of ru) expect(price).toMatch(/^\d{1,3}([\s\u00a0\u202f]\d{3})*,\d{2}[\s\u00a0]₺$/);
    // the same amounts, only written differently
    const value = (s: string) => s.replace(/[^\d]/g, "");
    expect(ru.map(value)).toEqual(en.map(value));
  });
});

test.describe("with JavaScript", () => {
  test("a national-format phone is accepted, shown normalised; after booking nothing is left to select", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Kemer", date: day(23), time: "10:30" }, "en"));
    const cars = page.locator("[data-car-id]");
    expect(await cars.count()).toBeGreaterThan(1);
    const chosen = cars.nth(1);
    const carId = await chosen.getAttribute("data-car-id");
    await chosen.getByRole("button", { name: /Select/ }).click();
    await expect(page.locator("#contact")).toBeInViewport();
    await fillContact(page, { name: "Deniz Kaya", email: "deniz@example.com", phone: "0532 123 45 67" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.locator("section[role=status]")).toContainText("+90 532 123 45 67");
    expect(storedPhone(reference)).toBe("+90 532 123 45 67");
    // only the booked car stays, without a button
    await expect(cars).toHaveCount(1);
    await expect(cars.first()).toHaveAttribute("data-car-id", carId!);
    await expect(page.getByRole("button", { name: /Select/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your vehicle", exact: true })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a field problem is said under its field, without the generic error box", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Belek", date: day(24), time: "11:00" }, "en"));
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    await fillContact(page, { name: "Tom Jones", email: "tom@example.com", phone: "532 123 45" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.locator("#booking-contact-phone-error")).toContainText("Please enter the phone number in international form");
    await expect(page.getByText("An error occurred during the reservation", { exact: false })).toHaveCount(0);
    const summary = page.getByRole("link", { name: "the details marked below" });
    await expect(summary).toHaveAttribute("href", "#booking-contact-phone");
    await expect(page.locator("#contact").getByLabel("Phone")).toHaveValue("532 123 45");
    await expect(page.locator("#contact").getByLabel("Full name")).toHaveValue("Tom Jones");
  });

  test("a national phone without the trunk 0 is booked as +90", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Side", date: day(25), time: "12:15" }, "tr"));
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Seç/ }).click();
    await fillContact(page, { name: "Ali Demir", email: "ali@example.com.tr", phone: "532 987 65 43" });
    await page.getByRole("button", { name: "Rezervasyonu onayla" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.locator("section[role=status]")).toContainText("+90 532 987 65 43");
    expect(storedPhone(reference)).toBe("+90 532 987 65 43");
    await expect(page.getByRole("button", { name: /Seç/ })).toHaveCount(0);
  });

  test("a date problem and an unknown place are said together", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Qwxzzy Palace", date: "2020-05-01", time: "10:00" }, "en"));
    await expect(page.getByText("The pickup cannot be in the past.")).toBeVisible();
    await expect(page.getByText("We could not find this place. Check the spelling, or try the town, hotel area or airport name.")).toBeVisible();
    await expect(page.getByLabel("Drop-off location", { exact: true })).toHaveValue("Qwxzzy Palace");
    await expect(page.getByLabel("Pickup date")).toHaveValue("2020-05-01");
  });

  test("a round trip with empty return places goes back the way it came", async ({ page }) => {
    await page.goto("/?lng=ru");
    const booking = page.locator("#booking");
    await booking.getByText("Туда и обратно").click();
    await booking.getByLabel("Место посадки", { exact: true }).fill("AYT");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Alanya");
    await booking.getByLabel("Дата подачи").fill(day(26));
    await booking.getByLabel("Время подачи").fill("13:00");
    await booking.getByLabel("Дата обратной поездки").fill(day(30));
    await booking.getByLabel("Время обратной поездки").fill("07:45");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();
    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    // the return leg as resolved, with what was searched under it (AYT is not how its name starts)
    await expect(page.getByText("Вы искали: Alanya → AYT", { exact: true })).toBeVisible();

    // a search the server sends back (the return time missing) shows the way back filled in
    await page.goto(results({ tripType: "roundTrip", pickup: "AYT", dropoff: "Belek", date: day(26), time: "13:00", returnDate: day(30) }, "en"));
    await expect(page.getByLabel("Return pickup location", { exact: true })).toHaveValue("Belek");
    await expect(page.getByLabel("Return drop-off location", { exact: true })).toHaveValue("AYT");
    await expect(page.getByText("This field is required.")).toBeVisible();
  });
});

test.describe("API", () => {
  test("/api/quotes says a date problem and an unknown place in one answer", async ({ request }) => {
    const response = await request.post("/api/quotes", { data: { pickup: "AYT", dropoff: "Qwxzzy Palace", date: "2020-05-01", time: "10:00" } });
    expect(response.status()).toBe(400);
    const fields = (await response.json()).error.fields as Record<string, unknown>;
    expect(Object.keys(fields).sort()).toEqual(["date", "dropoff"]);
  });

  test("/api/bookings stores a national phone as +90", async ({ request }) => {
    const cars = (await (await request.get("/api/cars")).json()).data as Array<{ id: string }>;
    const response = await request.post("/api/bookings", {
      data: {
        trip_type: "oneWay",
        pickup_location: "Antalya Airport",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Lara",
        pickup_date: `${day(27)}T15:00:00+03:00`,
        passengers: 1,
        car_id: cars[0]!.id,
        full_name: "API Guest",
        email: "guest@example.com",
        phone: "05321234567",
        flight_number: "PC 1001",
      },
    });
    expect(response.status()).toBe(201);
    expect(storedPhone((await response.json()).data.reference)).toBe("+90 532 123 45 67");
  });
});
