/**
 * The bookings list as the office's work list (issue 13 parts 2, 6, 7): the quick view "Yarın"
 * shows tomorrow's trips, filters live in the URL and work without JavaScript, the CSV link carries
 * exactly the filters (and the file is what Turkish Excel reads), a filter that cannot be read is
 * named and kept as typed, and at 390 px the list is cards without horizontal scrolling, with the
 * row menu of a one-row result fully visible.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

/** Today's date in Istanbul plus `days`, YYYY-MM-DD. */
const istanbulDay = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A booking on an Istanbul day, made by the app's own createBooking on a free car: other specs
 * book the same server's cars, so a taken slot is retried at another minute of the evening.
 */
function bookOn(day: string, fullName: string): Promise<{ id: string; reference: string; carId: string; carName: string }> {
  return withServerDb(async (db, code) => {
    const cars = await db.selectFrom("cars").select(["id", "name"]).where("status", "=", "active").orderBy("sort_order").execute();
    for (let attempt = 0; attempt < 40; attempt++) {
      const car = cars[attempt % cars.length]!;
      const minute = 18 * 60 + Math.floor(Math.random() * 300); // 18:00–22:59
      const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
      try {
        const booking = await code.createTestBooking(
          { db, translator: (lng) => code.fixedT(lng, "booking") },
          { carId: car.id, fullName, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "0532 444 55 66", pickupAt: new Date(`${day}T${time}:00+03:00`).toISOString(), notes: 'Bebek koltuğu; "iki" adet' },
        );
        return { id: booking.id, reference: booking.reference, carId: car.id, carName: car.name };
      } catch {
        // taken: try another car and minute
      }
    }
    throw new Error(`no free car on ${day}`);
  });
}

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, "page scrolls sideways").toBeLessThanOrEqual(widths.client);
}

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("the work list", () => {
  test("the quick view Yarın shows tomorrow's booking, not the day after", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const tomorrow = await bookOn(istanbulDay(1), `Yarın Yolcu ${suffix}`);
    const later = await bookOn(istanbulDay(3), `Sonra Yolcu ${suffix}`);
    await signIn(page);
    await page.goto(`/admin/bookings?q=${suffix}`);
    await expect(page.getByRole("cell", { name: tomorrow.reference })).toBeVisible();
    await expect(page.getByRole("cell", { name: later.reference })).toBeVisible();

    const views = page.getByRole("navigation", { name: "Hızlı görünümler" });
    for (const name of ["Yaklaşan", "Bugün", "Yarın", "Bu hafta", "Geçmiş", "Tümü"]) await expect(views.getByRole("link", { name, exact: true })).toBeVisible();
    await views.getByRole("link", { name: "Yarın", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=tomorrow`));
    await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
    await expect(views.getByRole("link", { name: "Yarın", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("cell", { name: tomorrow.reference })).toBeVisible();
    await expect(page.getByRole("cell", { name: later.reference })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // and the named problems of a filter that cannot be read
    await page.goto(`/admin/bookings?from=2026-13-45&car=no-such-car&q=${suffix}`);
    await expect(page.getByText("Bu araç bulunamadı.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/admin/bookings?q=${suffix}&view=tomorrow`);

    // the CSV link carries exactly the list's filters, and the file follows them
    const href = await page.getByTestId("bookings-export").getAttribute("href");
    expect(new URL(href!, "http://x").searchParams.toString()).toBe(`q=${suffix}&view=tomorrow`);
    const csv = await page.request.get(href!);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3));
    const [header, ...rows] = text.trimEnd().split("\r\n");
    expect(header!.split(";")).toContain("Gidiş Tarihi ve Saati");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(tomorrow.reference);
    expect(rows[0]).toContain(`"Bebek koltuğu; ""iki"" adet"`);
    expect(rows[0]).toMatch(new RegExp(`;${istanbulDay(1).split("-").reverse().join("\\.")} \\d{2}:\\d{2};`));
  });
});

test.describe("the work list without JavaScript", () => {
  test.use({ javaScriptEnabled: false, contextOptions: { reducedMotion: "reduce" } });

  test("filters survive in the URL, the CSV follows them, a bad date is named and kept", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const day = istanbulDay(4);
    const booked = await bookOn(day, `Filtre Yolcu ${suffix}`);
    await signIn(page);
    await page.goto("/admin/bookings");
    const form = page.getByRole("search");
    await form.getByLabel("Ara", { exact: true }).fill(suffix);
    await form.getByLabel("Yolculuk tarihi (başlangıç)").fill(day);
    await form.getByLabel("Yolculuk tarihi (bitiş)").fill(day);
    await form.getByLabel("Araç", { exact: true }).selectOption(booked.carId);
    await form.getByLabel("Durum").selectOption("pending");
    await form.getByRole("button", { name: "Filtrele" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day}`));
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: suffix, from: day, to: day, car: booked.carId, status: "pending" });
    await expect(page.getByRole("cell", { name: booked.reference })).toBeVisible();
    // the form shows what was asked
    await expect(form.getByLabel("Yolculuk tarihi (başlangıç)")).toHaveValue(day);
    await expect(form.getByLabel("Araç", { exact: true })).toHaveValue(booked.carId);

    const href = await page.getByTestId("bookings-export").getAttribute("href");
    expect(Object.fromEntries(new URL(href!, "http://x").searchParams)).toEqual({ q: suffix, from: day, to: day, car: booked.carId, status: "pending" });
    const rows = (await (await page.request.get(href!)).text()).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(booked.carName);

    await page.goto(`/admin/bookings?from=2026-13-45&to=2026-01-01&car=no-such-car`);
    await expect(page.getByText("Filtrelerden bazıları okunamadı; yok sayıldılar. Lütfen düzeltin.")).toBeVisible();
    await expect(page.getByText("Geçerli bir tarih girin (YYYY-AA-GG).")).toBeVisible();
    await expect(page.getByText("Bu araç bulunamadı.")).toBeVisible();
    await expect(page.getByLabel("Yolculuk tarihi (başlangıç)")).toHaveValue("2026-13-45");
    await expect(page.getByLabel("Araç", { exact: true })).toHaveValue("no-such-car");
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the list at 390 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 }, contextOptions: { reducedMotion: "reduce" } });

    test("cards without horizontal scrolling; a one-row result's menu is not clipped", async ({ page }) => {
      const suffix = randomUUID().slice(0, 6);
      const booked = await bookOn(istanbulDay(2), `Dar Ekran Yolcu Uzun İsimli Misafir ${suffix}`);
      await signIn(page);
      await page.goto("/admin/bookings");
      await noHorizontalScroll(page);
      await page.goto(`/admin/bookings?q=${suffix}`);
      await expect(page.getByRole("cell", { name: booked.reference })).toBeVisible();
      await noHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page); // axe runs in the page
      await page.getByLabel(`İşlemler: ${booked.reference}`).click();
      const details = page.getByRole("link", { name: "Detayları görüntüle" });
      await expect(details).toBeVisible();
      // the menu's last item is really on top at its place (not cut off by a scrolling box)
      const remove = page.getByTestId("row-menu").getByText("Sil", { exact: true }).first();
      await remove.scrollIntoViewIfNeeded();
      const box = (await remove.boundingBox())!;
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? "", { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      expect(hit).toContain("Sil");
      await noHorizontalScroll(page);
    });
  });
}
