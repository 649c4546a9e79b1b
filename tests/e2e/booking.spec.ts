/**
 * Booking as a visitor does it, from the home page to the confirmation, with JavaScript and
 * without, one way and round trip, in several languages; then the stored row is read back.
 */
import type { Page } from "@playwright/test";
import { e2eDb, expect, expectNoSeriousA11yViolations, test, waitForBookingForm, waitForHydration, waitForRow } from "./fixtures";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { tripDay as day } from "../setup/trip-date";

// The site scrolls smoothly; Playwright's scroll-into-view then never sees a stable element. Visitors
// who ask for reduced motion get instant scrolling, and so do these tests.
test.use({ contextOptions: { reducedMotion: "reduce" } });

interface Row {
  reference: string;
  trip_type: string;
  pickup_location: string;
  dropoff_location: string;
  return_date: string | null;
  pickup_date: string;
  status: string;
  locale: string;
  total_price: number;
  total_distance: number;
  distance_details: string;
  full_name: string;
  email: string;
  phone: string;
  flight_number: string | null;
  consent_at: string | null;
  idempotency_key: string | null;
}

function storedBooking(reference: string): Row {
  const db = e2eDb();
  try {
    return db.prepare("select * from bookings where reference = ?").get(reference) as Row;
  } finally {
    db.close();
  }
}

async function privateLink(reference: string): Promise<string> {
  const mail = await waitForRow<{ text_body: string }>(
    "select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = (select id from bookings where reference = ?)",
    reference,
  );
  return new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname;
}

async function pickPlace(page: Page, label: string, typed: string, option: string) {
  // The home page's form hydrates on demand: typing into it before then can be lost when it does.
  if (await page.locator("#booking-search").count()) await waitForBookingForm(page);
  else await waitForHydration(page);
  const field = page.getByRole("combobox", { name: label, exact: true });
  await field.fill(typed);
  await page.getByRole("option", { name: option }).click();
  await expect(field).toHaveValue(option);
}




