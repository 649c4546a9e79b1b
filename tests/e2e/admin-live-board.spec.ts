/**
 * Issue 31, the live office: the dispatcher keeps the board open and it changes by itself. A guest's
 * booking posted to the public API (another client) appears in its car's lane and in the bell, and a
 * driver's step pressed on the job link (another browser, without JavaScript) appears on the leg,
 * all without a reload (`window.__noReload` survives: no new document). Without JavaScript the
 * board keeps its "Yenile" link and shows no live mark. Data comes from the production write paths.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { tripDay } from "../setup/trip-date";
import { createUserSession, setSessionCookie, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.use({ contextOptions: { reducedMotion: "reduce" }, viewport: { width: 1440, height: 900 } });

const OFFICE = { id: null, label: "e2e", kind: "office" as const };
const suffix = randomUUID().slice(0, 6);
/** A day no other spec books on, for this spec's own car. */
const DAY = tripDay(40);

/** The day of the form's test, on its own car. */
const FORM_DAY = tripDay(41);

let carId: string;
let stepCarId: string;
let formCarId: string;

test.beforeAll(async () => {
  [carId, stepCarId, formCarId] = await withServerDb(async (db, code) => [
    (await code.createCar(db, code.buildCar({ name: `E2E Live ${suffix}`, sort_order: 992 }))).id,
    (await code.createCar(db, code.buildCar({ name: `E2E Live Step ${suffix}`, sort_order: 993 }))).id,
    (await code.createCar(db, code.buildCar({ name: `E2E Live Form ${suffix}`, sort_order: 994 }))).id,
  ]);
});

/** A guest's booking of `car` on `day` at `time`, posted to the public API as the site's form does. */
async function postBooking(request: APIRequestContext, car: string, day: string, time: string, guest: string) {
  const posted = await request.post("/api/bookings", {
    data: {
      trip_type: "oneWay",
      pickup_location: "Antalya Airport",
      pickup_place_id: "ayt-airport",
      dropoff_location: "Belek",
      pickup_date: `${day}T${time}:00+03:00`,
      passengers: 2,
      car_id: car,
      full_name: guest,
      email: `live-${suffix}@example.com`,
      phone: "+90 532 444 55 66",
      flight_number: "TK 2412",
    },
  });
  expect(posted.status()).toBe(201);
  return (await posted.json()).data as { id: string; reference: string };
}

/** A dispatcher (not the seeded admin: the board is theirs too) signed in on `page`. */
async function signInDispatcher(page: Page) {
  const { token } = await createUserSession("dispatcher");
  await setSessionCookie(page.context(), token);
}

const lane = (page: Page, id: string) => page.locator(`[data-testid="dispatch-lane"][data-lane="${id}"]`);

