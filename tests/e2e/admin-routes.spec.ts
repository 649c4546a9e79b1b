/**
 * Rotalar (/admin/routes): the office adds a zone by typing a place's name in Cyrillic, adds a
 * fixed-price route to it (a bad price refused and kept first), and then, without JavaScript,
 * edits the route and the zone and deletes both (the zone only once no route uses it). The shared
 * server's other specs book around AYT: this one uses Olympos and GZP, and leaves the seeded
 * fares alone.
 */
import type { Locator, Page } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

const ROUTE = "Gazipaşa-Alanya Havalimanı (GZP) ↔ Olympos (bölge, 4 km)";
const item = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });

/** A row's delete: its trigger opens the question (a panel without JavaScript), "Sil" there deletes. */
async function confirmDelete(row: Locator, trigger: string, question: string) {
  await row.locator("summary").filter({ hasText: trigger }).click();
  const confirm = row.locator('div[role="group"]');
  await expect(confirm).toContainText(question);
  await confirm.getByRole("button", { name: "Sil" }).click();
}

test.setTimeout(180_000);

test("the office adds a zone and a fixed-price route, then edits and deletes them without JavaScript", async ({ page, browser }, testInfo) => {
  await signIn(page);
  // the site scrolls smoothly to a #row: without motion the rows hold still for the clicks
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Rotalar" }).click();
  await expect(page).toHaveURL(/\/admin\/routes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sabit fiyatlı rotalar" })).toBeVisible({ timeout: 20_000 });
  // the seeded fares are listed with their road figures
  await expect(item(page, "Antalya Havalimanı (AYT) ↔ Belek (bölge, 7 km)")).toContainText("Karayolu: 36 km");
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);

  // a zone by a place's name typed in Russian, named after the place
  const addZone = page.getByRole("region", { name: "Yeni bölge" });
  await addZone.getByLabel("Merkez: yer adı").fill("Олимпос");
  await addZone.getByLabel("Yarıçap (km)").fill("4");
  await addZone.getByRole("button", { name: "Bölge ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bölge eklendi." })).toBeVisible();
  const zone = item(page, "Olympos");
  await expect(zone).toContainText("4 km");
  await expect(zone).toContainText("0 rota");

  // a route from GZP to it: a bad price is refused, what was typed stays
  const addFare = page.getByRole("region", { name: "Yeni rota" });
  const from = addFare.getByRole("group", { name: "Nereden" });
  const to = addFare.getByRole("group", { name: "Nereye" });
  await from.getByLabel("Yer adı").fill("Gazipaşa-Alanya Havalimanı (GZP)");
  await to.getByLabel("veya bölge").selectOption({ label: "Olympos" });
  await addFare.getByLabel("Sedan", { exact: true }).fill("9.500");
  await addFare.getByLabel("SUV", { exact: true }).fill("-100");
  await addFare.getByRole("button", { name: "Rota ekle" }).click();
  await expect(addFare.getByText("Fiyat 0'dan büyük ve en fazla 1.000.000 ₺ olmalıdır.")).toBeVisible();
  await expect(addFare.getByLabel("Sedan", { exact: true })).toHaveValue("9.500");
  await expect(from.getByLabel("Yer adı")).toHaveValue("Gazipaşa-Alanya Havalimanı (GZP)");

  await addFare.getByLabel("SUV", { exact: true }).fill("12000,50");
  await addFare.getByRole("button", { name: "Rota ekle" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rota eklendi." })).toBeVisible();
  const route = item(page, ROUTE);
  await expect(route).toContainText("₺9.500,00");
  await expect(route).toContainText("₺12.000,50");
  await expect(route).toContainText("Mesafeye göre");
  await expect(route).toContainText("İki yön");
  await expect(zone).toContainText("1 rota");

  // one active fare per pair: the same route again is refused, the existing one named
  await from.getByLabel("Yer adı").fill("Gazipaşa-Alanya Havalimanı (GZP)");
  await to.getByLabel("veya bölge").selectOption({ label: "Olympos" });
  await addFare.getByLabel("Sedan", { exact: true }).fill("9.000");
  await addFare.getByRole("button", { name: "Rota ekle" }).click();
  await expect(addFare.getByText("Bu güzergâh için zaten etkin bir fiyat var: Gazipaşa-Alanya Havalimanı (GZP) ↔ Olympos. Onu düzenleyin ya da önce pasif yapın.")).toBeVisible();
  await expect(addFare.getByLabel("Sedan", { exact: true })).toHaveValue("9.000");
  await expect(page.getByRole("listitem", { name: ROUTE })).toHaveCount(1);
  await page.goto("/admin/routes");
  await waitForHydration(page);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`admin-routes-${width}.png`), fullPage: true });
  }
  // the page with a row's edit form open, at 390 px (axe needs scripts: checked here, not in the no-JS context)
  await route.getByRole("link", { name: `Rotayı düzenle: ${ROUTE}` }).click();
  await expect(route.getByRole("heading", { name: `Rotayı düzenle: ${ROUTE}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("admin-routes-edit-390.png"), fullPage: false });
  await expectNoSeriousA11yViolations(page);

  // the same page without JavaScript: edit the route and the zone, then delete them
  const plain = await browser.newContext({ javaScriptEnabled: false, reducedMotion: "reduce", viewport: { width: 390, height: 900 } });
  try {
    const noJs = await plain.newPage();
    await signIn(noJs);
    await noJs.goto("/admin/routes");
    let row = item(noJs, ROUTE);
    await row.getByRole("link", { name: `Rotayı düzenle: ${ROUTE}` }).click();
    await row.getByLabel("Sedan", { exact: true }).fill("on bin");
    await row.getByRole("button", { name: "Kaydet" }).click();
    row = item(noJs, ROUTE);
    await expect(row.getByText("Fiyat lira olarak bir sayı olmalıdır (ör. 2.000 veya 2000,50).")).toBeVisible();
    await expect(row.getByLabel("Sedan", { exact: true })).toHaveValue("on bin");
    await row.getByLabel("Sedan", { exact: true }).fill("9800");
    await row.getByLabel("Yalnızca bu yönde (tek yön)").check();
    await row.getByRole("button", { name: "Kaydet" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Rota kaydedildi." })).toBeVisible();
    const oneWay = item(noJs, "Gazipaşa-Alanya Havalimanı (GZP) → Olympos (bölge, 4 km)");
    await expect(oneWay).toContainText("₺9.800,00");
    await expect(oneWay).toContainText("Tek yön");

    let zoneRow = item(noJs, "Olympos");
    await zoneRow.getByRole("link", { name: "Olympos bölgesini düzenle" }).click();
    await zoneRow.getByLabel("Yarıçap (km)").fill("5");
    await zoneRow.getByRole("button", { name: "Kaydet" }).click();
    await expect(noJs.getByRole("status").filter({ hasText: "Bölge kaydedildi." })).toBeVisible();
    await expect(item(noJs, "Gazipaşa-Alanya Havalimanı (GZP) → Olympos (bölge, 5 km)")).toBeVisible();

    // a zone in use is not deleted
    zoneRow = item(noJs, "Olympos");
    await zoneRow.getByRole("link", { name: "Olympos bölgesini düzenle" }).click();
    await confirmDelete(zoneRow, "Olympos bölgesini sil", "Olympos bölgesi silinsin mi?");
    await expect(item(noJs, "Olympos").getByText("Bu bölge rotalarda kullanılıyor; önce o rotaları silin ya da değiştirin.")).toBeVisible();

    const final = item(noJs, "Gazipaşa-Alanya Havalimanı (GZP) → Olympos (bölge, 5 km)");
    await final.getByRole("link", { name: /^Rotayı düzenle:/ }).click();
    // nothing is deleted in one click: the delete asks first, naming the route
    await confirmDelete(final, "Rotayı sil:", "Gazipaşa-Alanya Havalimanı (GZP) → Olympos (bölge, 5 km) fiyatı silinsin mi?");
    await expect(noJs.getByRole("status").filter({ hasText: "Rota silindi." })).toBeVisible();
    await expect(noJs.getByRole("listitem", { name: /Olympos \(bölge/ })).toHaveCount(0);

    zoneRow = item(noJs, "Olympos");
    await zoneRow.getByRole("link", { name: "Olympos bölgesini düzenle" }).click();
    await confirmDelete(zoneRow, "Olympos bölgesini sil", "Olympos bölgesi silinsin mi?");
    await expect(noJs.getByRole("status").filter({ hasText: "Bölge silindi." })).toBeVisible();
    await expect(item(noJs, "Olympos")).toHaveCount(0);
  } finally {
    await plain.close();
  }
});
