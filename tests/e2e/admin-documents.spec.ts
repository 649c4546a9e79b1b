/**
 * Issue 34, documents that expire: on a phone without JavaScript the office opens a driver's
 * documents from the driver's page, is refused a scan that is no PDF or image (the typed date
 * kept), then sets the licence's last valid day and sees it written GG.AA.YYYY with its state;
 * with JavaScript a car's documents page and the dashboard's overview have no serious
 * accessibility problem at 390 and 1440 px (screenshots kept for a look).
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** An Istanbul day `days` ahead, yyyy-mm-dd, and as the admin shows it. */
const istanbulDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
const shown = (day: string) => day.split("-").reverse().join(".");

test.describe("a driver's documents at 390 px without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("sets the licence's expiry date; a wrong scan comes back with what was typed", async ({ page }, testInfo) => {
    const name = `Belge Şoförü ${randomUUID().slice(0, 6)}`;
    const driver = await withServerDb((db, code) => code.createTestDriver(db, { name }));
    await signIn(page);
    await page.goto(`/admin/drivers/edit/${driver.id}`);
    await page.getByRole("link", { name: "Belgeler", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/drivers/${driver.id}/documents$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Belgeler: ${name}`);
    const licence = page.getByTestId("document-licence");
    await expect(licence).toContainText("Girilmedi");

    // a scan that is not a PDF or an image: refused with the reason, the typed date kept
    const day = istanbulDay(200);
    await licence.getByLabel("Son geçerlilik tarihi").fill(day);
    await licence.getByLabel(/^Tarama/).setInputFiles({ name: "ehliyet.pdf", mimeType: "application/pdf", buffer: Buffer.from("not really a pdf") });
    await licence.getByRole("button", { name: "Kaydet: Ehliyet" }).click();
    await expect(page.getByText("Tarama yalnızca PDF, JPEG, PNG veya WebP olabilir.")).toBeVisible();
    await expect(page.getByTestId("document-licence").getByLabel("Son geçerlilik tarihi")).toHaveValue(day);
    await expect(page.getByTestId("document-licence")).toContainText("Girilmedi");

    await page.getByTestId("document-licence").getByLabel("Son geçerlilik tarihi").fill(day);
    await page.getByTestId("document-licence").getByRole("button", { name: "Kaydet: Ehliyet" }).click();
    await expect(page).toHaveURL(/\?saved=licence$/);
    await expect(page.getByText("Ehliyet kaydedildi.")).toBeVisible();
    await expect(page.getByTestId("document-licence")).toContainText("Geçerli");
    await expect(page.getByTestId("document-licence")).toContainText(shown(day));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("driver-documents-390-nojs.png"), fullPage: true });

    const stored = await withServerDb((db) =>
      db.selectFrom("fleet_documents").select(["kind", "expires_on"]).where("driver_id", "=", driver.id).execute(),
    );
    expect(stored).toEqual([{ kind: "licence", expires_on: day }]);
  });
});

for (const width of [390, 1440]) {
  test.describe(`documents with JavaScript at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("a car's documents page and the dashboard's overview have no serious accessibility problem", async ({
      page,
    }, testInfo) => {
      const name = `Belge Vito ${randomUUID().slice(0, 6)}`;
      const car = await withServerDb(async (db, code) => {
        const created = await code.createCar(db, code.buildCar({ name, sort_order: 996, plate_number: "07 BLG 34" }));
        const owner = { kind: "car" as const, id: created.id };
        await code.saveDocument(db, owner, "trafficInsurance", { expiresOn: istanbulDay(120) }, { id: null, label: "Ofis" });
        await code.saveDocument(db, owner, "inspection", { expiresOn: istanbulDay(4) }, { id: null, label: "Ofis" });
        await code.saveDocument(db, owner, "kasko", { expiresOn: istanbulDay(-2) }, { id: null, label: "Ofis" });
        return created;
      });
      await signIn(page);
      await page.goto(`/admin/cars/${car.id}/documents`);
      await expect(page.getByTestId("document-inspection")).toContainText("30 gün içinde bitiyor");
      await expect(page.getByTestId("document-kasko")).toContainText("Süresi doldu");
      await expect(page.getByTestId("document-routePermit")).toContainText("Girilmedi");
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`car-documents-${width}.png`), fullPage: true });

      await page.goto("/admin/dashboard");
      const overview = page.getByTestId("expiring-documents");
      await expect(overview.getByRole("link", { name: new RegExp(`${name} · 07 BLG 34 · Kasko`) })).toHaveAttribute(
        "href",
        `/admin/cars/${car.id}/documents`,
      );
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-documents-${width}.png`), fullPage: false });
    });
  });
}
