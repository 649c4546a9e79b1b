/**
 * Issue 32's polish list, as tourists try the site: the trip summary names the places as resolved
 * in the visitor's language with what was searched; every public page's title ends with the brand,
 * in four languages; notes over the limit are counted, refused with a translated error and kept
 * (JavaScript on and off); an hourly hire states no waiting fee; the cars come in the order that
 * suits the party; the fleet's "from" prices are real route prices, differing by car class.
 * Screenshots at 390 px and 1440 px go to test-results/.
 */
import type { Page } from "@playwright/test";
import { withServerDb } from "./admin-helpers";
import { fillContact } from "./booking-helpers";
import { e2eDb, expect, test, waitForHydration } from "./fixtures";
import { tripDay as day } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const BRAND = "Lykia VIP Transfer";
const LANGUAGES = ["en", "tr", "de", "ru"] as const;
const results = (q: Record<string, string>, lng: string) => `/booking-results?${new URLSearchParams(q)}&lng=${lng}`;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/tourist-polish-${name}-${width}.png`, fullPage: true });
  }
}

test.describe("the trip summary", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`names the places as resolved, in German, with what was searched (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto(results({ pickup: "AYT", dropoff: "Kemer", date: day(12), time: "10:00", passengers: "2" }, "de"));
      const summary = page.locator("section[aria-labelledby=trip-title]");
      await expect(summary.locator("[data-resolved-route]")).toHaveText("Flughafen Antalya (AYT) → Kemer, Antalya");
      await expect(summary.locator("[data-searched]")).toHaveText("Ihre Suche: AYT → Kemer");
      await expect(summary.getByText("AYT → Kemer", { exact: true })).toHaveCount(0);
      if (javaScriptEnabled) await shoot(page, "summary-de");
      await context.close();
    });
  }

  test("says nothing more when the words typed are how the places' names start", async ({ page }) => {
    await page.goto(results({ pickup: "Antalya Airport (AYT)", pickupPlace: "ayt-airport", dropoff: "belek", date: day(12), time: "10:00" }, "en"));
    await expect(page.locator("[data-resolved-route]")).toHaveText("Antalya Airport (AYT) → Belek, Antalya");
    await expect(page.locator("[data-searched]")).toHaveCount(0);
  });
});

/** The private page of a booking made through the production path, once for the four languages. */
let privatePage: Promise<string> | undefined;
function privatePagePath() {
  privatePage ??= (async () => {
    const db = e2eDb();
    let car: { id: string };
    try {
      car = db.prepare("select id from cars where status = 'active' order by sort_order limit 1").get() as { id: string };
    } finally {
      db.close();
    }
    const booking = await withServerDb((db, code) => code.createTestBooking({ db, translator: (lng) => code.fixedT(lng, "booking") }, { carId: car.id, fullName: "Jana Schröder", notes: "" }, { locale: "de" }));
    const mailDb = e2eDb();
    try {
      const mail = mailDb.prepare("select text_body from mail_outbox where kind = 'booking-confirmation' and related_id = ?").get(booking.id) as { text_body: string };
      return new URL(/https?:\/\/\S+\/my-booking\/\S+/.exec(mail.text_body)![0]).pathname;
    } finally {
      mailDb.close();
    }
  })();
  return privatePage;
}

test.describe("every public page's title ends with the brand", () => {
  // One test a language: fourteen pages each, so a loaded machine does not push one test past its minute.
  for (const lng of LANGUAGES) {
    test(`in ${lng}`, async ({ page }) => {
      const pages = [
        "/",
        "/fleet",
        "/services",
        "/about",
        "/contact",
        "/privacy",
        "/terms",
        "/quote-request",
        `/booking-results?${new URLSearchParams({ pickup: "AYT", dropoff: "Belek", date: day(12), time: "10:00" })}`,
        await privatePagePath(),
        "/my-booking/not-a-real-token",
        "/offer/not-a-real-token",
        "/job/not-a-real-token",
        "/no-such-page",
      ];
      for (const path of pages) {
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
        const title = await page.title();
        expect(title.endsWith(` · ${BRAND}`) || title === BRAND, `${path} in ${lng}: "${title}"`).toBe(true);
        expect(title.length, `${path} in ${lng} names the page`).toBeGreaterThan(BRAND.length + 3);
      }
    });
  }
});

