/**
 * Instant confirmation as the demo ships it (issue 32): on a server of its own with the default
 * settings (the shared server's office confirms each booking itself: global-setup.ts). A couple
 * books without JavaScript on a phone and reads "confirmed" at once, on the page, in the e-mail
 * and on the private page; a party above the office's limit waits for a person, as the page says.
 */
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { fillContact, referenceOnScreen } from "./booking-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" }, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe("instant confirmation, the demo's default", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await startOwnServer("instant", {}, 240_000);
  });
  test.afterAll(() => server?.stop());

  const subjectOf = (reference: string) => {
    const db = new Database(server.dbFile, { readonly: true });
    try {
      return (db.prepare("select m.subject from mail_outbox m join bookings b on b.id = m.related_id where b.reference = ? and m.kind = 'booking-confirmation'").get(reference) as { subject: string } | undefined)?.subject;
    } finally {
      db.close();
    }
  };

  test("a couple's booking is confirmed the moment it is made: the page, the e-mail and the private page say so", async ({ page }) => {
    const query = new URLSearchParams({ pickup: "AYT", pickupPlace: "ayt-airport", dropoff: "Belek", date: day(90), time: "11:00", passengers: "2", lng: "en" });
    await page.goto(`${server.base}/booking-results?${query}`);
    const carId = (await page.locator("[data-car-id]:not([data-unavailable])").first().getAttribute("data-car-id"))!;
    await page.goto(`${server.base}/booking-results?${query}&car=${encodeURIComponent(carId)}#contact`);
    await fillContact(page, { name: "Emma Wilson", email: "emma@example.com", phone: "+44 7700 900321" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.getByRole("heading", { name: "Booking confirmed" })).toBeVisible();
    await expect(page.getByText("awaiting confirmation")).toHaveCount(0);
    await expect.poll(() => subjectOf(reference)).toMatch(/confirmed/);
    await page.getByRole("link", { name: "View my booking" }).click();
    await expect(page.getByText(/Confirmed/).first()).toBeVisible();
  });

  test("a party above the limit waits for the office, and the page says it is received", async ({ page }) => {
    const query = new URLSearchParams({ pickup: "AYT", pickupPlace: "ayt-airport", dropoff: "Belek", date: day(91), time: "11:00", passengers: "10", lng: "en" });
    await page.goto(`${server.base}/booking-results?${query}`);
    const carId = (await page.locator("[data-car-id]:not([data-unavailable])").first().getAttribute("data-car-id"))!;
    await page.goto(`${server.base}/booking-results?${query}&car=${encodeURIComponent(carId)}#contact`);
    await fillContact(page, { name: "Team Outing", email: "team@example.com", phone: "+44 7700 900654" });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    const reference = await referenceOnScreen(page);
    await expect(page.getByRole("heading", { name: "Booking received – awaiting confirmation" })).toBeVisible();
    await expect.poll(() => subjectOf(reference)).not.toMatch(/confirmed/);
  });
});
