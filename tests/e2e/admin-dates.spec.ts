/**
 * Admin dates in the admin language's format (issue 34): the back office's screens write a date
 * as "30.11.2026 14:05" (GG.AA.YYYY SS:DD), never as ISO text ("2026-11-30", "2026-11-30T11:05:00Z");
 * form values, links and data attributes stay ISO (not read here: only the visible text).
 */
import { randomUUID } from "node:crypto";
import { signIn, withServerDb } from "./admin-helpers";
import { expect, test } from "./fixtures";

/** A pending booking of a seeded car, made by the app's own createBooking. */
function insertBooking(name: string): Promise<{ id: string }> {
  return withServerDb(async (db, code) => {
    const car = await db.selectFrom("cars").select("id").where("status", "=", "active").orderBy("sort_order").executeTakeFirstOrThrow();
    const booking = await code.createTestBooking(
      { db, translator: (lng) => code.fixedT(lng, "booking") },
      { carId: car.id, fullName: name, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "+90 532 111 22 33" },
      { locale: "tr" },
    );
    return { id: booking.id };
  });
}

const PAGES = [
  "/admin/dashboard",
  "/admin/bookings",
  "/admin/audit",
  "/admin/outbox",
  "/admin/outbox?status=sent",
  "/admin/customers",
  "/admin/partners",
  "/admin/cash",
  "/admin/notifications",
  "/admin/quote-requests",
  "/admin/cars",
  "/admin/drivers",
  "/admin/users",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/routes",
];
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;

test("the back office shows no ISO dates", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page);
  const found: string[] = [];
  const visit = async (path: string) => {
    await page.goto(path);
    const text = await page.locator("main").innerText();
    for (const m of text.matchAll(ISO_DAY)) found.push(`${path}: …${text.slice(Math.max(0, m.index - 40), m.index + 20).replace(/\s+/g, " ")}…`);
  };
  for (const path of PAGES) await visit(path);
  // a booking's page (history, payments) and a customer's
  const firstLink = async (list: string, pattern: RegExp) => {
    await page.goto(list);
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    return hrefs.find((h) => pattern.test(h));
  };
  // a booking with a history (its status changed in the office), on its page
  const { id } = await insertBooking(`Tarih Deneme ${randomUUID().slice(0, 6)}`);
  await page.goto(`/admin/bookings/${id}`);
  await page.getByRole("button", { name: "Onayla" }).click();
  await expect(page.getByText("Rezervasyon durumu başarıyla güncellendi.")).toBeVisible();
  await visit(`/admin/bookings/${id}`);
  await visit("/admin/audit");
  const customer = await firstLink("/admin/customers", /^\/admin\/customers\/[\w-]{20,}$/);
  if (customer) await visit(customer);
  expect(found).toEqual([]);
  await page.goto("/admin/audit");
  await expect(page.getByTestId("audit-entry").first().locator("time")).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  for (const [name, path] of [["audit", "/admin/audit"], ["outbox", "/admin/outbox"], ["routes", "/admin/routes"]] as const) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      if (name === "audit") await page.getByTestId("audit-entry").first().locator("summary").click();
      // SHOTS_DIR keeps them out of the run's output folder, which a parallel run may empty
      const file = `admin-${name}-${width}.png`;
      await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${file}` : testInfo.outputPath(file), fullPage: true });
    }
  }
});