test.describe("notes over the limit", () => {
  const long = `${"Bitte einen Kindersitz für unsere Tochter und zwei große Koffer. ".repeat(18)}Danke!`;

  test("with JavaScript: a counter near the limit, then a refusal that keeps every character", async ({ page }) => {
    expect(long.length).toBeGreaterThan(1000);
    await page.goto(results({ pickup: "AYT", dropoff: "Belek", date: day(13), time: "11:00", passengers: "2" }, "en"));
    await waitForHydration(page);
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Select/ }).click();
    await fillContact(page, { name: "Jana Schröder", email: "jana@example.com", phone: "+49 170 1234567" });
    const notes = page.locator("#contact textarea[name=notes]");
    const counter = page.locator("#contact [data-length-counter]");
    await notes.fill("a".repeat(500));
    await expect(counter).toHaveText("");
    await notes.fill("a".repeat(950));
    await expect(counter).toHaveText("Characters: 950 / 1000");
    await notes.fill(long);
    await expect(counter).toHaveText(`Characters over the limit: ${long.length - 1000}. Please shorten the text.`);
    await expect(notes).toHaveValue(long);
    await shoot(page, "notes-counter-en");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.locator("#contact")).toContainText("Your notes are longer than 1000 characters.");
    await expect(notes).toHaveValue(long);
    await expect(page.locator("section[role=status]")).toHaveCount(0);
  });

  test("without JavaScript: the server refuses in German and gives the text back whole", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(results({ pickup: "AYT", dropoff: "Belek", date: day(13), time: "12:00", passengers: "2" }, "de"));
    await page.locator("[data-car-id]").first().getByRole("button", { name: /Auswählen|Wählen/ }).click();
    await fillContact(page, { name: "Jana Schröder", email: "jana@example.com", phone: "+49 170 1234567" });
    await page.locator("#contact textarea[name=notes]").fill(long);
    await page.locator("#contact").getByRole("button", { name: /Buchung bestätigen/ }).click();
    await expect(page.locator("#contact")).toContainText("Ihre Hinweise sind länger als 1000 Zeichen.");
    await expect(page.locator("#contact textarea[name=notes]")).toHaveValue(long);
    await expect(page.locator("section[role=status]")).toHaveCount(0);
    await context.close();
  });
});

test("the quote request's and the contact page's messages are counted, never cut by the browser", async ({ page }) => {
  for (const [path, max] of [
    ["/quote-request?lng=tr", 2000],
    ["/contact?lng=ru", 5000],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    const message = page.locator("textarea[name=message]");
    await expect(message).not.toHaveAttribute("maxlength", /.*/);
    const text = "x".repeat(max + 7);
    await message.fill(text);
    await expect(message).toHaveValue(text);
    await expect(page.locator("[data-length-counter]")).toContainText("7");
  }
});

test("an hourly hire states no waiting fee: the car waits during the hours booked", async ({ page }) => {
  for (const [lng, text] of [
    ["en", "The car and driver are yours for the hours booked"],
    ["de", "Fahrzeug und Fahrer stehen Ihnen für die gebuchten Stunden zur Verfügung"],
  ] as const) {
    await page.goto(results({ tripType: "hourly", pickup: "Belek", hours: "4", date: day(14), time: "10:00", passengers: "2" }, lng));
    const waiting = page.locator("#contact [data-waiting]");
    await expect(waiting).toContainText(text);
    await expect(waiting).not.toContainText(/15/);
  }
  await shoot(page, "hourly-waiting-de");
});

test.describe("the order of the cars", () => {
  const seatsInOrder = async (page: Page) => {
    const db = e2eDb();
    const seats = new Map((db.prepare("select id, seats from cars").all() as Array<{ id: string; seats: number }>).map((c) => [c.id, c.seats]));
    db.close();
    const ids = await page.locator("[data-car-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-car-id")!));
    return ids.map((id) => seats.get(id)!);
  };

  test("two travellers see the smallest cars first, the minibus last", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Side", date: day(15), time: "09:00", passengers: "2", luggage: "2" }, "en"));
    const seats = await seatsInOrder(page);
    expect(seats.length).toBeGreaterThan(3);
    expect(seats).toEqual([...seats].sort((a, b) => a - b));
    await shoot(page, "order-2");
  });

  test("a party of five sees the van that fits them first, not the 16-seat minibus", async ({ page }) => {
    await page.goto(results({ pickup: "AYT", dropoff: "Side", date: day(15), time: "09:00", passengers: "5", luggage: "5" }, "en"));
    const seats = await seatsInOrder(page);
    expect(seats[0]).toBeLessThan(16);
    expect(seats).toEqual([...seats].sort((a, b) => a - b));
  });
});

test("the fleet's 'from' prices are real route prices that differ by class, in four languages", async ({ page }) => {
  const labels = { en: "Fixed price, Antalya Airport (AYT) → Lara", de: "Festpreis, Flughafen Antalya (AYT) → Lara", tr: "Sabit fiyat, Antalya Havalimanı (AYT) → Lara", ru: "Фиксированная цена, " };
  for (const lng of LANGUAGES) {
    await page.goto(`/fleet?lng=${lng}&cur=TRY`);
    const froms = await page.locator("[data-from-price]").allTextContents();
    expect(froms.length).toBeGreaterThan(5);
    expect(new Set(froms).size, froms.join(" | ")).toBeGreaterThan(3);
    await expect(page.locator("[data-from-route]").first()).toContainText(labels[lng]);
  }
  await page.goto("/fleet?lng=en&cur=TRY");
  // a class no fixed route prices says its minimum for what it is
  const minimum = page.locator("[data-from-price][data-minimum]");
  if ((await minimum.count()) > 0) await expect(minimum.first()).toHaveText(/^Minimum fare /);
  await shoot(page, "fleet-en");
  await page.goto("/?lng=de");
  await expect(page.locator("[data-from-route]").first()).toContainText("Festpreis");
});
