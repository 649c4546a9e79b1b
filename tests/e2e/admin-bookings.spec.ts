import { randomUUID } from "node:crypto";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

/** A pending booking of one of the seeded cars, made by the app's own createBooking (a German guest's). */
function insertBooking(name: string): Promise<{ id: string; reference: string }> {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      { carId: car.id, fullName: name, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "+90 532 111 22 33" },
      { locale: "de" },
    );
    return { id: booking.id, reference: booking.reference };
  });
}

/** The office moves the booking's pickup to yesterday at 10:00 (its edit may set a past time), without mailing the guest. */
function tookPlaceYesterday(id: string): Promise<void> {
  return withServerDb(async (db, code) => {
    const yesterday = code.toBusinessParts(new Date(Date.now() - 86_400_000).toISOString()).date;
    const deps = await code.testBookingDeps({ db, translator: (lng) => code.fixedT(lng, "booking") });
    const moved = await code.updateBooking(
      deps,
      id,
      { pickup_date: yesterday, pickup_time: "10:00" },
      { actor: { id: null, label: "e2e" }, mailCustomer: false, overrideReason: "e2e: the trip took place" },
    );
    if (!moved.ok) throw new Error(`move refused: ${moved.reason}`);
  });
}

function bookingState(id: string) {
  const db = e2eDb();
  try {
    const booking = db.prepare("select status, trip_type, total_price from bookings where id = ?").get(id) as { status: string; trip_type: string; total_price: number } | undefined;
    const events = db.prepare("select from_status, to_status, note from booking_events where booking_id = ? order by created_at").all(id) as Array<{ from_status: string; to_status: string; note: string }>;
    const mails = db.prepare("select kind, locale from mail_outbox where related_id = ? and kind = 'booking-status'").all(id) as Array<{ kind: string; locale: string }>;
    return { booking, events, mails };
  } finally {
    db.close();
  }
}

