import { randomUUID } from "node:crypto";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn } from "./admin-helpers";

/** A pending booking of one of the seeded cars, written straight into the e2e database. */
function insertBooking(name: string, overrides: Record<string, unknown> = {}): { id: string; reference: string } {
  const db = e2eDb();
  try {
    const car = db.prepare("select id, name from cars where status = 'active' order by sort_order limit 1").get() as { id: string; name: string };
    const id = randomUUID();
    const reference = `VT-${randomUUID().replace(/[^A-HJ-NP-Z2-9]/gi, "").toUpperCase().slice(0, 6).padEnd(6, "Q")}`;
    const at = new Date().toISOString();
    const row: Record<string, unknown> = {
      id,
      reference,
      access_token_hash: randomUUID(),
      trip_type: "oneWay",
      pickup_location: "Antalya Havalimanı (AYT)",
      dropoff_location: "Belek",
      pickup_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      passengers: 2,
      car_id: car.id,
      car_name: car.name,
      full_name: name,
      email: `${id.slice(0, 8)}@example.com`,
      phone: "+90 532 111 22 33",
      notes: "",
      total_distance: 38,
      total_duration: 2400,
      total_price: 95_000,
      rate_per_km: 2_500,
      minimum_applied: 0,
      distance_details: JSON.stringify({ outbound: { distance: "38 km", distance_value: 38, duration: "40 dk", duration_value: 2400 }, return: null }),
      route_source: "builtin",
      status: "pending",
      locale: "de",
      search_text: `${reference} ${name} antalya havalimani ayt belek`.toLowerCase().replace(/ö/g, "o").replace(/ü/g, "u").replace(/ş/g, "s").replace(/ç/g, "c").replace(/ğ/g, "g").replace(/ı/g, "i"),
      created_at: at,
      updated_at: at,
      ...overrides,
    };
    const keys = Object.keys(row);
    db.prepare(`insert into bookings (${keys.join(",")}) values (${keys.map(() => "?").join(",")})`).run(...keys.map((k) => row[k] as never));
    return { id, reference };
  } finally {
    db.close();
  }
}

function bookingState(id: string) {
  const db = e2eDb();
  try {
    const booking = db.prepare("select status from bookings where id = ?").get(id) as { status: string } | undefined;
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
    const { id, reference } = insertBooking(`Zeliha Öztürk ${suffix}`);
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

    await page.goto(`/admin/bookings/${id}`);
    await page.getByRole("button", { name: "Tamamlandı olarak işaretle" }).click();
    await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
    await expect(page.getByText("Onaylandı → Tamamlandı")).toBeVisible();
    const state = bookingState(id);
    expect(state.booking?.status).toBe("completed");
    expect(state.events.map((e) => e.to_status)).toEqual(["confirmed", "completed"]);
    expect(state.mails).toEqual([
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
    expect(lines[0]).toBe("Rezervasyon No,Müşteri,E-posta,Telefon,Tarih,Saat,Alış Noktası,Bırakış Noktası,Araç,Yolcu,Durum,Tutar (₺)");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Zeliha Öztürk ${suffix}`);
    expect(lines[1]).toContain("Tamamlandı");
    expect(lines[1]).toContain("950,00");
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
    const { id, reference } = insertBooking(`Gökhan Işık ${suffix}`);
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
    expect(bookingState(id).events).toEqual([{ from_status: "pending", to_status: "cancelled", note: "Uçuş iptal oldu" }]);

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
