/**
 * Mesafeler (/admin/distances): the office corrects a road distance, sees it on the page and in
 * the route the booking form gets, and goes back to the published figure; then the same without
 * JavaScript, adding a pair the table lacks. Each test uses a pair no other spec routes, so the
 * shared server's other specs keep the published figures.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

async function routeKm(request: APIRequestContext, from: string, to: string) {
  const response = await request.post("/api/routes", { data: { legs: [{ from: { placeId: from }, to: { placeId: to } }] } });
  expect(response.status()).toBe(200);
  const leg = (await response.json()).data.legs[0] as { distance_km: number; estimate: boolean };
  return leg;
}

const row = (page: Page, label: string) => page.getByRole("listitem", { name: label });

test.describe("the office corrects a road distance", () => {
  test("with JavaScript: a bad value is refused and kept, a correction is used at once, then reset", async ({ page, request }) => {
    await signIn(page);
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Mesafeler" }).click();
    await expect(page).toHaveURL(/\/admin\/distances$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mesafeler" })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole("searchbox", { name: "Ara", exact: true }).fill("kestel gazipasa");
    await page.getByRole("button", { name: "Filtrele" }).click();
    await expect(page).toHaveURL(/q=kestel/);
    const item = row(page, "Gazipaşa-Alanya Havalimanı (GZP) ↔ Kestel, Antalya");
    await expect(item).toBeVisible();
    await expect(item).toContainText("Yayınlanan36 km · 38 dk");
    await expect(item).toContainText("Düzeltme yok");
    expect(await routeKm(request, "gzp-airport", "kestel-antalya")).toMatchObject({ distance_km: 36, estimate: false });
    await expectNoSeriousA11yViolations(page);

    const km = item.getByLabel("Mesafe (km)");
    await km.fill("otuz yedi");
    await item.getByRole("button", { name: "Kaydet" }).click();
    await expect(item.getByText("Mesafe bir sayı olmalıdır (ör. 38 veya 38,5).")).toBeVisible();
    await expect(km).toHaveValue("otuz yedi");

    await km.fill("37,5");
    await item.getByLabel("Süre (dk)").fill("41");
    await item.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Mesafe kaydedildi." })).toBeVisible();
    await expect(item).toContainText("Düzeltilen37,5 km · 41 dk");
    expect(await routeKm(request, "kestel-antalya", "gzp-airport")).toMatchObject({ distance_km: 37.5, estimate: false });

    await item.getByRole("button", { name: "Yayınlanan değere dön" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Yayınlanan değere dönüldü." })).toBeVisible();
    await expect(item).toContainText("Düzeltme yok");
    expect(await routeKm(request, "gzp-airport", "kestel-antalya")).toMatchObject({ distance_km: 36 });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("adds a pair the table lacks, after an unknown place is refused and kept, then removes it", async ({ page, request }) => {
      await signIn(page);
      await page.goto("/admin/distances");
      const add = page.getByRole("region", { name: "Yeni çift ekle" });
      await add.getByLabel("Nereden").fill("Atlantis");
      await add.getByLabel("Nereye").fill("Tekirova, Antalya");
      await add.getByLabel("Mesafe (km)").fill("19");
      await add.getByLabel("Süre (dk)").fill("24");
      await add.getByRole("button", { name: "Ekle" }).click();
      await expect(add.getByText("Bu yer bulunamadı. Listeden bir yer seçin.")).toBeVisible();
      await expect(add.getByLabel("Nereden")).toHaveValue("Atlantis");
      await expect(add.getByLabel("Süre (dk)")).toHaveValue("24");

      await add.getByLabel("Nereden").fill("Kemer, Antalya");
      await add.getByRole("button", { name: "Ekle" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Yeni mesafe eklendi." })).toBeVisible();
      await expect(page).toHaveURL(/#row-kemer-antalya%7Ctekirova-antalya$/);
      // the whole table is long (the page scrolls to the new row smoothly): work on the searched list
      await page.goto("/admin/distances?q=tekirova kemer");
      const item = row(page, "Kemer, Antalya ↔ Tekirova, Antalya");
      await expect(item).toContainText("Tabloda yok");
      await expect(item).toContainText("Düzeltilen19 km · 24 dk");
      expect(await routeKm(request, "tekirova-antalya", "kemer-antalya")).toMatchObject({ distance_km: 19, estimate: false });

      await item.getByLabel("Mesafe (km)").fill("10000");
      await item.getByRole("button", { name: "Kaydet" }).click();
      await expect(item.getByText("Mesafe 0'dan büyük ve en fazla 1.500 km olmalıdır.")).toBeVisible();
      await expect(item.getByLabel("Mesafe (km)")).toHaveValue("10000");

      await item.getByRole("button", { name: "Kaldır" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Mesafe kaldırıldı." })).toBeVisible();
      await expect(row(page, "Kemer, Antalya ↔ Tekirova, Antalya")).toHaveCount(0);
      expect((await routeKm(request, "kemer-antalya", "tekirova-antalya")).estimate).toBe(true);
    });
  });
});
