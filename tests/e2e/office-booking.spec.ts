/**
 * The office takes a phone booking (issue 29): a dispatcher, on a phone (390 px) without
 * JavaScript, opens "Yeni rezervasyon", finds the returning guest by the phone they call from and
 * fills the form with them, enters the way back to the airport, sees the site's price itemised,
 * agrees another price with a reason, saves it confirmed, and finds it on the dispatch board of its
 * day. With JavaScript at 1440 px, "Dönüşünü gir" on a booking fills the form, which passes axe.
 */
import { randomInt, randomUUID } from "node:crypto";
import { createAccount, signInAs, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { tripDay } from "../setup/trip-date";

test.use({ contextOptions: { reducedMotion: "reduce" } });

const suffix = randomUUID().slice(0, 6);
const carName = `E2E Phone Vito ${suffix}`;
const guest = `Мария Иванова ${suffix}`;
const DAY = tripDay(9);
// a phone of this run's own: guests are matched by phone, and the e2e database outlives a run
const digits = String(randomInt(1_000_000, 9_999_999));
const phone = { typed: `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`, stored: `+90 532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}` };
let fixture: { car: string; first: string };

test.beforeAll(async () => {
  fixture = await withServerDb(async (db, code) => {
    const car = (await code.createCar(db, code.buildCar({ name: carName, seats: 6, sort_order: 995 }))).id;
    const first = await code.createTestBooking(
      { db, translator: (lng: string) => code.fixedT(lng as "tr", "booking") },
      { carId: car, fullName: guest, email: `${suffix}@example.com`, phone: phone.stored, pickupAt: new Date(`${tripDay(2)}T11:00:00+03:00`).toISOString(), addresses: { dropoffAddress: "Regnum Carya" } },
    );
    return { car, first: first.id };
  });
});

test.describe("a phone booking without JavaScript at 390 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a dispatcher enters a returning guest's way back, at an agreed price, and it is on the board", async ({ page }) => {
    await signInAs(page, await createAccount("dispatcher", { name: "Deniz Operatör" }));
    await page.goto("/admin/bookings");
    await page.getByRole("link", { name: "Yeni rezervasyon" }).click();
    await expect(page.getByRole("heading", { name: "Yeni rezervasyon", level: 1 })).toBeVisible();
    // the returning guest is found by the phone as the office types it
    await page.getByLabel("Telefon, ad ya da e-posta").fill(phone.typed);
    await page.getByRole("button", { name: "Misafiri bul" }).click();
    await page.getByTestId("guest-matches").getByRole("link", { name: new RegExp(guest) }).click();
    await expect(page.getByLabel("Ad soyad", { exact: true })).toHaveValue(guest);
    await expect(page.getByLabel("Telefon", { exact: true })).toHaveValue(phone.stored);
    // the way back to the airport from their hotel
    await page.getByLabel("Alış noktası", { exact: true }).fill("Belek");
    await page.getByLabel("Alış oteli / adresi", { exact: true }).fill("Regnum Carya");
    await page.getByLabel("Bırakış noktası", { exact: true }).fill("Antalya Havalimanı");
    await page.getByLabel("Araç", { exact: true }).selectOption(fixture.car);
    await page.getByLabel("Alış tarihi").fill(DAY);
    await page.getByLabel("Alış saati").fill("16:45");
    await page.getByRole("button", { name: "Fiyatı göster" }).click();
    const quote = page.getByTestId("new-booking-quote");
    await expect(quote.getByTestId("booking-price-lines")).toContainText("Toplam");
    // an agreed price without a reason is refused, with everything typed kept
    await page.getByLabel("Anlaşılan fiyat (₺, isteğe bağlı)").fill("1.999,90");
    await page.getByRole("button", { name: "Rezervasyonu kaydet" }).click();
    await expect(page.getByText("Fiyatı değiştirmek için bir gerekçe yazın.")).toBeVisible();
    await expect(page.getByLabel("Ad soyad", { exact: true })).toHaveValue(guest);
    await expect(page.getByLabel("Alış saati")).toHaveValue("16:45");
    await page.getByLabel("Gerekçe").fill("Dönüş için telefonda anlaşıldı");
    await page.getByRole("button", { name: "Rezervasyonu kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\/[\w-]+\?created=1$/);
    await expect(page.getByText("Rezervasyon kaydedildi.")).toBeVisible();
    await expect(page.getByText("Onaylandı").first()).toBeVisible();
    await expect(page.getByText("₺1.999,90").first()).toBeVisible();
    // no sideways scrolling on the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // on the board of its day, in the car's lane
    await page.goto(`/admin/dispatch?date=${DAY}`);
    await expect(page.locator(`[data-testid="dispatch-lane"][data-lane="${fixture.car}"]`)).toContainText(guest);
  });
});

test.describe("the new-booking form with JavaScript at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("passes axe with its quote shown", async ({ page }) => {
    await signInAs(page, await createAccount("dispatcher"));
    await page.goto(`/admin/bookings/new?from=${fixture.first}&as=week`);
    await expect(page.getByLabel("Ad soyad", { exact: true })).toHaveValue(guest);
    await page.getByRole("button", { name: "Fiyatı göster" }).click();
    await expect(page.getByTestId("new-booking-quote")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
