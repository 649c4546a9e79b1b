import { expect, test } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`smoke, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("home page renders with the site layout", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.locator("#booking")).toBeVisible();
    });

    test("an unknown page is a translated 404, never the router's default page", async ({ page }) => {
      const response = await page.goto("/no-such-page?lng=tr");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Sayfa bulunamadı" })).toBeVisible();
      await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Ana sayfaya dön" })).toHaveAttribute("href", "/");
    });
  });
}

test("GET /api/cars answers the seeded fleet in the success envelope", async ({ request }) => {
  const response = await request.get("/api/cars");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  expect(body.data.length).toBeGreaterThanOrEqual(10);
  expect(body.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), images: expect.any(Array) });
  expect(body.data.every((car: { status: string }) => car.status === "active")).toBe(true);
  const image = await request.get(body.data[0].image);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const response = await request.get("/api/nothing-here");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, error: { code: "not_found", message: "No such API endpoint" } });
});

test("health and readiness answer JSON", async ({ request }) => {
  expect(await (await request.get("/healthz")).json()).toMatchObject({ status: "ok" });
  expect(await (await request.get("/readyz")).json()).toEqual({ status: "ready", database: "sqlite" });
});

test("hashed assets are compressed and cached for a year", async ({ request }) => {
  // Read the links from the server's HTML: after hydration the router re-renders <head>.
  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  let compressed = 0;
  for (const asset of assets) {
    const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    if ((await response.body()).length > 1024) {
      expect(response.headers()["content-encoding"], asset).toBe("gzip");
      compressed++;
    }
  }
  expect(compressed).toBeGreaterThan(0);
  // Browsers that accept Brotli get the precompressed file.
  const br = await request.get(assets[0]!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(br.headers()["content-type"]).toContain("text/javascript");
  expect(br.headers()["cache-control"]).toContain("immutable");
  expect((await br.text()).length).toBeGreaterThan(0);
});
