/**
 * Cross-site request forgery: a page on another origin (another port on the same host, so the
 * browser still sends the office's SameSite=Lax cookie) posts to the back office and to the JSON
 * API. Nothing happens; the browser shows our translated refusal.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { signInWithForm } from "./admin-helpers";
import { expect, test } from "./fixtures";

let evil: Server;
let evilOrigin = "";
let pageHtml = "";

test.beforeAll(async () => {
  evil = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(pageHtml));
  await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => evil.close(() => resolve())));

async function activeCarIds(request: APIRequestContext): Promise<string[]> {
  return (await activeCars(request)).map((c) => c.id);
}

async function activeCars(request: APIRequestContext): Promise<Array<{ id: string; name: string }>> {
  const body = (await (await request.get("/api/cars?limit=100")).json()) as { data: Array<{ id: string; name: string }> };
  return body.data;
}

test("a form on another origin cannot deactivate a car with the office's cookie", async ({ page, request, baseURL }) => {
  await signInWithForm(page);
  const [carId] = await activeCarIds(request);
  expect(carId).toBeDefined();
  pageHtml = `<!doctype html><title>Win a prize</title>
    <form id="f" method="post" action="${baseURL}/admin/cars">
      <input name="intent" value="deactivate"><input name="id" value="${carId}">
    </form><script>document.getElementById("f").submit()</script>`;
  await page.goto(`${evilOrigin}/prize`);
  await page.waitForURL(`${baseURL}/admin/cars`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sent from another site");
  expect(await activeCarIds(request)).toContain(carId);
  // The same session still works from our own pages.
  await page.goto("/admin/cars");
  await expect(page).toHaveURL(/\/admin\/cars$/);
});

test("a text/plain 'JSON' post from another origin creates nothing through the API", async ({ page, request, baseURL }) => {
  await signInWithForm(page);
  // other specs add cars of their own meanwhile: the forged car is looked for by its name
  const forged = async () => (await activeCars(request)).filter((c) => c.name === "Forged").length;
  const before = await forged();
  pageHtml = `<!doctype html><title>Cheap flights</title>
    <form id="f" method="post" enctype="text/plain" action="${baseURL}/api/cars">
      <input name='{"name":"Forged","make":"Evil","model":"X","status":"active","x":"' value='"}'>
    </form><script>document.getElementById("f").submit()</script>`;
  const answer = page.waitForResponse(`${baseURL}/api/cars`);
  await page.goto(`${evilOrigin}/flights`);
  const response = await answer;
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ success: false, error: { code: "cross_origin" } });
  expect(await forged()).toBe(before);
});
