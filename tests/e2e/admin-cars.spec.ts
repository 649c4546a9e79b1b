import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { e2eDb, expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";
import { signIn, withServerDb } from "./admin-helpers";

const photo = async (colour: string, name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 400, height: 250, channels: 3, background: colour } }).png().toBuffer(),
});

function carRow(id: string) {
  const db = e2eDb();
  try {
    return db.prepare("select name, status, images, seats from cars where id = ?").get(id) as { name: string; status: string; images: string; seats: number } | undefined;
  } finally {
    db.close();
  }
}

function carIdByName(name: string): string {
  const db = e2eDb();
  try {
    return (db.prepare("select id from cars where name = ?").get(name) as { id: string }).id;
  } finally {
    db.close();
  }
}

// Smooth scrolling (app.css) makes targets below the fold "unstable" for Playwright.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("cars in the back office", () => {
  test("add a car with three photos, reorder them, then edit it", async ({ page }) => {
    const name = `Test Vito ${randomUUID().slice(0, 6)}`;
    await signIn(page);
    await page.goto("/admin/cars/add");
    await page.getByRole("button", { name: "Aracı kaydet" }).click();
    await expect(page.getByText("Araç adı zorunludur.")).toBeVisible();
    await expect(page.getByText("Marka zorunludur.")).toBeVisible();
    await expect(page.getByText("Model zorunludur.")).toBeVisible();

    await page.getByLabel("Araç adı *").fill(name);
    await page.getByLabel("Marka *").fill("Mercedes-Benz");
    await page.getByLabel("Model *").fill("Vito Tourer");
    await page.getByLabel("Kategori").selectOption("Minivan");
    const seats = page.getByLabel("Yolcu kapasitesi (1–20)");
    await seats.fill("");
    await seats.pressSequentially("7a");
    await expect(seats).toHaveValue("7");
    await page.getByLabel("Km başı fiyat (₺)").fill("30");
    await page.getByLabel("Özellik 1").fill("wifi");
    await page.getByRole("button", { name: "Özellik ekle" }).click();
    await page.getByLabel("Özellik 2").fill("refrigerator");

    await waitForHydration(page);
    await page.getByLabel(/Fotoğraf ekle/).setInputFiles([await photo("#aa0000", "red.png"), await photo("#00aa00", "green.png"), await photo("#0000aa", "blue.png")]);
    const images = page.getByTestId("car-image");
    await expect(images).toHaveCount(3);
    const before = await images.locator('input[name^="images"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await page.getByRole("button", { name: "Fotoğraf 1: arkaya al" }).click();
    const after = await images.locator('input[name^="images"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(after).toEqual([before[1], before[0], before[2]]);

    await page.getByRole("button", { name: "Aracı kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/cars\?saved=1$/);
    await expect(page.getByText("Araç kaydedildi.")).toBeVisible();
    const id = carIdByName(name);
    const stored = carRow(id)!;
    expect(stored.seats).toBe(7);
    expect((JSON.parse(stored.images) as Array<{ url: string; card?: string }>).map((i) => i.url)).toEqual(after);
    expect((JSON.parse(stored.images) as Array<{ card?: string }>)[0]!.card).toMatch(/-card\.webp$/);
    const served = await page.request.get(after[0]!);
    expect(served.headers()["content-type"]).toBe("image/webp");

    await page.goto(`/admin/cars/edit/${id}`);
    await page.getByRole("button", { name: "Fotoğraf 3: kaldır" }).click();
    await page.getByLabel("Araç adı *").fill(`${name} XL`);
    await page.getByRole("button", { name: "Değişiklikleri kaydet" }).click();
    await expect(page).toHaveURL(/\/admin\/cars\?saved=1$/);
    expect(carRow(id)?.name).toBe(`${name} XL`);
    expect((JSON.parse(carRow(id)!.images) as unknown[]).length).toBe(2);
    expect((await page.request.get(after[2]!)).status()).toBe(404);
  });

  test("a disguised executable is refused with the spec's message", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/cars/add");
    await page.getByLabel(/Fotoğraf ekle/).setInputFiles({ name: "car.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(1000, 1)]) });
    await expect(page.getByText("Bazı dosyalar geçersiz. Sadece 5MB'dan küçük JPEG, PNG ve WEBP formatları desteklenmektedir.")).toBeVisible();
    await expect(page.getByTestId("car-image")).toHaveCount(0);
  });

  test("a booked car cannot be deleted; set inactive, it leaves the public fleet", async ({ page }) => {
    const token = await signIn(page);
    const name = `Booked Sprinter ${randomUUID().slice(0, 6)}`;
    const created = await page.request.post("/api/cars", {
      headers: { authorization: `Bearer ${token}` },
      data: { name, make: "Mercedes-Benz", model: "Sprinter", category: "Minibüs", seats: 16 },
    });
    expect(created.status()).toBe(201);
    const { data: car } = (await created.json()) as { data: { id: string } };
    await withServerDb((db, code) => code.createTestBooking({ db, translator: (lng) => code.fixedT(lng, "booking") }, { carId: car.id, fullName: "Booked Guest", passengers: 4 }));
    const publicBefore = (await (await page.request.get("/api/cars", { headers: { cookie: "" } })).json()) as { data: Array<{ id: string }> };
    expect(publicBefore.data.map((c) => c.id)).toContain(car.id);

    await page.goto(`/admin/cars?q=${encodeURIComponent(name)}`);
    const card = page.getByTestId("admin-car-card").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await card.locator("summary", { hasText: "Sil" }).click();
    const dialog = page.getByRole("dialog", { name: "Aracı sil" });
    await expect(dialog.getByText("Bu aracı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.")).toBeVisible();
    await dialog.getByRole("button", { name: "Sil" }).click();
    await expect(page.getByText("Bu araç rezervasyonlara bağlı olduğu için silinemiyor.")).toBeVisible();
    expect(carRow(car.id)?.status).toBe("active");
    await page.getByRole("button", { name: "Bunun yerine pasif yap" }).click();
    await expect(page.getByText("Araç pasif yapıldı; artık sitede görünmüyor.")).toBeVisible();
    await expect(card.getByText("Pasif")).toBeVisible();
    expect(carRow(car.id)?.status).toBe("inactive");

    const anonymous = await page.context().browser()!.newContext();
    try {
      const response = await anonymous.request.get(new URL("/api/cars", page.url()).toString());
      const publicAfter = (await response.json()) as { data: Array<{ id: string }> };
      expect(publicAfter.data.map((c) => c.id)).not.toContain(car.id);
      const fleet = await anonymous.newPage();
      await fleet.goto(new URL("/fleet", page.url()).toString());
      await expect(fleet.getByText(name)).toHaveCount(0);
    } finally {
      await anonymous.close();
    }
  });
});

test.describe("the car form without JavaScript", () => {
  test.use({ javaScriptEnabled: false, contextOptions: { reducedMotion: "reduce" } });

  test("adds a feature row, uploads photos with the form and saves", async ({ page }) => {
    const name = `NoJS Passat ${randomUUID().slice(0, 6)}`;
    await signIn(page);
    await page.goto("/admin/cars/add");
    await page.getByLabel("Araç adı *").fill(name);
    await page.getByLabel("Marka *").fill("Volkswagen");
    await page.getByLabel("Özellik 1").fill("wifi");
    await page.getByLabel(/Fotoğraf ekle/).setInputFiles([await photo("#123456", "a.png"), await photo("#654321", "b.png")]);
    await page.getByRole("button", { name: "Özellik ekle" }).click();
    // The page comes back with a second feature row, the photos stored and everything typed kept.
    await expect(page.getByLabel("Özellik 2")).toBeVisible();
    await expect(page.getByLabel("Araç adı *")).toHaveValue(name);
    await expect(page.getByTestId("car-image")).toHaveCount(2);
    await page.getByLabel("Özellik 2").fill("tintedwindows");
    // Enter in a field saves (the form's default button), as it does for a keyboard user.
    await page.getByLabel("Özellik 2").press("Enter");
    await expect(page.getByText("Model zorunludur.")).toBeVisible();
    await expect(page.getByTestId("car-image")).toHaveCount(2);
    await expect(page.getByLabel("Özellik 2")).toHaveValue("tintedwindows");
    await page.getByLabel("Model *").fill("Passat");
    await page.getByLabel("Model *").press("Enter");
    await expect(page).toHaveURL(/\/admin\/cars\?saved=1$/);
    const stored = carRow(carIdByName(name))!;
    expect((JSON.parse(stored.images) as unknown[]).length).toBe(2);
    expect(stored.seats).toBe(4);
  });

  test("adds, removes and reorders list rows with plain posts (Conform list intents)", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/cars/add");
    await page.getByLabel("Araç adı *").fill("Intent Caddy");
    await page.getByLabel("Özellik 1").fill("wifi");
    await page.getByRole("button", { name: "Özellik ekle" }).click();
    await page.getByLabel("Özellik 2").fill("usb");
    await page.getByRole("button", { name: "Özellik ekle" }).click();
    await page.getByLabel("Özellik 3").fill("tv");
    await page.getByRole("button", { name: "Kaldır (özellik 2)" }).click();
    // The server applied the remove intent: two rows, the middle one gone, everything else kept.
    await expect(page.getByLabel("Özellik 3")).toHaveCount(0);
    await expect(page.getByLabel("Özellik 1")).toHaveValue("wifi");
    await expect(page.getByLabel("Özellik 2")).toHaveValue("tv");
    await expect(page.getByLabel("Araç adı *")).toHaveValue("Intent Caddy");

    await page.getByLabel(/Fotoğraf ekle/).setInputFiles([await photo("#aa0000", "red.png"), await photo("#00aa00", "green.png")]);
    await page.getByRole("button", { name: "Özellik ekle" }).click();
    const images = page.getByTestId("car-image");
    await expect(images).toHaveCount(2);
    const urls = () => images.locator('input[name^="images"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const before = await urls();
    await page.getByRole("button", { name: "Fotoğraf 1: arkaya al" }).click();
    await expect.poll(urls).toEqual([before[1], before[0]]);
    await page.getByRole("button", { name: "Fotoğraf 1: kaldır" }).click();
    await expect.poll(urls).toEqual([before[0]]);
    await expect(page.getByLabel("Özellik 3")).toHaveValue("");
  });
});
