/**
 * A party too large for one car (issue 32): a Russian group of fourteen with golf bags, with
 * JavaScript, is offered combinations of cars, chooses one and books it as one booking: one
 * reference, one price, the cars listed on the success box, each car held, and the office's page
 * listing each car with its share of the party.
 */
import { randomUUID } from "node:crypto";
import { signIn, withServerDb } from "./admin-helpers";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A day far enough ahead that no other spec books it. */
const uniqueDay = () => new Date(Date.now() + (560 + Math.floor(Math.random() * 120)) * 86_400_000).toISOString().slice(0, 10);

test("a Russian group of fourteen with golf bags books two cars as one booking, with JavaScript", async ({ page }) => {
  const date = uniqueDay();
  const email = `golf-${randomUUID().slice(0, 8)}@example.ru`;
  // eight suitcases and four golf bags (two places each): sixteen places, which the demo fleet's
  // minibus and van carry together whatever cars other specs add
  const query = new URLSearchParams({ tripType: "oneWay", pickup: "Аэропорт Анталья", pickupPlace: "ayt-airport", dropoff: "Белек", date, time: "13:00", passengers: "14", luggage: "8", golfBags: "4", lng: "ru" });
  await page.goto(`/booking-results?${query}`);
  await waitForHydration(page);
  await expect(page.getByTestId("group-intro")).toContainText("14");
  // the cheapest combination leads; its cars and their shares are on the card
  const combo = page.locator("[data-car-id*=',']").first();
  const comboId = (await combo.getAttribute("data-car-id"))!;
  const carIds = comboId.split(",");
  expect(carIds.length).toBeGreaterThanOrEqual(2);
  await expect(combo.locator("[data-group-cars] li")).toHaveCount(carIds.length);
  await expectNoSeriousA11yViolations(page);
  await combo.getByRole("button", { name: /Выбрать/ }).click();
  await expect(page).toHaveURL(new RegExp(`car=${encodeURIComponent(comboId).replace(/%2C/g, "(%2C|,)")}`));
  await fillContact(page, { name: "Гольф-клуб Москва", email, phone: "+7 916 123 45 67", flight: "SU 2130" });
  await page.getByRole("button", { name: "Подтвердить бронирование" }).click();
  const reference = await referenceOnScreen(page);

  const stored = await withServerDb(async (db, code) => {
    const b = await db.selectFrom("bookings").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
    return { booking: b, units: await code.bookingCarsOf(db, b) };
  });
  expect(stored.booking).toMatchObject({ passengers: 14, email });
  expect(stored.units.map((u) => u.carId)).toEqual(carIds);
  expect(stored.units.reduce((sum, u) => sum + u.passengers, 0)).toBe(14);

  // the office sees each car with its share
  await signIn(page);
  await page.goto(`/admin/bookings/${stored.booking.id}`);
  await expect(page.getByTestId("booking-units").locator("li")).toHaveCount(carIds.length);
});

test("the combinations read on a 390 px phone, in every public language, without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const date = uniqueDay();
  for (const lng of ["en", "tr", "de", "ru"]) {
    await page.goto(`/booking-results?${new URLSearchParams({ tripType: "oneWay", pickup: "AYT", pickupPlace: "ayt-airport", dropoff: "Belek", date, time: "09:00", passengers: "15", luggage: "18", lng })}`);
    await expect(page.getByTestId("group-intro")).toContainText("15");
    await expect(page.locator("[data-car-id*=',']").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  }
});