/** Marks the open document: a reload or a full navigation loses the mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test("a booking posted to the public API appears on the open board and in the bell without a reload", async ({ page, request }) => {
  await signInDispatcher(page);
  await page.goto(`/admin/dispatch?date=${DAY}`);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  await expect(page.getByTestId("live-indicator")).toContainText("Canlı");
  await expectNoSeriousA11yViolations(page);
  await markDocument(page);
  await expect(lane(page, carId).getByTestId("dispatch-block")).toHaveCount(0);

  const guest = `Canlı Misafir ${suffix}`;
  const booking = await postBooking(request, carId, DAY, "11:00", guest);

  const block = lane(page, carId).getByTestId("dispatch-block");
  await expect(block).toHaveCount(1);
  await expect(block).toHaveAttribute("data-booking", booking.id);
  await expect(block).toContainText(guest);
  // the office's notice, written by the worker after the booking, reaches the bell too
  await expect(page.getByTestId("notifications-menu")).toContainText(booking.reference);
  expect(await sameDocument(page)).toBe(true);

  // on a phone the mark is a dot in the top bar, and nothing is wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a driver's step pressed on the job link shows on the open board without a reload", async ({ page, browser }) => {
  const { id, date, link } = await withServerDb(async (db, code) => {
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const booking = await code.createTestBooking(deps, { carId: stepCarId, fullName: `Adım Misafir ${suffix}` });
    // moved by the office to within the hour, confirmed, with a driver: the driver may set off now
    const soon = code.toBusinessParts(new Date(Date.now() + 3_600_000).toISOString());
    const moved = await code.updateBooking(deps, booking.id, { pickup_date: soon.date, pickup_time: soon.time }, { actor: OFFICE, mailCustomer: false, overrideReason: "e2e: a leg due within the hour" });
    if (!moved.ok) throw new Error(`move refused: ${moved.reason}`);
    const confirmed = await code.changeBookingStatus(db, deps.mailer, { id: booking.id, to: "confirmed", actor: OFFICE });
    if (!confirmed.ok) throw new Error(`confirmation refused: ${confirmed.reason}`);
    const driver = await code.createTestDriver(db, { name: `Canlı Şoför ${suffix}` });
    const assigned = await code.assignLeg(db, booking.id, { leg: "outbound", driverId: driver.id }, { actor: OFFICE, secret: E2E_SESSION_SECRET });
    if (!assigned.ok) throw new Error(`assignment refused: ${assigned.reason}`);
    return { id: booking.id, date: soon.date, link: (await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, "outbound"))! };
  });

  await signInDispatcher(page);
  await page.goto(`/admin/dispatch?date=${date}`);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  await markDocument(page);
  const row = page.locator(`[data-testid="dispatch-assign-leg"][data-booking="${id}"][data-leg="outbound"]`);
  await expect(row.getByTestId("dispatch-leg-driver")).toContainText(`Canlı Şoför ${suffix}`);
  await expect(row.getByTestId("dispatch-leg-step")).toHaveCount(0);

  // the driver, on a phone without JavaScript, in a browser of their own
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const driver = await phone.newPage();
    await driver.goto(link);
    await driver.getByRole("button", { name: "Yola çıktım" }).click();
    await expect(driver.getByRole("status")).toHaveText("Kaydedildi: Yola çıktım");
  } finally {
    await phone.close();
  }

  await expect(row.getByTestId("dispatch-leg-step")).toHaveText("· Yola çıktı");
  expect(await sameDocument(page)).toBe(true);
});

test("a form being filled in on the board is not refreshed away: the change waits until it is sent", async ({ page, request }) => {
  const driverName = `Form Şoför ${suffix}`;
  await withServerDb(async (db, code) => code.createTestDriver(db, { name: driverName }));
  const first = await postBooking(request, formCarId, FORM_DAY, "09:00", `İlk Misafir ${suffix}`);
  await signInDispatcher(page);
  await page.goto(`/admin/dispatch?date=${FORM_DAY}`);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  await markDocument(page);
  const blocks = lane(page, formCarId).getByTestId("dispatch-block");
  await expect(blocks).toHaveCount(1);

  // the dispatcher opens the leg's form and picks a driver, and has not sent it yet
  const row = page.locator(`[data-testid="dispatch-assign-leg"][data-booking="${first.id}"][data-leg="outbound"]`);
  await row.getByRole("link", { name: "Şoför ata" }).click();
  const driverField = row.getByTestId("assign-form-outbound").getByLabel("Şoför (gidiş)");
  await driverField.selectOption({ label: driverName });
  await page.getByRole("heading", { level: 1 }).click();

  // a guest books meanwhile: the page knows, and waits
  await postBooking(request, formCarId, FORM_DAY, "15:00", `İkinci Misafir ${suffix}`);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "held");
  await expect(blocks).toHaveCount(1);
  await expect(driverField.locator("option:checked")).toHaveText(driverName);

  // sent: the assignment is saved and the board shows both bookings, still the same document
  await row.getByTestId("assign-form-outbound").getByRole("button", { name: "Şoför ata" }).click();
  await expect(row.getByTestId("dispatch-leg-driver")).toContainText(`Şoför: ${driverName}`);
  await expect(blocks).toHaveCount(2);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-state", "live");
  expect(await sameDocument(page)).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the board shows no live mark and keeps a link that reloads it", async ({ page }) => {
    const { token } = await createUserSession("dispatcher");
    await setSessionCookie(page.context(), token);
    await page.goto(`/admin/dispatch?date=${DAY}`);
    await expect(page.getByRole("heading", { level: 1, name: "Günlük operasyon" })).toBeVisible();
    await expect(page.getByTestId("live-indicator")).toHaveCount(0);
    const reload = page.getByRole("link", { name: "Yenile" });
    await expect(reload).toHaveAttribute("href", `/admin/dispatch?date=${DAY}`);
    await reload.click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${DAY}`);
    await expect(page.getByTestId("dispatch-day")).toBeVisible();
  });
});
