/**
 * The products of issue 14 booked end to end, each price recomputed from the office's own tables
 * (route_fares, extras, the cars' rates, settings → pricing and currency) with plain arithmetic,
 * not with the app's price function: AYT → Belek with a child seat in euros (the office sees the
 * seat and the sign), an hourly hire booked without JavaScript, and a return trip whose both legs
 * start at night (surcharge on each leg, then the return discount).
 */
import type { Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { e2eDb, expect, test } from "./fixtures";
import { officeSettings } from "./site-money";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });
test.describe.configure({ timeout: 120_000 });

// Days no other spec books.

interface CarRow {
  id: string;
  name: string;
  category: string;
  price_per_hour: number | null;
}

function query<T>(sql: string, ...args: unknown[]): T {
  const db = e2eDb();
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

const carNamed = (name: string) => query<CarRow>("select id, name, category, price_per_hour from cars where name = ?", name);

/** The route's fixed price (kuruş) for a category, from AYT to the named zone, as the office set it. */
function fareFromAyt(zone: string, category: string): number {
  const row = query<{ prices: string }>(
    "select f.prices from route_fares f join pricing_zones z on z.id = f.to_zone_id where f.from_place_id = 'ayt-airport' and z.name = ? and f.active = 1",
    zone,
  );
  const price = (JSON.parse(row.prices) as Record<string, number>)[category];
  expect(price, `a ${category} fare AYT → ${zone}`).toBeGreaterThan(0);
  return price!;
}

const extraPrice = (code: string) => query<{ price: number }>("select price from extras where code = ?", code).price;

const booked = (reference: string) =>
  query<{ id: string; total_price: number; currency: string; currency_total: number; currency_rate: number | null; hours: number | null; price_lines: string; extras: string }>(
    "select id, total_price, currency, currency_total, currency_rate, hours, price_lines, extras from bookings where reference = ?",
    reference,
  );

/** Kuruş as euro cents at a rate of lira × 10,000 per euro, rounded once. */
const toCents = (kurus: number, rateE4: number) => Math.round((kurus * 10_000) / rateE4);

const selectCar = async (page: Page, name: string) => {
  const card = page.locator("[data-car-id]").filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /Select|Seç/ }).click();
  return card;
};

