/**
 * A new search served from its template (issue 32, app/server/http/search-templates.server.ts):
 * once two searches of a kind were rendered, the next one of another date and time is the template
 * filled with its own texts. In the browser it is the page a render makes: React hydrates it
 * without a complaint, it names its own date and time, and the visitor books from it, for that
 * pickup. (Other specs write bookings meanwhile, and a booking drops the templates: the spec asks
 * new dates until one is answered from a template.)
 */
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { e2eDb, expect, test } from "./fixtures";
import { tripDay as day } from "../setup/trip-date";

const search = (date: string, time: string) => `/booking-results?pickup=AYT&dropoff=Kundu&date=${date}&time=${time}&passengers=2&lng=de`;

test("a search answered from its template hydrates cleanly and books its own pickup", async ({ page }) => {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") complaints.push(message.text());
  });
  page.on("pageerror", (error) => complaints.push(error.message));
  let found: { date: string; time: string } | null = null;
  for (let i = 0; i < 15 && !found; i++) {
    const date = day(140 + i);
    const time = `${String(9 + (i % 10)).padStart(2, "0")}:${String((i * 5) % 60).padStart(2, "0")}`;
    const response = await page.goto(search(date, time));
    expect(response!.status()).toBe(200);
    if (response!.headers()["x-cache"] === "template") found = { date, time };
  }
  expect(found, "a new search was answered from its template").not.toBeNull();
  const { date, time } = found!;
  // its own date and time, in German, in the summary
  await expect(page.locator("main")).toContainText(`um ${time}`);
  await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen/ }).click();
  await fillContact(page, { name: "Tilo Template", email: "tilo@example.de", phone: "+49 151 2345678" });
  await page.getByRole("button", { name: /Buchung bestätigen/ }).click();
  const reference = await referenceOnScreen(page);
  const db = e2eDb();
  try {
    const row = db.prepare("select pickup_date from bookings where reference = ?").get(reference) as { pickup_date: string };
    expect(new Date(row.pickup_date).toISOString()).toBe(new Date(`${date}T${time}:00+03:00`).toISOString());
  } finally {
    db.close();
  }
  expect(complaints).toEqual([]);
});
