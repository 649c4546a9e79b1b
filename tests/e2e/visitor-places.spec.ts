/**
 * A Russian visitor books Antalya Airport → Kemer typing the places in Cyrillic: with JavaScript
 * through the comboboxes' Russian suggestions, without it through the server's resolution and,
 * for a text it cannot choose alone, the list of candidates it offers. The stored booking names
 * the places canonically, whatever was typed.
 */
import type { Page } from "@playwright/test";
import { e2eDb, expect, expectNoSeriousA11yViolations, test, waitForBookingForm } from "./fixtures";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

function storedBooking(reference: string) {
  const db = e2eDb();
  try {
    return db.prepare("select pickup_location, dropoff_location, locale, full_name from bookings where reference = ?").get(reference) as Record<string, string>;
  } finally {
    db.close();
  }
}

async function contactAndConfirm(page: Page, name: string, email: string) {
  const form = page.locator("#contact");
  await expect(form).toBeVisible();
  await form.getByLabel("Имя и фамилия").fill(name);
  await form.getByLabel("Электронная почта").fill(email);
  await form.getByLabel("Телефон").fill("+7 912 345-67-89");
  // at an airport pickup the flight number is required
  if ((await form.locator('input[name="flightNumber"]').count()) > 0) await form.locator('input[name="flightNumber"]').fill("TK 2412");
  await form.locator('input[name="consent"]').check();
  await page.getByRole("button", { name: "Подтвердить бронирование" }).click();
  const status = page.locator("section[role=status]");
  await expect(status).toBeVisible();
  return /VT-[2-9A-HJ-NP-Z]{6}/.exec((await status.textContent()) ?? "")![0];
}

test.describe("a Russian visitor with JavaScript", () => {
  test("types Аэропорт Анталья and Кемер, picks the Russian suggestions and books", async ({ page }) => {
    await page.goto("/?lng=ru");
    // the form hydrates when the visitor turns to it: its own checks and submit, not the browser's
    await waitForBookingForm(page);
    const booking = page.locator("#booking");
    const pickup = page.getByRole("combobox", { name: "Место посадки", exact: true });
    await pickup.fill("Аэропорт Анталья");
    await page.getByRole("option", { name: "Аэропорт Анталья (AYT)" }).click();
    await expect(pickup).toHaveValue("Аэропорт Анталья (AYT)");
    const dropoff = page.getByRole("combobox", { name: "Место высадки", exact: true });
    await dropoff.fill("Кемер");
    // Kemer in Antalya first, in Russian, before the other provinces' Kemers
    await expect(page.getByRole("option").first()).toHaveText(/Кемер, Анталья/);
    await page.getByRole("option", { name: "Кемер, Анталья" }).click();
    await expect(dropoff).toHaveValue("Кемер, Анталья");
    await booking.getByLabel("Дата подачи").fill(day(6));
    await booking.getByLabel("Время подачи").fill("15:00");
    // the route's sketch opens above the button once both places are known: click after it moved
    // the button (a click as it moves can lose its mouseup, and nothing is sent)
    await expect(booking.getByRole("img", { name: /Схема маршрута туда/ })).toBeVisible();
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();

    await expect(page).toHaveURL(/pickupPlace=ayt-airport.*dropoffPlace=kemer-antalya/);
    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Выбрать/ }).click();
    const reference = await contactAndConfirm(page, "Ольга Смирнова", "olga@example.ru");
    // the confirmation names the places in Russian; the booking stores their canonical names
    await expect(page.locator("section[role=status]")).toContainText("Аэропорт Анталья (AYT) → Кемер, Анталья");
    expect(storedBooking(reference)).toMatchObject({ pickup_location: "Antalya Havalimanı (AYT)", dropoff_location: "Kemer, Antalya", locale: "ru", full_name: "Ольга Смирнова" });
  });
});

test.describe("the offered places with JavaScript", () => {
  test("are accessible, and picking one fills the field and answers the message", async ({ page }) => {
    const query = new URLSearchParams({ tripType: "oneWay", pickup: "AYT", dropoff: "Кем", date: day(8), time: "11:00", passengers: "2" });
    await page.goto(`/booking-results?${query}&lng=ru`);
    const list = page.getByRole("group", { name: "Места, подходящие под ваш запрос" });
    await expect(list.getByRole("radio", { name: "Кемер, Анталья" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // click, not check: the list goes away as soon as a place is picked
    await list.getByRole("radio", { name: "Кемер, Анталья" }).click();
    await expect(page.getByRole("combobox", { name: "Место высадки", exact: true })).toHaveValue("Кемер, Анталья");
    await expect(list).toHaveCount(0);
    await expect(page.getByText("Подходит несколько мест. Выберите нужное ниже.")).toHaveCount(0);
  });
});

test.describe("a Russian visitor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("types Аэропорт Анталья and Кемер in Cyrillic, submits and books", async ({ page }) => {
    await page.goto("/?lng=ru");
    const booking = page.locator("#booking");
    await booking.getByLabel("Место посадки", { exact: true }).fill("Аэропорт Анталья");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Кемер");
    await booking.getByLabel("Дата подачи").fill(day(7));
    await booking.getByLabel("Время подачи").fill("10:30");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();

    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Выбрать/ }).click();
    await expect(page).toHaveURL(/car=.*#contact$/);
    const reference = await contactAndConfirm(page, "Иван Кузнецов", "ivan.k@example.ru");
    expect(storedBooking(reference)).toMatchObject({ pickup_location: "Antalya Havalimanı (AYT)", dropoff_location: "Kemer, Antalya", locale: "ru" });
  });

  test("picks from the offered list when the typed place is ambiguous, then books", async ({ page }) => {
    await page.goto("/?lng=ru");
    const booking = page.locator("#booking");
    await booking.getByLabel("Место посадки", { exact: true }).fill("AYT");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Кем");
    await booking.getByLabel("Дата подачи").fill(day(8));
    await booking.getByLabel("Время подачи").fill("11:45");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();

    // the message matches the list on screen, and what was typed is kept
    await expect(page.getByText("Подходит несколько мест. Выберите нужное ниже.")).toBeVisible();
    const list = page.getByRole("group", { name: "Места, подходящие под ваш запрос" });
    await expect(list.getByRole("radio", { name: "Кемер, Анталья" })).toBeVisible();
    await expect(page.getByLabel("Место высадки", { exact: true })).toHaveValue("Кем");
    await list.getByRole("radio", { name: "Кемер, Анталья" }).check();
    await page.getByRole("button", { name: "Показать автомобили и цены" }).click();

    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Выбрать/ }).click();
    const reference = await contactAndConfirm(page, "Мария Иванова", "maria@example.ru");
    expect(storedBooking(reference)).toMatchObject({ pickup_location: "Antalya Havalimanı (AYT)", dropoff_location: "Kemer, Antalya" });
  });

  test("an unknown place says so, with no list", async ({ page }) => {
    await page.goto("/?lng=ru");
    const booking = page.locator("#booking");
    await booking.getByLabel("Место посадки", { exact: true }).fill("AYT");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Щщщщ");
    await booking.getByLabel("Дата подачи").fill(day(8));
    await booking.getByLabel("Время подачи").fill("11:45");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();
    await expect(page.getByText("Мы не нашли это место.", { exact: false })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Кемер/ })).toHaveCount(0);
  });
});
