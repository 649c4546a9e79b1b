/**
 * Booking with map services configured: the server asks a local fake of Google's Places and Routes
 * APIs, and the browser key is set while the Google Maps script cannot load (the test browser
 * reaches no outside host). The map-service message appears, the form stays usable, and the
 * booking goes through with Google's route distance, computed on the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { fakeGoogle, type FakeServer } from "../fakes/maps";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe("booking with Google configured", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  let google: FakeServer;
  let server: ChildProcess;
  let base: string;
  let dbFile: string;

  test.beforeAll(async () => {
    google = await fakeGoogle();
    const dir = mkdtempSync(join(tmpdir(), "vt-maps-"));
    dbFile = join(dir, "db.sqlite");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.js", "--no-build"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${dbFile}`,
        UPLOAD_DIR: join(dir, "uploads"),
        PUBLIC_URL: base,
        SESSION_SECRET: "maps-e2e-session-secret-long-enough-123",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        SMTP_URL: "",
        ROUTING_PROVIDER: "google",
        GOOGLE_MAPS_API_KEY: "test-key",
        GOOGLE_PLACES_URL: google.url,
        GOOGLE_ROUTES_URL: google.url,
        GOOGLE_MAPS_BROWSER_KEY: "browser-test-key",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    server.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    await expect
      .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, { timeout: 240_000, intervals: [500], message: `server did not start: ${stderr}` })
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await google?.close();
  });

  test("the map-service error path still books, priced on Google's route", async ({ page }) => {
    await page.goto(`${base}/?lng=en`);
    const booking = page.locator("#booking");
    await expect(booking.getByText("An error occurred while loading the map service. Please try again later.")).toBeVisible({ timeout: 15_000 });

    // suggestions come from the server, which asked the fake Places API
    const pickup = page.getByRole("combobox", { name: "Pickup location", exact: true });
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
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    const contact = page.locator("#contact");
    await contact.getByLabel("Full name").fill("Olivia Brown");
    await contact.getByLabel("E-mail").fill("olivia@example.com");
    await contact.getByLabel("Phone").fill("+44 7700 900456");
    await contact.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.locator("section[role=status]")).toContainText(/VT-[2-9A-HJ-NP-Z]{6}/);

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
