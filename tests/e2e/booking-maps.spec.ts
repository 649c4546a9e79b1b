/**
 * Booking with map services configured: the server asks a local fake of Google's Places and Routes
 * APIs, and the browser key is set. Where the Google Maps script cannot load (the test browser
 * reaches no outside host), the map-service message appears, the form stays usable, and the
 * booking goes through with Google's route distance, computed on the server. Where a local fake of
 * the script answers, the fields take Google's suggestions in the browser and the preview is a
 * Google map; when those suggestions fail, ours take over.
 */
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { fakeGoogle, type FakeServer } from "../fakes/maps";
import { fakeGoogleMapsLoaded, serveFakeGoogleMaps } from "../fakes/google-maps-browser";
import { tripDay as day } from "../setup/trip-date";

/** On the results page: the first car, the contact details, consent, confirm; waits for the reference. */
async function bookFirstCar(page: Page, who: { name: string; email: string; phone: string }) {
  await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
  const contact = page.locator("#contact");
  await contact.getByLabel("Full name").fill(who.name);
  await contact.getByLabel("E-mail").fill(who.email);
  await contact.getByLabel("Phone").fill(who.phone);
  // at an airport pickup the flight number is required
  if ((await contact.locator('input[name="flightNumber"]').count()) > 0) await contact.locator('input[name="flightNumber"]').fill("TK 2412");
  await contact.locator('input[name="consent"]').check();
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.locator("section[role=status]")).toContainText(/VT-[2-9A-HJ-NP-Z]{6}/);
}

