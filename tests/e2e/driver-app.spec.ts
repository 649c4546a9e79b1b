/**
 * Issue 31, the driver app: /driver links a valid web app manifest whose icons answer; with
 * JavaScript its service worker registers and keeps the day, which a reload with the phone offline
 * shows with the "offline" banner; at 390 px a leg changed since the driver opened its job sheet
 * says "Değişti" with the old → new values. Data through the production write paths.
 */
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { createUserSession, setSessionCookie, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Playwright's offline mode reaches a service worker's own requests only with its network events on
// (Chromium, read when the worker starts): without them the worker's network-first fetch would still
// reach the server while the page is "offline". Harmless for the specs this test worker runs next.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= "1";

const PHONE = { width: 390, height: 844 };
const OFFICE = { id: null, label: "e2e", kind: "office" as const };

/** A driver account with a driver record, and a booking two days ahead on a car of its own with that driver on it. */
async function driverWithLeg(guest: string) {
  const session = await createUserSession("driver");
  const leg = await withServerDb(async (db, code) => {
    // last in the fleet (sort order), so the public fleet and /api/cars specs still see the seeded cars first
    const car = await code.createCar(db, code.buildCar({ name: `App Car ${Date.now()}`, sort_order: 993 }));
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const pickupAt = new Date(Date.now() + 50 * 3_600_000).toISOString();
    const booking = await code.createTestBooking(deps, { carId: car.id, fullName: guest, pickupAt }, { locale: "en" });
    const driver = await code.createTestDriver(db, { name: "App Şoför", userId: session.userId });
    const assigned = await code.assignLeg(db, booking.id, { leg: "outbound", driverId: driver.id }, { actor: OFFICE, secret: E2E_SESSION_SECRET });
    if (!assigned.ok) throw new Error(`assignment refused: ${assigned.reason}`);
    return { id: booking.id, pickupAt: booking.pickup_date, link: (await code.jobLinkOf(db, E2E_SESSION_SECRET, booking.id, "outbound"))! };
  });
  return { ...session, ...leg };
}

/** The office moves the booking to 15:30 (16:45 if it was at 15:30) the same day and makes it three passengers; the new time. */
const officeEdits = (bookingId: string, pickupAt: string) =>
  withServerDb(async (db, code) => {
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const { date, time } = code.toBusinessParts(pickupAt);
    const to = time === "15:30" ? "16:45" : "15:30";
    const edited = await code.updateBooking(deps, bookingId, { pickup_date: date, pickup_time: to, passengers: 3 }, { actor: OFFICE, mailCustomer: false });
    if (!edited.ok) throw new Error(`edit refused: ${edited.reason}`);
    return { from: time, to };
  });

test.use({ viewport: PHONE, serviceWorkers: "allow" });

test("the manifest is linked and valid, its icons answer, and only the driver's day links it", async ({ page, context, request }) => {
  const { token } = await createUserSession("driver");
  await setSessionCookie(context, token);
  await page.goto("/driver");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/driver.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

  const answer = await request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await answer.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; type: string }> };
  expect(manifest).toMatchObject({ short_name: "Seferlerim", start_url: "/driver", scope: "/driver", display: "standalone", theme_color: "#0b0f19" });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  // the worker is asked for anew at each update check, with a policy that lets it fetch from here only
  const worker = await request.get("/driver-sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-security-policy"]).toContain("connect-src 'self'");

  // the public site is no part of the app
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
});

test("the service worker keeps the day: offline, a reload shows the kept list with the offline banner", async ({ page, context }) => {
  const driver = await driverWithLeg("Olga Offline");
  await setSessionCookie(context, driver.token);
  await page.goto("/driver");
  await expect(page.locator("html[data-driver-kept]")).toBeAttached();
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/driver"))?.scope ?? null);
  expect(registered).toMatch(/\/driver$/);
  await expect(page.getByTestId("driver-offline")).toHaveCount(0);
  // what it keeps: the day and the build files, nothing else of the site
  const kept = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
  expect(kept).toContain("/driver");
  expect(kept.filter((path) => path !== "/driver" && !path.startsWith("/assets/"))).toEqual([]);

  await context.setOffline(true);
  const response = await page.reload();
  // answered by the worker from its copy (marked with when it was kept)
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.headers()["x-driver-kept-at"]).toBeTruthy();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seferlerim");
  await expect(page.getByTestId("driver-trip").filter({ hasText: "Olga Offline" })).toBeVisible();
  await expect(page.getByTestId("driver-offline")).toContainText(/Çevrimdışı — \d\d:\d\d itibarıyla gösteriliyor/);

  await context.setOffline(false);
  // signing out forgets the kept day (a shared phone)
  await page.reload();
  await expect(page.getByTestId("driver-offline")).toHaveCount(0);
  await page.getByRole("button", { name: "Çıkış yap" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("driver-app-")))).toEqual([]);
});

test("at 390 px a new leg says 'Yeni'; once its sheet was opened, the office's change says 'Değişti' with old → new", async ({ page, context }) => {
  const driver = await driverWithLeg("Clara Change");
  await setSessionCookie(context, driver.token);
  await page.goto("/driver");
  const trip = page.getByTestId("driver-trip").filter({ hasText: "Clara Change" });
  await expect(trip.getByTestId("trip-news")).toHaveText("Yeni");

  // the driver opens the job from the day: seen
  await trip.getByRole("link", { name: "İşi aç" }).click();
  await expect(page.getByTestId("job-news")).toContainText("Bu iş size yeni verildi.");
  await page.goto("/driver");
  await expect(trip.getByTestId("trip-news")).toHaveCount(0);

  const moved = await officeEdits(driver.id, driver.pickupAt);
  await page.goto("/driver");
  await expect(trip.getByTestId("trip-news")).toHaveText("Değişti");
  await expect(trip.getByTestId("trip-changes")).toContainText(`Alış saati: ${moved.from} → ${moved.to}`);
  await expect(trip.getByTestId("trip-changes")).toContainText("Yolcu sayısı: 2 → 3");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);

  // the sheet lists the same lines at its top, once
  await trip.getByRole("link", { name: "İşi aç" }).click();
  await expect(page.getByTestId("job-news")).toContainText(`${moved.from} → ${moved.to}`);
  await page.goto("/driver");
  await expect(trip.getByTestId("trip-news")).toHaveCount(0);
});
