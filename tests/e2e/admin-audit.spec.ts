/**
 * The audit log (/admin/audit): a status change made in the office shows up with who and what,
 * the filters work without JavaScript (and say what is wrong with a bad date), the CSV downloads
 * for Turkish Excel, and the screen fits a 390 px phone with no serious accessibility problem.
 */
import { randomUUID } from "node:crypto";
import { seededAdminId, signIn, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

/** A pending booking of a seeded car, made by the app's own createBooking (a guest's: no audit row). */
function insertBooking(name: string): Promise<{ id: string; reference: string }> {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      { carId: car.id, fullName: name, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "+90 532 111 22 33" },
      { locale: "tr" },
    );
    return { id: booking.id, reference: booking.reference };
  });
}

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("audit log without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a status change is listed with who and what, filtered by the form, and exported as CSV", async ({ page }) => {
    test.setTimeout(60_000);
    const { id, reference } = await insertBooking(`Denetim Deneme ${randomUUID().slice(0, 6)}`);
    await signIn(page);
    await page.goto(`/admin/bookings/${id}`);
    await page.getByRole("button", { name: "Onayla" }).click();
    await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Denetim Kaydı" })).toBeVisible();
    await page.getByLabel("Ara (kişi, özet)").fill(reference.toLowerCase());
    await page.getByLabel("İşlem", { exact: true }).selectOption({ label: "Rezervasyon durumunu değiştirdi" });
    await page.getByLabel("Kullanıcı", { exact: true }).selectOption(await seededAdminId());
    await page.getByRole("button", { name: "Filtrele" }).click();
    await expect(page).toHaveURL(/action=booking\.status/);
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    const entry = entries.first();
    await expect(entry).toContainText("Rezervasyon durumunu değiştirdi");
    await expect(entry.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/bookings/${id}`);
    await entry.getByText(/Değişiklikler \(\d+\)/).click();
    // the change in words, not raw keys
    await expect(entry.getByText("Beklemede → Onaylandı")).toBeVisible();
    await expect(entry.getByText("Durum:")).toBeVisible();
    await expect(entry.getByText("pending")).toHaveCount(0);

    const href = await page.getByRole("link", { name: "CSV olarak dışa aktar" }).getAttribute("href");
    expect(href).toContain("/admin/audit/export?");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="denetim-kaydi-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]!.split(";")).toEqual(["Zaman", "Kullanıcı", "İşlem", "İşlem kodu", "Kayıt türü", "Kayıt no", "Özet", "Ayrıntılar", "IP adresi"]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(reference);
    expect(lines[1]).toContain("Rezervasyon durumunu değiştirdi");
    expect(lines[1]).toContain("Durum: Beklemede → Onaylandı");
  });

  test("a date that does not exist is named and not applied", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/audit?from=2026-02-30&q=kimse");
    await expect(page.getByText("Bazı filtreler geçersiz; onlar uygulanmadı.")).toBeVisible();
    await expect(page.getByText("Geçerli bir tarih girin.")).toBeVisible();
    await expect(page.getByLabel("Ara (kişi, özet)")).toHaveValue("kimse");
    await expect(page.getByRole("link", { name: "Filtreleri temizle" })).toBeVisible();
  });
});

test("the audit log fits a 390 px phone without sideways scrolling, and passes axe there and at 1440 px", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { id, reference } = await insertBooking(`Telefon Deneme ${randomUUID().slice(0, 6)}`);
  await signIn(page);
  await page.goto(`/admin/bookings/${id}`);
  await page.getByRole("button", { name: "Onayla" }).click();
  await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
  await page.goto(`/admin/audit?q=${reference}`);
  await expect(page.getByRole("heading", { level: 1, name: "Denetim Kaydı" })).toBeVisible();
  await expect(page.getByTestId("audit-entry").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  // and at 1440 px: the table, its details opened
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId("audit-entry").first().getByText(/Değişiklikler \(\d+\)/).click();
  await expectNoSeriousA11yViolations(page);
});