test.describe("booking with Google configured", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  let google: FakeServer;
  let server: OwnServer;
  let base: string;
  let dbFile: string;

  test.beforeAll(async () => {
    google = await fakeGoogle();
    server = await startOwnServer("maps", {
      ROUTING_PROVIDER: "google",
      GOOGLE_MAPS_API_KEY: "test-key",
      GOOGLE_PLACES_URL: google.url,
      GOOGLE_ROUTES_URL: google.url,
      GOOGLE_MAPS_BROWSER_KEY: "browser-test-key",
    }, 240_000);
    ({ base, dbFile } = server);
  });

  test.afterAll(async () => {
    server?.stop();
    await google?.close();
  });

  test("the map-service error path still books, priced on Google's route", async ({ page }) => {
    await page.goto(`${base}/?lng=en`);
    const booking = page.locator("#booking");
    // the script is asked for once the visitor turns to the form
    const pickup = page.getByRole("combobox", { name: "Pickup location", exact: true });
    await pickup.focus();
    await expect(booking.getByText("An error occurred while loading the map service. Please try again later.")).toBeVisible({ timeout: 15_000 });

    // suggestions come from the server, which asked the fake Places API
    await pickup.fill("antalya");
    await page.getByRole("option", { name: "Antalya Havalimanı, Muratpaşa/Antalya, Türkiye" }).click();
    const dropoff = page.getByRole("combobox", { name: "Drop-off location", exact: true });
    await dropoff.fill("rixos");
    await page.getByRole("option", { name: /İleribaşı Mevkii/ }).click();
    // without the Google script, the preview is our sketch with Google's figures (no "estimate")
    await expect(booking.getByText("Outbound: 35 km · 36 min")).toBeVisible();
    await booking.getByLabel("Pickup date").fill(day(5));
    await booking.getByLabel("Pickup time").fill("15:00");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();

    await expect(page.getByRole("heading", { name: "Choose your vehicle" })).toBeVisible();
    await bookFirstCar(page, { name: "Olivia Brown", email: "olivia@example.com", phone: "+44 7700 900456" });

    const db = new Database(dbFile, { readonly: true });
    try {
      const row = db.prepare("select * from bookings order by created_at desc limit 1").get() as Record<string, unknown>;
      expect(row).toMatchObject({ route_source: "google", total_distance: 34.5, full_name: "Olivia Brown", pickup_lat: 36.8987, dropoff_lat: 36.8513 });
    } finally {
      db.close();
    }
    const routeCalls = google.requests.filter((r) => r.path === "/directions/v2:computeRoutes");
    expect(routeCalls.length).toBeGreaterThan(0);
    expect(routeCalls.every((r) => r.headers["x-goog-fieldmask"] === "routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline")).toBe(true);
    // the server key never reaches the browser
    const html = await (await fetch(`${base}/?lng=en`)).text();
    expect(html.includes("browser-test-key")).toBe(true);
    expect(/(?<!browser-)test-key/.test(html)).toBe(false);
  });

  test("with Google's script: its suggestions in the fields, its map in the preview, and the booking on its places", async ({ page }) => {
    const scripts = await serveFakeGoogleMaps(page);
    await page.clock.install();
    await page.goto(`${base}/?lng=en`);
    // nobody pays for Google's script before turning to the form: not once hydrated (the loader
    // starts in an effect), nor after any timer the page set has run
    await page.clock.runFor(10_000);
    await expect(page.locator('script[src^="https://maps.googleapis.com/"]')).toHaveCount(0);
    expect(await page.evaluate(() => "google" in window)).toBe(false);
    expect(scripts).toHaveLength(0);
    const booking = page.locator("#booking");
    const pickup = page.getByRole("combobox", { name: "Pickup location", exact: true });
    await pickup.focus();
    await fakeGoogleMapsLoaded(page);
    await pickup.fill("antalya");
    await expect(page.getByRole("option", { name: "Antalya Airport (AYT), Antalya, Türkiye" })).toBeVisible();
    await expect(booking.getByText("Suggestions by Google Maps")).toBeVisible();
    expect(scripts).toHaveLength(1);
    const script = new URL(scripts[0]!);
    expect(script.searchParams.get("key")).toBe("browser-test-key");
    expect(script.searchParams.get("libraries")).toContain("places");
    expect(script.searchParams.get("language")).toBe("en");
    await page.getByRole("option", { name: "Antalya Airport (AYT), Antalya, Türkiye" }).click();
    // the chosen place travels with the point Google gave it in the browser
    await expect(booking.locator("input[name=pickupPlace]")).toHaveValue("g:ChIJ_ayt@36.898700,30.800500");

    const dropoff = page.getByRole("combobox", { name: "Drop-off location", exact: true });
    await dropoff.fill("marina");
    await page.getByRole("option", { name: "Kaleiçi Marina, Muratpaşa/Antalya, Türkiye" }).click();
    await expect(booking.locator("input[name=dropoffPlace]")).toHaveValue("g:ChIJ_marina@36.884100,30.705600");

    const fake = () => page.evaluate(() => (window as unknown as { __fakeGoogle: Record<string, Array<Record<string, unknown>>> }).__fakeGoogle);
    const asked = (await fake()).requests!;
    expect(asked.every((r) => JSON.stringify(r.includedRegionCodes) === '["tr"]' && r.language === "en" && typeof r.session === "string")).toBe(true);
    // one session per field, from the first keystroke to the chosen place
    expect(new Set(asked.map((r) => r.session)).size).toBe(2);
    expect((await fake()).details).toEqual([
      { id: "ChIJ_ayt", fields: ["location"] },
      { id: "ChIJ_marina", fields: ["location"] },
    ]);

    // the preview is a Google map: outbound orange with markers A and B, zoom 12, fitted to the route
    await expect(booking.locator("[data-fake-map=drawn]")).toBeVisible();
    await expect(booking.getByText("Outbound: 35 km · 36 min")).toBeVisible();
    await expect.poll(async () => (await fake()).fits!.length).toBeGreaterThan(0);
    const drawn = await fake();
    expect(drawn.maps![0]).toEqual({ center: { lat: 41.0082, lng: 28.9784 }, zoom: 12 });
    expect(drawn.overlays).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "polyline", color: "#f97316" }),
        expect.objectContaining({ type: "marker", label: "A" }),
        expect.objectContaining({ type: "marker", label: "B" }),
      ]),
    );

    await booking.getByLabel("Pickup date").fill(day(6));
    await booking.getByLabel("Pickup time").fill("11:30");
    await booking.getByRole("button", { name: "Show vehicles and prices" }).click();
    await expect(page.getByRole("heading", { name: "Choose your vehicle" })).toBeVisible();
    await bookFirstCar(page, { name: "Maps Browser", email: "maps-browser@example.com", phone: "+44 7700 900457" });

    const db = new Database(dbFile, { readonly: true });
    try {
      const row = db.prepare("select * from bookings where email = ?").get("maps-browser@example.com") as Record<string, unknown>;
      // the airport through the server's own Place Details; the marina (unknown there) at the browser's point
      expect(row).toMatchObject({ route_source: "google", pickup_lat: 36.8987, pickup_lng: 30.8005, dropoff_lat: 36.8841, dropoff_lng: 30.7056 });
      expect(row.dropoff_location).toBe("Kaleiçi Marina, Muratpaşa/Antalya, Türkiye");
    } finally {
      db.close();
    }
  });

  test("when Google's suggestions fail in the browser, ours take over", async ({ page }) => {
    await serveFakeGoogleMaps(page);
    await page.goto(`${base}/?lng=en`);
    await page.getByRole("combobox", { name: "Pickup location", exact: true }).focus();
    await fakeGoogleMapsLoaded(page);
    await page.evaluate(() => ((window as unknown as { __fakeGoogle: { fail: boolean } }).__fakeGoogle.fail = true));
    await page.getByRole("combobox", { name: "Pickup location", exact: true }).fill("antalya");
    // the server's suggestion (it asked its own fake Places API), without Google's credit in the browser
    await expect(page.getByRole("option", { name: "Antalya Havalimanı, Muratpaşa/Antalya, Türkiye" })).toBeVisible();
    await expect(page.getByText("Suggestions by Google Maps")).toHaveCount(0);
    await expect(page.getByText("An error occurred while loading the map service. Please try again later.")).toHaveCount(0);
  });

  test("when Google fails, the booking falls back to the estimate and still goes through", async ({ request }) => {
    google.mode = "error";
    const cars = (await (await request.get(`${base}/api/cars`)).json()).data as Array<{ id: string; seats: number }>;
    const response = await request.post(`${base}/api/bookings`, {
      data: {
        pickup_location: "Antalya Havalimanı (AYT)",
        pickup_place_id: "ayt-airport",
        dropoff_location: "Side",
        pickup_date: `${day(5)}T09:00:00+03:00`,
        passengers: 1,
        car_id: cars[0]!.id,
        full_name: "Fallback Test",
        email: "fallback@example.com",
        phone: "+90 532 000 00 00",
        flight_number: "TK 2412",
      },
    });
    expect(response.status()).toBe(201);
    const db = new Database(dbFile, { readonly: true });
    try {
      const row = db.prepare("select route_source from bookings where email = ?").get("fallback@example.com") as { route_source: string };
      expect(row.route_source).toBe("builtin");
    } finally {
      db.close();
    }
    google.mode = "ok";
  });
});