// Smooth scrolling (app.css) makes targets below the fold "unstable" for Playwright.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("the office's day with bookings", () => {
  test("find a booking, confirm it, complete it, export CSV", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const { id, reference } = await insertBooking(`Zeliha Öztürk ${suffix}`);
    await signIn(page);
    await page.goto("/admin/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Rezervasyonlar" })).toBeVisible();
    await page.getByLabel("Ara", { exact: true }).fill(`ZELİHA ÖZTÜRK ${suffix}`);
    await page.getByRole("button", { name: "Filtrele" }).click();
    await expect(page).toHaveURL(/q=ZEL/);
    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Beklemede")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await row.getByLabel(`İşlemler: ${reference}`).click();
    await row.getByRole("link", { name: "Detayları görüntüle" }).click();
    const modal = page.getByRole("dialog", { name: `Rezervasyon ${reference}` });
    await expect(modal).toBeVisible();
    await expect(modal.getByText("Antalya Havalimanı (AYT)")).toBeVisible();
    await modal.getByRole("button", { name: "Onayla" }).click();
    await expect(modal.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
    await expect(modal.getByText("Onaylandı", { exact: true })).toBeVisible();
    await modal.getByRole("button", { name: "Kapat" }).last().click();
    await expect(row.getByText("Onaylandı")).toBeVisible();

    // A trip ahead cannot be completed: the office is not offered it (rules/lifecycle.ts).
    await page.goto(`/admin/bookings/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Tamamlandı olarak işaretle" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Tamamlandı yap" })).toHaveCount(0);
    // Once the trip has taken place (the office corrects its time to yesterday), it is.
    await tookPlaceYesterday(id);
    await page.goto(`/admin/bookings/${id}`);
    await page.getByRole("button", { name: "Tamamlandı olarak işaretle" }).click();
    await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
    await expect(page.getByText("Onaylandı → Tamamlandı")).toBeVisible();
    const state = bookingState(id);
    expect(state.booking?.status).toBe("completed");
    expect(state.events.map((e) => e.to_status)).toEqual(["pending", "confirmed", "confirmed", "completed"]);
    await expect.poll(() => bookingState(id).mails).toEqual([
      { kind: "booking-status", locale: "de" },
      { kind: "booking-status", locale: "de" },
    ]);

    const csv = await page.request.get(`/admin/bookings/export?q=${encodeURIComponent(`zeliha ozturk ${suffix}`)}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="rezervasyonlar-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.subarray(3).toString("utf8").trimEnd().split("\r\n");
    // Semicolon-separated for Turkish Excel, both legs and everything the office needs (issue 13).
    expect(lines[0]!.split(";").slice(0, 8)).toEqual([
      "Rezervasyon No",
      "Durum",
      "Müşteri",
      "E-posta",
      "Telefon",
      "Gidiş Alış Noktası",
      "Gidiş Bırakış Noktası",
      "Gidiş Tarihi ve Saati",
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Zeliha Öztürk ${suffix}`);
    expect(lines[1]).toContain("Tamamlandı");
    // the amount the server priced, in lira with a Turkish decimal comma
    expect(lines[1]).toContain(((state.booking?.total_price ?? 0) / 100).toFixed(2).replace(".", ","));
  });

  test("the CSV export and the list refuse visitors without a session", async ({ page }) => {
    const csv = await page.request.get("/admin/bookings/export", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    const api = await page.request.get("/api/bookings");
    expect(api.status()).toBe(401);
  });
});

test.describe("bookings without JavaScript", () => {
  test.use({ javaScriptEnabled: false, contextOptions: { reducedMotion: "reduce" } });

  test("search, open the page, cancel with a reason, then delete", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const { id, reference } = await insertBooking(`Gökhan Işık ${suffix}`);
    await signIn(page);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(`GÖKHAN IŞIK ${suffix}`)}&status=pending`);
    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await row.getByLabel(`İşlemler: ${reference}`).click();
    await row.getByRole("link", { name: "Detayları görüntüle" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));

    await page.getByText("İptal et", { exact: true }).click();
    await page.getByLabel("İptal nedeni").fill("Uçuş iptal oldu");
    await page.getByRole("button", { name: "İptal Edildi olarak kaydet" }).click();
    await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
    await expect(page.getByText("Uçuş iptal oldu")).toBeVisible();
    expect(bookingState(id).events).toEqual([
      { from_status: null, to_status: "pending", note: "created" },
      { from_status: "pending", to_status: "cancelled", note: "Uçuş iptal oldu" },
    ]);

    await page.getByText("Sil", { exact: true }).first().click();
    await expect(page.getByText("Bu rezervasyonu silmek istediğinizden emin misiniz?").first()).toBeVisible();
    await page.getByRole("group").getByRole("button", { name: "Sil" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    expect(bookingState(id).booking).toBeUndefined();
  });

  test("an empty search says so in the spec's words", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/bookings?q=kimse-boyle-aranmaz");
    await expect(page.getByText("Arama kriterlerinize uygun rezervasyon bulunamadı")).toBeVisible();
  });
});

test.describe("the booking edit without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds a return leg with a plain post (a Conform list intent), saves it, and the price follows", async ({ page }) => {
    await signIn(page);
    const { id } = await insertBooking(`Rückkehr Später ${randomUUID().slice(0, 6)}`);
    await page.goto(`/admin/bookings/${id}?edit=1`);
    await expect(page.getByLabel("Dönüş tarihi")).toHaveCount(0);
    await page.getByRole("button", { name: "Dönüş ekle" }).click();
    // The server sent the form back with a return row, nothing saved yet.
    await expect(page.getByLabel("Dönüş tarihi")).toBeVisible();
    expect(bookingState(id).booking?.trip_type).toBe("oneWay");
    const pickup = await page.getByLabel("Alış tarihi").inputValue();
    const back = new Date(Date.parse(`${pickup}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Dönüş tarihi").fill(back);
    await page.getByLabel("Dönüş saati").fill("18:30");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}\\?saved=1$`));
    expect(bookingState(id).booking?.trip_type).toBe("roundTrip");

    await page.goto(`/admin/bookings/${id}?edit=1`);
    await page.getByRole("button", { name: "Dönüşü kaldır" }).click();
    await expect(page.getByLabel("Dönüş tarihi")).toHaveCount(0);
    await page.getByRole("button", { name: "Kaydet" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}\\?saved=1$`));
    expect(bookingState(id).booking?.trip_type).toBe("oneWay");
  });
});
