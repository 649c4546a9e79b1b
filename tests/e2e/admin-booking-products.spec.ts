/**
 * Issue 14 in the back office: a booking with a child seat and a name sign shows them (the sign
 * prominent), the itemised price and the currency the guest saw on its page; the office adds a
 * second child seat without JavaScript and the total grows by its price; the CSV has the new
 * columns. Bookings are made by the app's own createBooking on a car of this spec (sort order 996).
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoSeriousA11yViolations as axe, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A day far ahead no other spec uses (600–700 days), random within it; a morning time. */
const farDay = () => new Date(Date.now() + (600 + Math.floor(Math.random() * 100)) * 86_400_000).toISOString().slice(0, 10);

/** A car of this spec and a booking on it with a child seat (and a name sign), seen in euros. */
function bookWithExtras(name: string, sign: string | null): Promise<{ id: string; total: number }> {
  return withServerDb(async (db, code) => {
    const car = await code.createCar(db, code.buildCar({ name: `Ürün Test ${randomUUID().slice(0, 6)}`, category: "Sedan", seats: 4, luggage: 4, sort_order: 996 }));
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      {
        carId: car.id,
        fullName: name,
        email: `${randomUUID().slice(0, 8)}@example.com`,
        pickupAt: new Date(`${farDay()}T10:10:00+03:00`).toISOString(),
        currency: "EUR",
        extras: [{ code: "child-seat", quantity: 1 }, ...(sign ? [{ code: "name-sign", quantity: 1, text: sign }] : [])],
      },
      { locale: "de" },
    );
    return { id: booking.id, total: booking.total_price };
  });
}

const totalOf = (id: string) => withServerDb(async (db) => (await db.selectFrom("bookings").select("total_price").where("id", "=", id).executeTakeFirstOrThrow()).total_price);

test("the detail shows the extras, the name sign, the price lines and the guest's currency; the CSV has the columns", async ({ page }) => {
  // Two widths with axe, the list, the edit form and the CSV: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  const name = `Anna Ürün ${randomUUID().slice(0, 6)}`;
  const booking = await bookWithExtras(name, "Anna Schmidt");
  await signIn(page);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByTestId("booking-service")).toHaveText("Transfer");
    await expect(page.getByTestId("booking-sign")).toContainText("İsim tabelası ile karşılama: Anna Schmidt");
    await expect(page.getByTestId("booking-extras")).toContainText("Çocuk koltuğu (1–4 yaş, 9–18 kg)");
    const lines = page.getByTestId("booking-price-lines");
    await expect(lines).toContainText("Çocuk koltuğu (1–4 yaş, 9–18 kg) × 1");
    await expect(lines).toContainText("300,00");
    await expect(lines).toContainText("Toplam");
    await expect(page.getByTestId("booking-currency")).toContainText(/Müşteriye gösterilen: €[\d.,]+ \(kur ₺[\d.,]+\) · Tahsil edilecek: ₺[\d.,]+/);
    await axe(page);
    if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/detail-${width}.png`, fullPage: true });
  }
  // The list marks the extras; the edit form offers them.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/bookings?q=${encodeURIComponent(name)}&view=all`);
  await expect(page.getByTestId("list-extras").first()).toContainText("Anna Schmidt");
  await axe(page);
  await page.goto(`/admin/bookings/${booking.id}?edit=1`);
  await expect(page.getByTestId("edit-products")).toBeVisible();
  await axe(page);

  const csv = await page.request.get(`/admin/bookings/export?q=${encodeURIComponent(name)}&view=all`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  const [header, row] = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  for (const column of ["Hizmet", "Saat", "Ekstralar", "Para birimi", "Tutar (para birimi)"]) expect(header!.split(";")).toContain(column);
  expect(row).toContain("Transfer");
  expect(row).toContain('"Çocuk koltuğu (1–4 yaş, 9–18 kg); İsim tabelası ile karşılama: Anna Schmidt"');
  expect(row).toContain(";EUR;");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the office adds a second child seat and the total grows by its price", async ({ page }) => {
    const booking = await bookWithExtras(`Kein JS ${randomUUID().slice(0, 6)}`, null);
    await signIn(page);
    await page.goto(`/admin/bookings/${booking.id}?edit=1`);
    const seats = page.getByLabel(/Çocuk koltuğu \(1–4 yaş, 9–18 kg\) — adet/);
    await expect(seats).toHaveValue("1");
    // A bad quantity comes back with its message and what was typed.
    await seats.fill("9");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByText("Lütfen 0", { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel(/Çocuk koltuğu \(1–4 yaş, 9–18 kg\) — adet/)).toHaveValue("9");
    expect(await totalOf(booking.id)).toBe(booking.total);

    await page.getByLabel(/Çocuk koltuğu \(1–4 yaş, 9–18 kg\) — adet/).fill("2");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page).toHaveURL(/saved=1/);
    await expect(page.getByTestId("booking-price-lines")).toContainText("Çocuk koltuğu (1–4 yaş, 9–18 kg) × 2");
    expect(await totalOf(booking.id)).toBe(booking.total + 30_000);
    await expect(page.getByText("Ekstralar:", { exact: false }).first()).toBeVisible();
  });
});
