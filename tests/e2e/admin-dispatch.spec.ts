/**
 * The dispatch board as the office uses it: tomorrow's trips per car (bookings made by the app's
 * createBooking, on two cars of this spec's own), a block opening its booking, previous/next day,
 * the date picker and a bad date without JavaScript, phone width without sideways scrolling (the
 * same markup laid out as cards), the run sheet on its own page printed, the board printed as
 * cards, and axe.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

const istanbulDate = (offsetDays: number) => new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const TODAY = istanbulDate(0);
const TOMORROW = istanbulDate(1);
const AFTER = istanbulDate(2);
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

const suffix = randomUUID().slice(0, 6);
const carA = `E2E Vito ${suffix}`;
const carB = `E2E Sprinter ${suffix}`;
let fixture: { a: string; b: string; first: { id: string; reference: string }; second: { id: string; reference: string }; round: { id: string; reference: string } };

test.beforeAll(async () => {
  // once per worker process: a worker that comes back to this file keeps its cars (two lanes of one name would mix)
  if (fixture) return;
  fixture = await withServerDb(async (db, code) => {
    // Last in every list (high sort order), so other specs' pages of the fleet stay as they were.
    const a = (await code.createCar(db, code.buildCar({ name: carA, sort_order: 990 }))).id;
    const b = (await code.createCar(db, code.buildCar({ name: carB, sort_order: 991 }))).id;
    const deps = { db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") };
    const contact = { email: `${suffix}@example.com`, phone: "+90 532 111 22 33" };
    const first = await code.createTestBooking(deps, { carId: a, pickupAt: at(TOMORROW, "10:00"), fullName: `Selin Aksoy ${suffix}`, flightNumber: "TK2412", passengers: 3, ...contact });
    const second = await code.createTestBooking(deps, { carId: a, pickupAt: at(TOMORROW, "15:30"), fullName: `Hans Weber ${suffix}`, ...contact });
    const round = await code.createTestBooking(deps, {
      carId: b,
      tripType: "roundTrip",
      pickupAt: at(TOMORROW, "12:00"),
      returnPickup: { text: "Belek" },
      returnDropoff: { text: "AYT" },
      returnAt: at(AFTER, "09:00"),
      fullName: `Olga Petrova ${suffix}`,
      ...contact,
    });
    const pick = (row: { id: string; reference: string }) => ({ id: row.id, reference: row.reference });
    return { a, b, first: pick(first), second: pick(second), round: pick(round) };
  });
});

const lane = (page: Page, carId: string) => page.locator(`[data-testid="dispatch-lane"][data-lane="${carId}"]`);

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("dispatch board", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("tomorrow's trips per car; a block opens its booking", async ({ page }) => {
    // server and browser render the same board (times, long date): no hydration mismatch
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|did not match|error #4(18|19|23|25)/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await signIn(page);
    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: "Operasyon" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Günlük operasyon" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dispatch$/);
    await page.getByRole("link", { name: "Sonraki gün" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${TOMORROW}`);

    const a = lane(page, fixture.a).getByTestId("dispatch-block");
    await expect(a).toHaveCount(2);
    await expect(a.first()).toHaveAttribute("data-booking", fixture.first.id);
    await expect(a.first()).toContainText("10:00");
    await expect(a.first()).toContainText(`Selin Aksoy ${suffix}`);
    await expect(a.first()).toContainText("3 yolcu");
    await expect(a.first()).toContainText("Uçuş TK2412");
    await expect(a.first()).toContainText("AYT → Belek");
    await expect(a.nth(1)).toHaveAttribute("data-booking", fixture.second.id);
    // a timeline: the hour axis, the 15:30 block to the right of the 10:00 one on the same track
    await expect(page.getByTestId("dispatch-axis")).toBeVisible();
    const [early, late] = [(await a.first().boundingBox())!, (await a.nth(1).boundingBox())!];
    expect(late.x).toBeGreaterThan(early.x + early.width / 2);
    expect(late.y).toBe(early.y);
    const b = lane(page, fixture.b).getByTestId("dispatch-block");
    await expect(b).toHaveCount(1);
    await expect(b).toHaveAttribute("data-leg", "outbound");
    await expect(lane(page, fixture.a).locator("[data-conflict]")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // the light theme too (the shell's toggle keeps it in a cookie)
    const { origin } = new URL(page.url());
    await page.context().addCookies([{ name: "vt_admin_theme", value: "light", url: `${origin}/admin` }]);
    await page.reload();
    await expect(page.locator(".admin-dark")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    expect(problems).toEqual([]);
    // a block is a plain link the board navigates to in the page (no new document)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await a.first().click();
    await expect(page).toHaveURL(`/admin/bookings/${fixture.first.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fixture.first.reference);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("previous and next day; the return leg on its own day", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${TOMORROW}`);
    await page.getByRole("link", { name: "Sonraki gün" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${AFTER}`);
    const back = lane(page, fixture.b).getByTestId("dispatch-block");
    await expect(back).toHaveCount(1);
    await expect(back).toHaveAttribute("data-leg", "return");
    await expect(back).toContainText("09:00");
    await expect(lane(page, fixture.a).getByTestId("dispatch-block")).toHaveCount(0);
    await page.getByRole("link", { name: "Önceki gün" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${TOMORROW}`);
    await expect(lane(page, fixture.a).getByTestId("dispatch-block")).toHaveCount(2);
    await page.getByRole("link", { name: "Önceki gün" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${TODAY}`);
    await expect(page.getByRole("link", { name: "Bugün" })).toHaveAttribute("aria-current", "date");
  });

  test("the run sheet on its own page: per car a table, printed without the navigation", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${TOMORROW}`);
    await expect(page.getByTestId("dispatch-run-sheet")).toHaveCount(0);
    await page.getByRole("link", { name: "Yazdır" }).click();
    await expect(page).toHaveURL(`/admin/dispatch/print?date=${TOMORROW}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Günlük operasyon —");
    await expect(page.getByRole("button", { name: "Yazdır" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ media: "print" });
    const sheet = page.getByTestId("dispatch-run-sheet");
    await expect(sheet).toBeVisible();
    await expect(page.getByRole("link", { name: "Günlük operasyona dön" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Yazdır" })).toBeHidden();
    await expect(page.locator("#admin-sidebar")).toBeHidden();
    const table = sheet.locator("section").filter({ has: page.getByRole("heading", { name: carA }) }).getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(1)).toContainText(`Selin Aksoy ${suffix}`);
    await expect(table.getByRole("row").nth(1)).toContainText("+90 532 111 22 33");
    await expect(table.getByRole("row").nth(1)).toContainText("TK2412");
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Günlük operasyona dön" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${TOMORROW}`);
  });

  test("the board printed: its cards, without the navigation and the timeline's axis", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${TOMORROW}`);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("dispatch-axis")).toBeHidden();
    await expect(page.getByRole("link", { name: "Sonraki gün" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Yazdır" })).toBeHidden();
    await expect(page.getByTestId("dispatch-assignments")).toBeHidden();
    const legs = page.getByRole("region", { name: carA }).getByTestId("dispatch-block");
    await expect(legs).toHaveCount(2);
    await expect(legs.first()).toContainText("10:00–");
    await expect(legs.first()).toContainText(`Selin Aksoy ${suffix}`);
    // stacked as a card's rows, not placed on a time axis
    const [first, second] = [(await legs.first().boundingBox())!, (await legs.nth(1).boundingBox())!];
    expect(second.x).toBe(first.x);
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
  });
});

test.describe("dispatch board without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the date picker and a bad date", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/dispatch?date=2026-02-30");
    await expect(page.getByRole("alert")).toContainText("Geçersiz tarih: “2026-02-30”");
    await expect(page.getByLabel("Tarih")).toHaveValue(TODAY);
    await page.getByLabel("Tarih").fill(TOMORROW);
    await page.getByRole("button", { name: "Göster" }).click();
    await expect(page).toHaveURL(`/admin/dispatch?date=${TOMORROW}`);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(lane(page, fixture.a).getByTestId("dispatch-block")).toHaveCount(2);
    // the run sheet is a link away; its page prints with the browser's own print (window.print() needs JavaScript: no dead button)
    await page.getByRole("link", { name: "Yazdır" }).click();
    await expect(page).toHaveURL(`/admin/dispatch/print?date=${TOMORROW}`);
    await expect(page.getByTestId("dispatch-run-sheet").getByRole("table")).not.toHaveCount(0);
    await expect(page.getByRole("button", { name: "Yazdır" })).toHaveCount(0);
  });
});

test.describe("dispatch board at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the day listed by time instead of lanes, no sideways scrolling (issue 34)", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${TOMORROW}`);
    await expect(page.getByTestId("dispatch-board")).toBeHidden();
    const rows = page.getByTestId("dispatch-assign-leg").filter({ hasText: suffix });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("10:00–");
    await expect(rows.first()).toContainText(`Selin Aksoy ${suffix}`);
    await expect(rows.first().getByTestId("dispatch-leg-car")).toContainText(carA);
    await expect(rows.nth(1)).toContainText(`Olga Petrova ${suffix}`);
    await expect(rows.nth(2)).toContainText("15:30–");
    const [first, second] = [(await rows.first().boundingBox())!, (await rows.nth(1).boundingBox())!];
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await rows.nth(2).getByTestId("dispatch-leg-booking").click();
    await expect(page).toHaveURL(`/admin/bookings/${fixture.second.id}`);
  });
});
