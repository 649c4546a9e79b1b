/**
 * Putting a driver on a leg from the dispatch board (issue 15), as a dispatcher: with JavaScript
 * and without it ("Şoför ata" is a link that opens that leg's form, the only one on the page; the
 * form posts and the board comes back on the same day), then the booking page shows the driver
 * and the job link. Data is made by the app's own code (createCar, createTestBooking,
 * createTestDriver, createUser).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { createUserSession, setSessionCookie, withServerDb } from "./admin-helpers";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

const istanbulDate = (offsetDays: number) => new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const DAY = istanbulDate(3);
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+03:00`).toISOString();

const suffix = randomUUID().slice(0, 6);
const driverName = `Murat Yıldız ${suffix}`;
type Ref = { id: string; reference: string };
let fixture: { first: Ref; second: Ref; clash: Ref; crowd: Ref };
const bigCar = `E2E Atama Büyük ${suffix}`;
const smallCar = `E2E Atama Küçük ${suffix}`;

test.beforeAll(async () => {
  fixture = await withServerDb(async (db, code) => {
    // Last in every list (high sort order), so other specs' pages of the fleet stay as they were.
    const carA = (await code.createCar(db, code.buildCar({ name: `E2E Atama A ${suffix}`, sort_order: 995 }))).id;
    const carB = (await code.createCar(db, code.buildCar({ name: `E2E Atama B ${suffix}`, sort_order: 996 }))).id;
    const carC = (await code.createCar(db, code.buildCar({ name: `E2E Atama C ${suffix}`, sort_order: 997 }))).id;
    await code.createTestDriver(db, { name: driverName, phone: "0532 555 66 77", whatsapp: "0532 555 66 77" });
    const deps = { db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") };
    const contact = { email: `${suffix}@example.com`, phone: "+90 532 111 22 33" };
    const first = await code.createTestBooking(deps, { carId: carA, pickupAt: at(DAY, "08:00"), fullName: `Ayla Kurt ${suffix}`, ...contact });
    const second = await code.createTestBooking(deps, { carId: carB, pickupAt: at(DAY, "16:00"), fullName: `Emre Aslan ${suffix}`, ...contact });
    // on another car at the first's time: only the driver can collide
    const clash = await code.createTestBooking(deps, { carId: carC, pickupAt: at(DAY, "08:30"), fullName: `Deniz Ak ${suffix}`, ...contact });
    // issue 27: seven passengers, and a car of three seats the assignment must refuse as the edit does
    const big = (await code.createCar(db, code.buildCar({ name: bigCar, seats: 8, luggage: 8, sort_order: 998 }))).id;
    await code.createCar(db, code.buildCar({ name: smallCar, seats: 3, luggage: 3, sort_order: 999 }));
    const crowd = await code.createTestBooking(deps, { carId: big, pickupAt: at(DAY, "12:00"), passengers: 7, fullName: `Kalabalık Aile ${suffix}`, ...contact });
    const pick = (row: Ref) => ({ id: row.id, reference: row.reference });
    return { first: pick(first), second: pick(second), clash: pick(clash), crowd: pick(crowd) };
  });
});

async function signInAsDispatcher(page: Page) {
  const { token } = await createUserSession("dispatcher");
  await setSessionCookie(page.context(), token);
}

// two pages, each with an axe run, on a machine running other suites
test.describe.configure({ timeout: 90_000 });

const legRow = (page: Page, bookingId: string) => page.locator(`[data-testid="dispatch-assign-leg"][data-booking="${bookingId}"][data-leg="outbound"]`);

async function assignOnBoard(page: Page, booking: { id: string }, { javaScript }: { javaScript: boolean }) {
  await page.goto(`/admin/dispatch?date=${DAY}`);
  const row = legRow(page, booking.id);
  await expect(row.getByTestId("dispatch-leg-driver")).toHaveText("Şoför yok");
  // no form until a leg's is asked for, then that one only
  const forms = page.locator("form[data-testid^='assign-form-']");
  await expect(forms).toHaveCount(0);
  if (javaScript) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await row.getByRole("link", { name: "Şoför ata" }).click();
  await expect(page).toHaveURL(/[?&]assign=/);
  // with JavaScript the form opens in the page (no new document); without it, by loading the link
  if (javaScript) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const form = row.getByTestId("assign-form-outbound");
  await expect(forms).toHaveCount(1);
  await form.getByLabel("Şoför (gidiş)").selectOption({ label: driverName });
  await form.getByRole("button", { name: "Şoför ata" }).click();
  // back on the same day, the leg now has its driver
  await expect(legRow(page, booking.id).getByTestId("dispatch-leg-driver")).toHaveText(`Şoför: ${driverName}`);
  expect(new URL(page.url()).searchParams.get("date")).toBe(DAY);
  await expect(legRow(page, booking.id).getByRole("status")).toContainText("Atama kaydedildi");
  await expect(forms).toHaveCount(0);
}

async function seeOnBookingPage(page: Page, booking: { id: string }) {
  await page.goto(`/admin/bookings/${booking.id}`);
  const card = page.getByTestId("assignments");
  await expect(card.getByRole("heading", { name: "Şoför ve araç" })).toBeVisible();
  await expect(card.getByTestId("assignment-outbound")).toContainText(driverName);
  await expect(card.getByRole("link", { name: "+90 532 555 66 77" })).toHaveAttribute("href", "tel:+905325556677");
  await expect(card.getByTestId("job-link")).toHaveAttribute("href", /\/job\/[\w-]{32}$/);
  await expect(card.getByRole("link", { name: "Bağlantıyı şoföre WhatsApp ile gönder" })).toHaveAttribute("href", /^https:\/\/wa\.me\/905325556677\?text=/);
  // the form's controls have names of their own beside the edit form's "Araç" and "Kaydet"
  await expect(card.getByLabel("Araç (gidiş)")).toBeVisible();
  await expect(card.getByRole("button", { name: "Şoförü kaldır" })).toBeVisible();
}

test.describe("assigning a driver", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // the refusal needs the first assignment made
  test.describe.configure({ mode: "serial" });

  test("a dispatcher assigns a driver on the board and sees the job link on the booking page", async ({ page }) => {
    await signInAsDispatcher(page);
    await assignOnBoard(page, fixture.first, { javaScript: true });
    await expectNoSeriousA11yViolations(page);
    await seeOnBookingPage(page, fixture.first);
    await expect(page.getByRole("button", { name: "Bağlantıyı kopyala" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // the edit form hides the card (its own "Araç" select and "Kaydet" button stay unique)
    await page.goto(`/admin/bookings/${fixture.first.id}?edit=1`);
    await expect(page.getByTestId("assignments")).toHaveCount(0);
    await expect(page.getByLabel("Araç", { exact: true })).toHaveCount(1);
  });

  test("a busy driver is refused on the booking page with the other booking named", async ({ page }) => {
    await signInAsDispatcher(page);
    await page.goto(`/admin/bookings/${fixture.clash.id}`);
    const card = page.getByTestId("assignments");
    await card.getByLabel("Şoför (gidiş)").selectOption({ label: driverName });
    await card.getByRole("button", { name: "Şoför ata" }).click();
    await expect(page.getByRole("alert")).toContainText("Şoför bu saatlerde müsait değil");
    await expect(page.getByRole("alert")).toContainText(fixture.first.reference);
    await expect(card.getByTestId("assignment-outbound")).toContainText("Şoför yok");
  });

  test("a car too small for the booking is refused with the edit's reason, on the board and on the booking page", async ({ page }) => {
    await signInAsDispatcher(page);
    await page.goto(`/admin/dispatch?date=${DAY}&assign=${fixture.crowd.reference}:outbound`);
    const form = legRow(page, fixture.crowd.id).getByTestId("assign-form-outbound");
    await form.getByLabel("Araç (gidiş)").selectOption({ label: smallCar });
    await form.getByRole("button", { name: "Şoför ata" }).click();
    await expect(legRow(page, fixture.crowd.id).getByRole("alert")).toContainText("Bu araç rezervasyona uygun değil: Bu araç bu kadar yolcu almıyor.");

    await page.goto(`/admin/bookings/${fixture.crowd.id}`);
    const card = page.getByTestId("assignments");
    await card.getByLabel("Araç (gidiş)").selectOption({ label: smallCar });
    await card.getByRole("button", { name: "Şoför ata" }).click();
    await expect(page.getByRole("alert")).toContainText("Bu araç bu kadar yolcu almıyor.");
    await expect(card.getByTestId("assignment-outbound")).toContainText(bigCar);
  });
});

test.describe("without JavaScript, at phone width", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the board's form opens by its link, posts, and comes back on the same day", async ({ page }) => {
    await signInAsDispatcher(page);
    await assignOnBoard(page, fixture.second, { javaScript: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await seeOnBookingPage(page, fixture.second);
    // no copy button without JavaScript: the link itself is there
    await expect(page.getByRole("button", { name: "Bağlantıyı kopyala" })).toHaveCount(0);
    // (axe needs JavaScript in the page: the JS-on tests above check both pages)
  });
});
