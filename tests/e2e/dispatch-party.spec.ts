/**
 * A party in several cars on the dispatch board (issue 32, decision 017): one booking of fourteen
 * in a minibus and a van shows a block in each car's lane with that car's share; a dispatcher puts a
 * driver on each car's leg from the board (with JavaScript, and without it at phone width), the
 * booking page lists a leg per car, and each car's driver gets a job link of their own whose sheet
 * names their car. The booking and drivers are made by the app's own code (createTestBooking,
 * createTestDriver).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUserSession, setSessionCookie, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

const suffix = randomUUID().slice(0, 6);
/** A day far enough ahead that no other spec uses it. */
const DAY = new Date(Date.now() + (400 + Math.floor(Math.random() * 100)) * 86_400_000).toISOString().slice(0, 10);
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+03:00`).toISOString();
const minibus = `E2E Grup Minibüs ${suffix}`;
const van = `E2E Grup Van ${suffix}`;
const firstDriver = `Kemal Öz ${suffix}`;
const secondDriver = `Sena Koç ${suffix}`;
type Ref = { id: string; reference: string };
let fixture: { minibus: string; van: string; booking: Ref; evening: Ref };

test.beforeAll(async () => {
  if (fixture) return;
  fixture = await withServerDb(async (db, code) => {
    // last in every list (high sort order), so other specs' pages of the fleet stay as they were
    const a = (await code.createCar(db, code.buildCar({ name: minibus, seats: 16, luggage: 10, sort_order: 980 }))).id;
    const b = (await code.createCar(db, code.buildCar({ name: van, seats: 8, luggage: 8, sort_order: 981 }))).id;
    await code.createTestDriver(db, { name: firstDriver, phone: "0532 444 55 66" });
    await code.createTestDriver(db, { name: secondDriver, phone: "0533 444 55 66" });
    const deps = { db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") };
    const party = (time: string) =>
      code.createTestBooking(deps, { carId: a, moreCarIds: [b], passengers: 14, luggage: 14, pickupAt: at(time), fullName: `Golf Kulübü ${suffix}`, email: `${suffix}@example.ru`, phone: "+7 916 123 45 67" }, { locale: "ru" });
    const pick = (row: Ref) => ({ id: row.id, reference: row.reference });
    return { minibus: a, van: b, booking: pick(await party("11:00")), evening: pick(await party("18:00")) };
  });
});

test.use({ contextOptions: { reducedMotion: "reduce" } });
test.describe.configure({ timeout: 90_000 });

async function signInAsDispatcher(page: Page) {
  const { token } = await createUserSession("dispatcher");
  await setSessionCookie(page.context(), token);
}

const legRow = (page: Page, unit: number, booking: Ref = fixture.booking) => page.locator(`[data-testid="dispatch-assign-leg"][data-booking="${booking.id}"][data-leg="outbound"][data-unit="${unit}"]`);

test("each car of the party is a block in its lane, and takes its own driver from the board", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDispatcher(page);
  await page.goto(`/admin/dispatch?date=${DAY}`);
  const block = (carId: string) => page.locator(`[data-testid="dispatch-lane"][data-lane="${carId}"] [data-testid="dispatch-block"][data-booking="${fixture.booking.id}"]`);
  await expect(block(fixture.minibus)).toHaveAttribute("data-unit", "1");
  await expect(block(fixture.minibus)).toContainText("Araç 1/2");
  await expect(block(fixture.van)).toHaveAttribute("data-unit", "2");
  await expect(block(fixture.van)).toContainText("Araç 2/2");
  await expect(block(fixture.van)).toContainText("4 yolcu");
  await expect(block(fixture.minibus)).toContainText("10 yolcu");
  await expectNoSeriousA11yViolations(page);

  for (const [unit, name] of [[1, firstDriver], [2, secondDriver]] as const) {
    const row = legRow(page, unit);
    await expect(row.getByTestId("dispatch-leg-driver")).toHaveText("Şoför yok");
    await row.getByRole("link", { name: "Şoför ata" }).click();
    const form = row.locator("form[data-testid^='assign-form-outbound']");
    await form.getByLabel(/^Şoför/).selectOption({ label: name });
    await form.getByRole("button", { name: "Şoför ata" }).click();
    await expect(legRow(page, unit).getByTestId("dispatch-leg-driver")).toHaveText(`Şoför: ${name}`);
  }
  // the booking page lists a leg per car, each with its driver and car
  await page.goto(`/admin/bookings/${fixture.booking.id}`);
  const card = page.getByTestId("assignments");
  await expect(card.getByTestId("assignment-outbound")).toContainText(firstDriver);
  await expect(card.getByTestId("assignment-outbound")).toContainText(minibus);
  await expect(card.getByTestId("assignment-outbound-2")).toContainText(secondDriver);
  await expect(card.getByTestId("assignment-outbound-2")).toContainText(van);

  // the van's driver opens their own link: their car and their share of the party
  const link = await card.getByTestId("assignment-outbound-2").getByTestId("job-link").getAttribute("href");
  expect(link).toMatch(/\/job\//);
  await page.goto(new URL(link!).pathname);
  await expect(page.getByTestId("job-party")).toContainText(van);
  await expect(page.getByTestId("job-party")).toContainText("2/2");
});

test.describe("without JavaScript, at phone width", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("each car's driver is put on from the board's own form, which comes back on the same day", async ({ page }) => {
    const { evening } = fixture;
    await signInAsDispatcher(page);
    await page.goto(`/admin/dispatch?date=${DAY}&assign=${evening.reference}:outbound`);
    const first = legRow(page, 1, evening).getByTestId("assign-form-outbound");
    await first.getByLabel(/^Şoför/).selectOption({ label: firstDriver });
    await first.getByRole("button", { name: "Şoför ata" }).click();
    await expect(legRow(page, 1, evening).getByTestId("dispatch-leg-driver")).toHaveText(`Şoför: ${firstDriver}`);
    await expect(page).toHaveURL(new RegExp(`/admin/dispatch\\?date=${DAY}`));

    await page.goto(`/admin/dispatch?date=${DAY}&assign=${evening.reference}:outbound:2`);
    const form = legRow(page, 2, evening).getByTestId("assign-form-outbound-2");
    await expect(form.locator("input[name='unit']")).toHaveValue("2");
    await form.getByLabel(/^Şoför/).selectOption({ label: firstDriver });
    await form.getByRole("button", { name: "Şoför ata" }).click();
    // one driver cannot drive both cars of the same trip: refused, named, the form still open
    await expect(legRow(page, 2, evening).getByRole("alert")).toContainText(evening.reference);
    await expect(legRow(page, 2, evening).getByTestId("assign-form-outbound-2")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/dispatch-party-390.png", fullPage: false });
  });
});
