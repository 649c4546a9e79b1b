/**
 * Issue 34, drivers' shifts: on a phone without JavaScript the office opens a driver's working
 * hours from the driver's page, sets Saturday off and a night shift (a mistake comes back with
 * what was typed), adds a leave and is refused an overlapping one; with JavaScript the page has
 * no serious accessibility problem at 390 and 1440 px.
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

async function newDriver(name: string) {
  return withServerDb((db, code) => code.createTestDriver(db, { name }));
}

test.describe("a driver's shifts at 390 px without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("Saturday off, a night shift and a leave; an overlapping leave refused", async ({ page }, testInfo) => {
    const name = `Vardiya Şoförü ${randomUUID().slice(0, 6)}`;
    const driver = await newDriver(name);
    await signIn(page);
    await page.goto(`/admin/drivers?q=${encodeURIComponent(name)}`);
    await expect(
      page
        .getByTestId("admin-driver")
        .filter({ hasText: name })
        .getByRole("link", { name: /^Çalışma saatleri/ }),
    ).toHaveAttribute("href", `/admin/drivers/${driver.id}/shifts`);
    await page.goto(`/admin/drivers/edit/${driver.id}`);
    await page.getByRole("link", { name: "Çalışma saatleri" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/drivers/${driver.id}/shifts$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Çalışma saatleri: ${name}`);
    await expect(page.getByTestId("shift-always")).toContainText("her saat görevde sayılır");

    await page.getByLabel("Çalışmıyor (Cumartesi)").check();
    await page.getByLabel("Başlangıç (Cuma)").fill("22:00");
    await page.getByLabel("Bitiş (Cuma)").fill("06:00");
    await page.getByLabel("Başlangıç (Salı)").fill("09:00");
    await page.getByLabel("Bitiş (Salı)").fill("09:00");
    await page.getByRole("button", { name: "Saatleri kaydet" }).click();
    await expect(page.getByText("Bitiş başlangıçla aynı olamaz.")).toBeVisible();
    await expect(page.getByLabel("Bitiş (Salı)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Çalışmıyor (Cumartesi)")).toBeChecked();
    await expect(page.getByLabel("Başlangıç (Cuma)")).toHaveValue("22:00");

    await page.getByLabel("Bitiş (Salı)").fill("19:00");
    await page.getByRole("button", { name: "Saatleri kaydet" }).click();
    await expect(page).toHaveURL(/\?saved=hours$/);
    await expect(page.getByText("Çalışma saatleri kaydedildi.")).toBeVisible();
    await expect(page.getByTestId("shift-always")).toHaveCount(0);
    await expect(page.getByLabel("Çalışmıyor (Cumartesi)")).toBeChecked();
    await expect(page.getByLabel("Çalışmıyor (Pazar)")).toBeChecked();
    await expect(page.getByLabel("Bitiş (Salı)")).toHaveValue("19:00");
    await expect(page.getByTestId("shift-day-5")).toContainText("Gece vardiyası: ertesi gün biter");

    await page.getByLabel("İlk gün").fill("2027-01-04");
    await page.getByLabel("Son gün").fill("2027-01-10");
    await page.getByLabel("Not").fill("Yıllık izin");
    await page.getByRole("button", { name: "İzin ekle" }).click();
    await expect(page).toHaveURL(/\?saved=leave$/);
    const leave = page.getByTestId("shift-leave");
    await expect(leave).toHaveCount(1);
    await expect(leave).toContainText("İzin");
    await expect(leave).toContainText("Yıllık izin");

    await page.getByLabel("Tür").selectOption("day_off");
    await page.getByLabel("İlk gün").fill("2027-01-10");
    await page.getByLabel("Not").fill("Düğün");
    await page.getByRole("button", { name: "İzin ekle" }).click();
    await expect(page.getByText(/Bu tarihler kayıtlı bir izinle çakışıyor/)).toBeVisible();
    await expect(page.getByLabel("İlk gün")).toHaveValue("2027-01-10");
    await expect(page.getByLabel("Not")).toHaveValue("Düğün");
    await expect(page.getByLabel("Tür")).toHaveValue("day_off");
    await expect(page.getByTestId("shift-leave")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("shifts-390-refused.png"), fullPage: true });

    const saved = await withServerDb(async (db) => ({
      hours: await db
        .selectFrom("driver_hours")
        .select(["weekday", "off", "start_time", "end_time"])
        .where("driver_id", "=", driver.id)
        .orderBy("weekday")
        .execute(),
      leaves: await db
        .selectFrom("driver_leaves")
        .select(["from_date", "to_date", "note"])
        .where("driver_id", "=", driver.id)
        .execute(),
    }));
    expect(saved.hours.find((h) => h.weekday === 6)).toMatchObject({ off: 1 });
    expect(saved.hours.find((h) => h.weekday === 5)).toMatchObject({ off: 0, start_time: "22:00", end_time: "06:00" });
    expect(saved.leaves).toEqual([{ from_date: "2027-01-04", to_date: "2027-01-10", note: "Yıllık izin" }]);

    // the minimum rest between a driver's jobs is a setting of the booking tab, off (0) by default
    await page.goto("/admin/settings?tab=booking");
    await expect(page.getByLabel("Şoförün iki iş arası en az dinlenme süresi (dakika)")).toHaveValue("0");
  });
});

for (const width of [390, 1440]) {
  test.describe(`a driver's shifts with JavaScript at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("has no serious accessibility problem", async ({ page }, testInfo) => {
      const name = `Axe Vardiya ${randomUUID().slice(0, 6)}`;
      const driver = await newDriver(name);
      await withServerDb(async (db, { saveWeekHours, addLeave }) => {
        const week = {
          1: { from: "06:00", to: "14:00" },
          2: { from: "06:00", to: "14:00" },
          3: { from: "14:00", to: "22:00" },
          4: { from: "14:00", to: "22:00" },
          5: { from: "22:00", to: "06:00" },
          6: { off: "on" },
          7: { off: "on" },
        };
        await saveWeekHours(db, driver.id, week, null);
        await addLeave(
          db,
          driver.id,
          { kind: "leave", from: "2027-02-01", to: "2027-02-07", note: "Yıllık izin" },
          null,
        );
      });
      await signIn(page);
      await page.goto(`/admin/drivers/${driver.id}/shifts`);
      await expect(page.getByTestId("shift-leave")).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`shifts-${width}.png`), fullPage: true });
    });
  });
}