test.describe("booking with JavaScript", () => {
  test("one way from the home page to the confirmation, in English", async ({ page }) => {
    await page.goto("/?lng=en");
    const booking = page.locator("#booking");
    // suggestions come in the page's language
    await pickPlace(page, "Pickup location", "antalya havalimani", "Antalya Airport (AYT)");
    await pickPlace(page, "Drop-off location", "belek", "Belek, Antalya");
    // the route preview shows the road table's figures: measured, so no "≈ … (estimate)" and no estimate credit
    await expect(booking.getByText("Outbound: 36 km · 38 min")).toBeVisible();
    await expect(booking.getByText(/\(estimate\)/)).toHaveCount(0);
    await booking.getByLabel("Pickup date").fill(day(6));
    await booking.getByLabel("Pickup time").fill("14:30");
    await booking.getByLabel("Passengers").selectOption("2");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();

    await expect(page).toHaveURL(/\/booking-results\?.*pickupPlace=ayt-airport/);
    await expect(page.getByRole("heading", { name: "Choose your vehicle" })).toBeVisible();
    const cards = page.locator("[data-car-id]");
    await expect(cards.first()).toBeVisible();
    const firstCar = cards.first();
    const carName = (await firstCar.getByRole("heading").textContent())!;
    await firstCar.getByRole("button", { name: /Select/ }).click();
    await expect(firstCar.getByRole("button", { name: /Selected/ })).toBeVisible();
    await expect(firstCar).toHaveAttribute("data-selected", "true");
    await expect(page.locator("#contact")).toBeInViewport();

    const confirm = page.getByRole("button", { name: "Confirm booking" });
    await expect(confirm).toBeDisabled();
    await fillContact(page, { name: "Emily Carter", email: "emily@example.com", phone: "+44 7700 900123" });
    await page.getByLabel(/Flight number/).fill("tk 1982");
    await expect(confirm).toBeEnabled();
    // The page's clock from here on is Playwright's, so the test can let seconds pass at once.
    await page.clock.install();
    await confirm.click();

    const reference = await referenceOnScreen(page);
    await expect(page.getByText("Booking received – awaiting confirmation")).toBeVisible();
    await expect(page.locator("section[role=status]")).toContainText(carName);
    await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
    const row = storedBooking(reference);
    expect(row).toMatchObject({ trip_type: "oneWay", return_date: null, status: "pending", locale: "en", full_name: "Emily Carter", flight_number: "TK 1982" });
    expect(row.pickup_date).toBe(new Date(`${day(6)}T14:30:00+03:00`).toISOString());
    expect(JSON.parse(row.distance_details)).toMatchObject({ outbound: { km: row.total_distance, minutes: expect.any(Number) }, return: null });
    expect(row.consent_at).toBeTruthy();
    expect(row.idempotency_key).toBeTruthy();
    // the success screen stays: no automatic return home (the spec's 3 s) hides the reference
    const successUrl = page.url();
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(successUrl);
    await expect(page.locator("section[role=status]")).toContainText(reference);

    // the e-mail's private link shows the booking and its status; the reference alone opens nothing
    await page.goto(await privateLink(reference));
    await expect(page.getByRole("heading", { name: `Booking ${reference}` })).toBeVisible();
    await expect(page.getByText("Awaiting confirmation", { exact: true })).toBeVisible();
    expect((await page.goto(`/my-booking/${reference}`))?.status()).toBe(404);
  });

  test("round trip in German, return places prefilled", async ({ page }) => {
    await page.goto("/?lng=de");
    const booking = page.locator("#booking");
    await pickPlace(page, "Abholort", "AYT", "Flughafen Antalya (AYT)");
    await pickPlace(page, "Zielort", "kemer", "Kemer, Antalya");
    await booking.getByText("Hin- und Rückfahrt").click();
    await expect(page.getByRole("combobox", { name: "Abholort der Rückfahrt" })).toHaveValue("Kemer, Antalya");
    await expect(page.getByRole("combobox", { name: "Zielort der Rückfahrt" })).toHaveValue("Flughafen Antalya (AYT)");
    await booking.getByLabel("Abholdatum").fill(day(7));
    await booking.getByLabel("Abholzeit").fill("09:15");
    await booking.getByLabel("Datum der Rückfahrt").fill(day(14));
    await booking.getByLabel("Uhrzeit der Rückfahrt").fill("20:00");
    await booking.getByRole("button", { name: "Fahrzeuge und Preise anzeigen" }).click();

    await expect(page.getByRole("heading", { name: "Wählen Sie Ihr Fahrzeug" })).toBeVisible();
    await expect(page.getByText("Rückfahrt", { exact: true }).first()).toBeVisible();
    await page.locator("[data-car-id]").nth(1).getByRole("button", { name: /Auswählen/ }).click();
    await fillContact(page, { name: "Anna Schmidt", email: "anna@example.de", phone: "+49 151 23456789" });
    await page.getByRole("button", { name: "Buchung bestätigen" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.getByText("Buchung eingegangen – Bestätigung ausstehend")).toBeVisible();
    const row = storedBooking(reference);
    expect(row).toMatchObject({ trip_type: "roundTrip", locale: "de", dropoff_location: "Kemer, Antalya" });
    expect(row.return_date).toBe(new Date(`${day(14)}T20:00:00+03:00`).toISOString());
    expect(JSON.parse(row.distance_details).return).toMatchObject({ km: expect.any(Number), minutes: expect.any(Number) });
  });

  test("validation errors in the browser keep what was typed", async ({ page }) => {
    await page.goto("/?lng=en");
    await waitForBookingForm(page);
    const booking = page.locator("#booking");
    await page.getByRole("combobox", { name: "Pickup location", exact: true }).fill("Lara");
    await booking.getByLabel("Pickup time").fill("10:00");
    await booking.getByText("Round trip").click();
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();
    await expect(page).toHaveURL(/\/(\?lng=en)?$/);
    await expect(booking.getByText("This field is required.").first()).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Pickup location", exact: true })).toHaveValue("Lara");
    await expect(booking.getByLabel("Pickup time")).toHaveValue("10:00");
  });

  test("what a fast visitor types before the page hydrates is kept", async ({ page }) => {
    // hold the page's scripts back until the visitor has typed and chosen
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // (the held scripts would hold the load event too)
    await page.goto("/?lng=en", { waitUntil: "domcontentloaded" });
    const booking = page.locator("#booking");
    const pickup = page.getByRole("combobox", { name: "Pickup location", exact: true });
    await pickup.fill("Lara");
    await booking.getByText("Round trip").click();
    release();
    await waitForHydration(page);
    // a re-render after hydration (another field typed) must not put the server's empty value back
    await page.getByRole("combobox", { name: "Drop-off location", exact: true }).fill("Belek");
    await expect(pickup).toHaveValue("Lara");
    await expect(booking.getByRole("radio", { name: "Round trip" })).toBeChecked();
    await expect(booking.getByRole("combobox", { name: "Return pickup location", exact: true })).toBeVisible();
  });

  test("reloading the results page keeps the search, in any language", async ({ page }) => {
    const query = new URLSearchParams({ tripType: "oneWay", pickup: "Antalya Havalimanı (AYT)", pickupPlace: "ayt-airport", dropoff: "Side", date: day(8), time: "11:00", passengers: "3" });
    await page.goto(`/booking-results?${query}&lng=tr`);
    await expect(page.getByRole("heading", { name: "Aracınızı seçin" })).toBeVisible();
    await expect(page.getByText(/^Antalya Havalimanı \(AYT\) → Side/).first()).toBeVisible();
    const prices = await page.locator("[data-car-id] p.text-3xl").allTextContents();
    await page.reload();
    await expect(page.getByText(/^Antalya Havalimanı \(AYT\) → Side/).first()).toBeVisible();
    expect(await page.locator("[data-car-id] p.text-3xl").allTextContents()).toEqual(prices);
    await page.getByRole("link", { name: "Русский" }).click();
    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    // the places named in the visitor's language, as resolved
    await expect(page.getByText(/^Аэропорт Анталья \(AYT\) → Сиде/).first()).toBeVisible();
  });

  test("a failed confirmation shows the red error and keeps the contact details", async ({ page }) => {
    const query = new URLSearchParams({ pickup: "AYT", dropoff: "Alanya", date: day(9), time: "12:00", passengers: "2" });
    await page.goto(`/booking-results?${query}&lng=en`);
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    await fillContact(page, { name: "Tom Jones", email: "tom@example.com", phone: "532 123 45" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByText("Please enter the phone number in international form", { exact: false })).toBeVisible();
    await expect(page.locator("#contact").getByLabel("Full name")).toHaveValue("Tom Jones");
    await expect(page.locator("#contact").getByLabel("Phone")).toHaveValue("532 123 45");
  });

  test("the results page passes the accessibility check", async ({ page }) => {
    const query = new URLSearchParams({ pickup: "AYT", dropoff: "Belek", date: day(5), time: "12:00" });
    await page.goto(`/booking-results?${query}`);
    await expect(page.locator("[data-car-id]").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("one way in Turkish: typed places, car chosen by a link, form posted", async ({ page }) => {
    await page.goto("/?lng=tr");
    const booking = page.locator("#booking");
    await booking.getByLabel("Alış noktası", { exact: true }).fill("Antalya Havalimanı");
    await booking.getByLabel("Bırakış noktası", { exact: true }).fill("Side");
    await booking.getByLabel("Alış tarihi").fill(day(5));
    await booking.getByLabel("Alış saati").fill("08:00");
    await booking.getByLabel("Bavul sayısı").selectOption("2");
    await booking.getByRole("button", { name: "Araçları ve fiyatları göster" }).click();

    await expect(page.getByRole("heading", { name: "Aracınızı seçin" })).toBeVisible();
    const car = page.locator("[data-car-id]").first();
    await car.getByRole("button", { name: /Seç/ }).click();
    await expect(page).toHaveURL(/car=.*#contact$/);
    await expect(page.locator("[data-car-id][data-selected]").getByRole("button", { name: /Seçildi/ })).toBeVisible();
    await fillContact(page, { name: "Ayşe Yılmaz", email: "ayse@example.com.tr", phone: "+90 532 123 45 67" });
    await page.getByRole("button", { name: "Rezervasyonu onayla" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.getByText("Rezervasyonunuz alındı – onay bekliyor")).toBeVisible();
    const row = storedBooking(reference);
    expect(row).toMatchObject({ trip_type: "oneWay", locale: "tr", full_name: "Ayşe Yılmaz", status: "pending" });
  });

  test("round trip in Russian", async ({ page }) => {
    await page.goto("/?lng=ru");
    const booking = page.locator("#booking");
    await booking.getByText("Туда и обратно").click();
    await booking.getByLabel("Место посадки", { exact: true }).fill("AYT");
    await booking.getByLabel("Место высадки", { exact: true }).fill("Alanya");
    await booking.getByLabel("Дата подачи").fill(day(10));
    await booking.getByLabel("Время подачи").fill("13:00");
    await booking.getByLabel("Место посадки на обратном пути").fill("Alanya");
    await booking.getByLabel("Место высадки на обратном пути").fill("AYT");
    await booking.getByLabel("Дата обратной поездки").fill(day(17));
    await booking.getByLabel("Время обратной поездки").fill("06:30");
    await booking.getByRole("button", { name: "Показать автомобили и цены" }).click();

    await expect(page.getByRole("heading", { name: "Выберите автомобиль" })).toBeVisible();
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Выбрать/ }).click();
    await fillContact(page, { name: "Иван Петров", email: "ivan@example.ru", phone: "+7 912 345-67-89" });
    await page.getByRole("button", { name: "Подтвердить бронирование" }).click();
    const reference = await referenceOnScreen(page);
    const row = storedBooking(reference);
    expect(row).toMatchObject({ trip_type: "roundTrip", locale: "ru", full_name: "Иван Петров" });
    expect(row.return_date).toBe(new Date(`${day(17)}T06:30:00+03:00`).toISOString());
  });

  test("an invalid search comes back with the errors and everything typed", async ({ page }) => {
    await page.goto("/?lng=en");
    const booking = page.locator("#booking");
    await booking.getByLabel("Pickup location", { exact: true }).fill("Qwxzzy Palace");
    await booking.getByLabel("Drop-off location", { exact: true }).fill("Belek");
    await booking.getByLabel("Pickup date").fill(day(4));
    await booking.getByLabel("Pickup time").fill("16:45");
    await booking.getByLabel("Passengers").selectOption("4");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();
    await expect(page.getByText("We could not find this place. Check the spelling, or try the town, hotel area or airport name.")).toBeVisible();
    await expect(page.getByLabel("Pickup location", { exact: true })).toHaveValue("Qwxzzy Palace");
    await expect(page.getByLabel("Drop-off location", { exact: true })).toHaveValue("Belek");
    await expect(page.getByLabel("Pickup date")).toHaveValue(day(4));
    await expect(page.getByLabel("Pickup time")).toHaveValue("16:45");
    await expect(page.getByLabel("Passengers")).toHaveValue("4");
  });

  test("a past date is refused and kept", async ({ page }) => {
    await page.goto(`/booking-results?pickup=AYT&dropoff=Belek&date=2020-05-01&time=10:00&lng=en`);
    await expect(page.getByText("The pickup cannot be in the past.")).toBeVisible();
    await expect(page.getByLabel("Pickup date")).toHaveValue("2020-05-01");
  });

  test("missing contact details get the fill-in message and nothing is lost", async ({ page }) => {
    const query = new URLSearchParams({ pickup: "AYT", dropoff: "Kemer", date: day(5), time: "12:00" });
    await page.goto(`/booking-results?${query}&lng=en`);
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    await page.locator("#contact").getByLabel("E-mail").fill("keep@example.com");
    // the browser's own required check is what a real visitor meets first; a hostile post skips it
    await page.locator("#contact form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByRole("button", { name: "Confirm booking" }).click();
    // field problems only: no generic error box, one line leading to the first field
    await expect(page.getByText("An error occurred during the reservation.", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "the details marked below" })).toHaveAttribute("href", "#booking-contact-fullName");
    await expect(page.getByText("Please fill in all contact information.")).toBeVisible();
    await expect(page.locator("#contact").getByLabel("E-mail")).toHaveValue("keep@example.com");
  });

  test("without a search, the results page says so and leads back", async ({ page }) => {
    await page.goto("/booking-results?lng=en");
    await expect(page.getByText("No booking data found. Please start a new booking.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start a new booking" })).toHaveAttribute("href", "/#booking");
  });
});

test.describe("booking API", () => {
  const payload = (carId: string, overrides: Record<string, unknown> = {}) => ({
    trip_type: "oneWay",
    pickup_location: "Antalya Airport",
    pickup_place_id: "ayt-airport",
    dropoff_location: "Belek",
    pickup_date: `${day(6)}T10:00:00+03:00`,
    passengers: 2,
    car_id: carId,
    full_name: "API Partner",
    email: "partner@example.com",
    phone: "+90 242 330 00 00",
    notes: "",
    flight_number: "TK 2412",
    total_price: 1,
    ...overrides,
  });

  test("creates a booking, ignores the client's price and replays the same key", async ({ request }) => {
    const cars = (await (await request.get("/api/cars")).json()).data as Array<{ id: string; seats: number }>;
    const van = cars.find((c) => c.seats >= 6)!;
    const headers = { "Idempotency-Key": `e2e-${Date.now()}` };
    const first = await request.post("/api/bookings", { data: payload(van.id), headers });
    expect(first.status()).toBe(201);
    const created = (await first.json()).data;
    expect(created).toMatchObject({ status: "pending", reference: expect.stringMatching(/^VT-/), return_date: null });
    expect(created.total_price).toBeGreaterThanOrEqual(100);
    const second = await request.post("/api/bookings", { data: payload(van.id), headers });
    expect((await second.json()).data.id).toBe(created.id);
    expect(storedBooking(created.reference).total_price).toBe(Math.round(created.total_price * 100));
  });

  test("answers hostile payloads with 400 and field errors, never 500", async ({ request }) => {
    const cars = (await (await request.get("/api/cars")).json()).data as Array<{ id: string; seats: number }>;
    const small = cars.find((c) => c.seats <= 4)!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [payload("no-such-car"), "car_id"],
      [payload(small.id, { passengers: 12 }), "passengers"],
      [payload(small.id, { passengers: 40 }), "passengers"],
      [payload(small.id, { pickup_date: "31/12/2026 10:00" }), "pickup_date"],
      [payload(small.id, { full_name: "x".repeat(5000) }), "full_name"],
      [payload(small.id, { email: "not-an-email" }), "email"],
      [payload(small.id, { trip_type: "roundTrip" }), "return_date"],
      [payload(small.id, { dropoff_location: "Qwxzzy", dropoff_place_id: null }), "dropoff_location"],
    ];
    for (const [body, field] of cases) {
      const response = await request.post("/api/bookings", { data: body });
      expect(response.status(), field).toBe(400);
      const json = await response.json();
      expect(json.success).toBe(false);
      expect(Object.keys(json.error.fields), field).toContain(field);
    }
    const notJson = await request.post("/api/bookings", { data: "{oops", headers: { "Content-Type": "application/json" } });
    expect(notJson.status()).toBe(400);
    const huge = await request.post("/api/bookings", { data: { notes: "x".repeat(100_000) } });
    expect(huge.status()).toBe(413);
  });

  test("places, routes and quotes", async ({ request }) => {
    const places = await (await request.get("/api/places?q=antalya%20havalimani&lng=tr")).json();
    expect(places.data[0]).toMatchObject({ id: "ayt-airport", label: "Antalya Havalimanı (AYT)" });
    const routes = await request.post("/api/routes", { data: { legs: [{ from: { placeId: "ayt-airport" }, to: { text: "Side" } }] } });
    expect((await routes.json()).data.legs[0]).toMatchObject({ source: "builtin", estimate: false, distance_km: 64 });
    const unknown = await request.post("/api/routes", { data: { legs: [{ from: { placeId: "ayt-airport" }, to: { lat: 37.2, lng: 31.2 } }] } });
    expect((await unknown.json()).data.legs[0]).toMatchObject({ source: "builtin", estimate: true, distance_km: expect.any(Number) });
    const quotes = await request.post("/api/quotes", { data: { pickup: "AYT", dropoff: "Side", date: day(5), time: "10:00", passengers: 7 } });
    const body = (await quotes.json()).data;
    expect(body.quotes.length).toBeGreaterThan(0);
    expect(body.quotes.every((q: { car: { seats: number } }) => q.car.seats >= 7)).toBe(true);
    const bad = await request.post("/api/quotes", { data: { pickup: "", date: "x" } });
    expect(bad.status()).toBe(400);
  });
});
