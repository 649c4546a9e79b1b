/**
 * Planning from the board (issue 34): a dispatcher on a phone filters a day's legs without a
 * driver and assigns each from its suggestions in one tap (with JavaScript) or by picking a
 * suggested driver (without); on a wide screen the blocks are as long as the trips, the compact
 * view packs the fleet, and the run sheet names each car's plate, a car at a time.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

// A day of this spec's own, far ahead: the suggestions weigh every driver's day, and no other spec plans it.
const DAY = new Date(Date.now() + (703 + Math.floor(Math.random() * 20)) * 86_400_000).toISOString().slice(0, 10);
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+03:00`).toISOString();
const suffix = randomUUID().slice(0, 6);

let fixture: { car: string; small: string; plate: string; refs: string[]; ids: string[]; driver: string; away: string; evening: { id: string; reference: string } };

test.beforeAll(async () => {
  if (fixture) return;
  fixture = await withServerDb(async (db, code) => {
    const plate = `07 PLN ${suffix.slice(0, 3).toUpperCase()}`;
    // the demo's first car's category and prices, last in the order: the public results other specs book the first car of stay as they were
    const car = (await code.createCar(db, code.buildCar({ name: `E2E Plan Vito ${suffix}`, plate_number: plate, sort_order: 995 }))).id;
    // too small for the party; no boot, so the public results (fewest seats first) never offer it before the demo's cars
    const small = (await code.createCar(db, code.buildCar({ name: `E2E Plan Mini ${suffix}`, seats: 1, luggage: 0, sort_order: 996 }))).id;
    const driver = (await code.createTestDriver(db, { name: `Plan Şoför ${suffix}` })).id;
    const deps = { db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") };
    const contact = { email: `${suffix}@example.com`, phone: "+90 532 111 22 33", passengers: 2 };
    const rows = [];
    for (const [time, name] of [["08:00", "Anna Schmidt"], ["12:00", "Ирина Волкова"], ["16:30", "Ayşe Çelik"]] as const) {
      rows.push(await code.createTestBooking(deps, { carId: car, pickupAt: at(time), fullName: `${name} ${suffix}`, ...contact }));
    }
    // a driver on leave that day, and an evening leg to try them on
    const away = (await code.createTestDriver(db, { name: `İzinli Şoför ${suffix}` })).id;
    const leave = await code.addLeave(db, away, { kind: "leave", from: DAY, to: DAY, note: "Yıllık izin" }, null);
    if (!leave.ok) throw new Error("leave refused");
    const evening = await code.createTestBooking(deps, { carId: car, pickupAt: at("20:00"), fullName: `Late Guest ${suffix}`, ...contact });
    return { car, small, plate, driver, away, evening: { id: evening.id, reference: evening.reference }, refs: rows.map((r) => r.reference), ids: rows.map((r) => r.id) };
  });
});

const driverOf = (bookingId: string) => {
  const db = e2eDb();
  try {
    return (db.prepare("select driver_id from booking_legs where booking_id = ? and leg = 'outbound'").get(bookingId) as { driver_id: string } | undefined)?.driver_id ?? null;
  } finally {
    db.close();
  }
};

const row = (page: Page, reference: string) => page.getByTestId("dispatch-assign-leg").filter({ hasText: reference });

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("the dispatcher plans a day on a phone", () => {
  // one day's legs, the first two assigned with JavaScript, the third without: in this order
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 390, height: 844 } });

  test("legs without a driver, assigned from the suggestions in one tap each", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${DAY}`);
    // a phone lists the day by time instead of lanes
    await expect(page.getByTestId("dispatch-board")).toBeHidden();
    await expect(row(page, fixture.refs[0]!)).toBeVisible();
    await page.getByLabel("Göster").selectOption("noDriver");
    await page.getByRole("button", { name: "Uygula" }).click();
    await expect(page).toHaveURL(/show=noDriver/);
    for (const reference of fixture.refs.slice(0, 2)) {
      const leg = row(page, reference);
      await expect(leg).toContainText("Şoför yok");
      await expect(leg.getByTestId("dispatch-leg-car")).toContainText(fixture.plate);
      await leg.getByRole("link", { name: /Şoför ata/ }).click();
      const suggestions = leg.getByTestId("dispatch-suggestions");
      await expect(suggestions).toBeVisible();
      // the car too small for two is left out, with the reason
      await suggestions.getByText(/Uygun olmayan/).click();
      await expect(suggestions.getByTestId("dispatch-left-out")).toContainText(`E2E Plan Mini ${suffix}: Yolcu veya bagaj için küçük`);
      if (reference === fixture.refs[0]) await expectNoSeriousA11yViolations(page);
      const pair = await suggestions.getByTestId("dispatch-suggested-pair").innerText();
      // the leg's own car is the best car: no change for the guest
      expect(pair).toContain(`E2E Plan Vito ${suffix}`);
      await suggestions.getByTestId("dispatch-assign-best").click();
      await expect(leg.getByRole("alert").or(leg.getByRole("status")).first()).toContainText("Atama kaydedildi");
      await expect(leg.getByTestId("dispatch-leg-driver")).toContainText(pair.split(": ")[1]!.split(" · ")[0]!);
    }
    expect(driverOf(fixture.ids[0]!)).not.toBeNull();
    expect(driverOf(fixture.ids[1]!)).not.toBeNull();
    // the filter now leaves them out
    await page.goto(`/admin/dispatch?date=${DAY}&show=noDriver`);
    await expect(row(page, fixture.refs[0]!)).toHaveCount(0);
    await expect(row(page, fixture.refs[1]!)).toHaveCount(0);
    await expect(row(page, fixture.refs[2]!)).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a suggested driver picked by a plain form", async ({ page }) => {
      await signIn(page);
      await page.goto(`/admin/dispatch?date=${DAY}&show=noDriver`);
      const leg = row(page, fixture.refs[2]!);
      await leg.getByRole("link", { name: /Şoför ata/ }).click();
      // the first suggested driver (free, least busy that day), picked with its own button
      const first = leg.getByTestId("dispatch-suggested-drivers").getByRole("listitem").first();
      const name = (await first.locator("span.font-medium").innerText()).trim();
      await first.getByRole("button", { name: "Seç ve ata" }).click();
      await expect(row(page, fixture.refs[2]!).getByTestId("dispatch-leg-driver")).toHaveText(`Şoför: ${name}`);
      expect(driverOf(fixture.ids[2]!)).not.toBeNull();
    });
  });
});

test.describe("a driver on leave, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("is refused with the reason named, then assigned with the office's reason", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${DAY}&assign=${fixture.evening.reference}:outbound`);
    const leg = row(page, fixture.evening.reference);
    // the suggestions leave the driver out, saying why
    await expect(leg.getByTestId("dispatch-left-out")).toContainText(`İzinli Şoför ${suffix}: Şoför`);
    const form = leg.getByTestId("assign-form-outbound");
    await form.getByLabel(/^Şoför/).selectOption({ label: `İzinli Şoför ${suffix}` });
    await form.getByRole("button", { name: "Şoför ata" }).click();
    await expect(leg.getByRole("alert")).toContainText("izinli");
    const again = row(page, fixture.evening.reference).getByTestId("assign-form-outbound");
    await again.getByLabel("Gerekçe").fill("Kendisi gönüllü, izin günü değişti");
    await again.getByRole("button", { name: "Şoför ata" }).click();
    await expect(row(page, fixture.evening.reference).getByTestId("dispatch-leg-driver")).toHaveText(`Şoför: İzinli Şoför ${suffix}`);
    expect(driverOf(fixture.evening.id)).toBe(fixture.away);
  });
});

test.describe("the board at true scale", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("short trips stay short, free time is named, the compact view packs the lanes", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch?date=${DAY}&category=VIP`);
    const lane = page.locator(`[data-testid="dispatch-lane"][data-lane="${fixture.car}"]`);
    const blocks = lane.getByTestId("dispatch-block");
    await expect(blocks).toHaveCount(4);
    const laneBox = (await lane.boundingBox())!;
    const first = (await blocks.first().boundingBox())!;
    // a transfer of well under two hours (with its buffer) is under a twelfth of the day wide, not three hours
    expect(first.width).toBeLessThan(laneBox.width / 12);
    await expect(lane.getByTestId("dispatch-gap").first()).toBeVisible();
    const fullHeight = laneBox.height;
    await page.getByLabel("Sıkışık görünüm").check();
    await page.getByRole("button", { name: "Uygula" }).click();
    await expect(page).toHaveURL(/view=compact/);
    const compact = (await lane.boundingBox())!;
    expect(compact.height).toBeLessThan(fullHeight / 2);
    await expectNoSeriousA11yViolations(page);
  });

  test("the run sheet names the plate and prints a car alone", async ({ page }) => {
    await signIn(page);
    await page.goto(`/admin/dispatch/print?date=${DAY}`);
    await page.getByLabel("Araç", { exact: true }).selectOption(fixture.car);
    await page.getByRole("button", { name: "Göster" }).click();
    await expect(page).toHaveURL(new RegExp(`car=${fixture.car}`));
    const sheets = page.getByTestId("run-sheet-car");
    await expect(sheets).toHaveCount(1);
    await expect(sheets.getByTestId("run-sheet-plate")).toHaveText(fixture.plate);
    await expect(sheets.getByRole("row")).toHaveCount(5);
  });
});