test("AYT → Belek with a child seat in euros: the route's fixed price plus the seat, converted at the office's rate; the office sees the seat and the sign", async ({ page }) => {
  const car = carNamed("Volkswagen Passat");
  const fare = fareFromAyt("Belek", car.category);
  const seat = extraPrice("child-seat");
  const { currency } = officeSettings();
  const total = fare + seat;
  const cents = toCents(total, currency.rates.EUR);

  await page.goto(`/booking-results?pickup=AYT&pickupPlace=ayt-airport&dropoff=Belek&date=${day(141)}&time=11:00&passengers=2&lng=en&cur=EUR`);
  const card = await selectCar(page, car.name);
  await expect(card).toContainText("Fixed price");
  await expect(card.locator("[data-price]")).toContainText(`€${(toCents(fare, currency.rates.EUR) / 100).toFixed(2)}`);

  await fillContact(page, { name: "Emma Wilson", email: "emma.wilson@example.co.uk", phone: "+44 7700 900456", flight: "BA 676" });
  const extras = page.locator("#booking-extras");
  await extras.locator("#extra-child-seat").selectOption("1");
  await extras.locator("#extra-name-sign").check();
  await extras.locator("#extra-text-name-sign").fill("Emma Wilson");
  await expect(page.locator("#booking-price [data-price]")).toContainText(`€${(cents / 100).toFixed(2)}`);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const reference = await referenceOnScreen(page);
  await expect(page.locator("section[role=status]")).toContainText(`€${(cents / 100).toFixed(2)}`);

  const row = booked(reference);
  expect(row).toMatchObject({ total_price: total, currency: "EUR", currency_total: cents, currency_rate: currency.rates.EUR, hours: null });
  expect(JSON.parse(row.price_lines).map((l: { kind: string }) => l.kind)).toEqual(["fixed", "extra", "extra"]);

  // the office reads it in Turkish, the sign first
  await signIn(page);
  await page.goto(`/admin/bookings/${row.id}`);
  const main = page.getByRole("main");
  await expect(main).toContainText("Çocuk koltuğu (1–4 yaş, 9–18 kg)");
  await expect(main).toContainText("Emma Wilson");
  await expect(main).toContainText("İsim tabelası");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an hourly hire from Belek for 4 hours costs 4 × the car's hourly rate (at least its category's minimum)", async ({ page }) => {
    const car = carNamed("Volkswagen Caravelle");
    const { pricing } = officeSettings();
    const minimum = pricing.minimumFares[car.category] ?? pricing.defaultMinimum;
    const total = Math.max(4 * car.price_per_hour!, minimum);

    await page.goto("/?lng=en&cur=TRY");
    const booking = page.locator("#booking");
    await booking.getByText("By the hour").click();
    await booking.getByLabel("Pickup location", { exact: true }).fill("Belek");
    await booking.getByLabel("Pickup date").fill(day(143));
    await booking.getByLabel("Pickup time").fill("10:00");
    await booking.getByLabel("Hours", { exact: true }).selectOption("4");
    await booking.getByLabel("Passengers").selectOption("3");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();
    await expect(page).toHaveURL(/tripType=hourly/);

    const card = await selectCar(page, car.name);
    void card;
    const form = page.locator("#contact");
    await form.getByLabel("Full name").fill("Jonas Becker");
    await form.getByLabel("E-mail").fill("jonas.becker@example.de");
    await form.getByLabel("Phone").fill("+49 151 98765432");
    // not an airport: no flight number asked
    await expect(form.locator('input[name="flightNumber"]')).toHaveCount(0);
    await form.locator('input[name="consent"]').check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const reference = await referenceOnScreen(page);

    const row = booked(reference);
    expect(row).toMatchObject({ hours: 4, total_price: total, currency: "TRY" });
    expect(JSON.parse(row.price_lines)[0]).toMatchObject({ kind: "hourly", hours: 4, ratePerHour: car.price_per_hour });
    await expect(page.locator("section[role=status]")).toContainText("4 h");
  });
});

test("a return trip starting at night on both legs: the night surcharge on each leg, then the return-trip discount", async ({ page }) => {
  const car = carNamed("Volkswagen Passat");
  const fare = fareFromAyt("Kemer", car.category);
  const { pricing } = officeSettings();
  // both pickups (23:30 and 02:00 Istanbul) are inside the night window
  const night = Math.round((fare * pricing.nightPercent) / 100);
  const transport = 2 * (fare + night);
  const discount = Math.round((transport * pricing.returnDiscountPercent) / 100);
  const total = Math.max(transport - discount, pricing.minimumFares[car.category] ?? pricing.defaultMinimum);
  const lira = (kurus: number) => `₺${(kurus / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await page.goto(
    `/booking-results?tripType=roundTrip&pickup=AYT&pickupPlace=ayt-airport&dropoff=Kemer&date=${day(145)}&time=23:30&returnDate=${day(149)}&returnTime=02:00&passengers=2&lng=en&cur=TRY`,
  );
  const card = await selectCar(page, car.name);
  await expect(card.locator("[data-price]")).toContainText(lira(total));
  await fillContact(page, { name: "Olivia Brown", email: "olivia.brown@example.com", phone: "+44 7700 900789", flight: "U2 2173" });
  const price = page.locator("#booking-price");
  await expect(price).toContainText(`Night surcharge ${pricing.nightPercent}`);
  await expect(price).toContainText(`Return-trip discount ${pricing.returnDiscountPercent}`);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const reference = await referenceOnScreen(page);

  const row = booked(reference);
  expect(row.total_price).toBe(total);
  const lines = JSON.parse(row.price_lines) as Array<{ kind: string; amount: number }>;
  expect(lines.map((l) => l.kind)).toEqual(["fixed", "night", "fixed", "night", "returnDiscount"]);
  expect(lines.map((l) => l.amount)).toEqual([fare, night, fare, night, -discount]);
});
