import { randomUUID } from "node:crypto";
import { e2eDb, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signIn } from "./admin-helpers";
import { contactMessage, newsletterSubscriber } from "./app-data";

/** A German visitor's message through the app's contact code (tests/e2e/app-data.ts). */
function germanMessage(name: string, message: string): Promise<string> {
  return contactMessage({ name, email: `${randomUUID().slice(0, 8)}@example.com`, phone: "+49 170 000 0000", message }, "de");
}

const exists = (table: "contact_messages" | "newsletter_subscribers", id: string) => {
  const db = e2eDb();
  try {
    const columns = table === "contact_messages" ? "id, read_at" : "id";
    return db.prepare(`select ${columns} from ${table} where id = ?`).get(id) as { id: string; read_at?: string | null } | undefined;
  } finally {
    db.close();
  }
};

// Smooth scrolling (app.css) makes targets below the fold "unstable" for Playwright.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("the office's inbox", () => {
  test("reads, finds and deletes contact messages", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const id = await germanMessage(`Klaus Becker ${tag}`, `Wir brauchen einen Transfer nach Kemer ${tag}`);
    await signIn(page);
    await page.goto(`/admin/messages?q=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Mesajlar" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: `Klaus Becker ${tag}` });
    await expect(item.getByText("Yeni")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await item.getByRole("button", { name: "Okundu olarak işaretle" }).click();
    await expect(page.getByText("Mesaj okundu olarak işaretlendi.")).toBeVisible();
    await expect(item.getByText("Okundu", { exact: true })).toBeVisible();
    expect(exists("contact_messages", id)?.read_at).toBeTruthy();

    await page.goto(`/admin/messages?q=${tag}&read=unread`);
    await expect(page.getByText("Arama kriterlerinize uygun mesaj bulunamadı")).toBeVisible();

    await page.goto(`/admin/messages?q=${tag}`);
    await item.locator("summary", { hasText: "Sil" }).click();
    await page.getByRole("dialog", { name: "Mesajı sil" }).getByRole("button", { name: "Sil" }).click();
    await expect(page.getByText("Mesaj silindi.")).toBeVisible();
    expect(exists("contact_messages", id)).toBeUndefined();
  });

  test("exports and deletes newsletter subscribers", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const id = await newsletterSubscriber(`reader-${tag}@example.com`, "ru");
    await newsletterSubscriber(`=cmd-${tag}@example.com`, "ru");
    await signIn(page);
    await page.goto(`/admin/subscribers?q=${tag}`);
    await expect(page.getByRole("cell", { name: `reader-${tag}@example.com` })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Rusça" }).first()).toBeVisible();

    const csv = await page.request.get(`/admin/subscribers/export?q=${tag}`);
    expect(csv.headers()["content-disposition"]).toMatch(/filename="bulten-aboneleri-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.subarray(3).toString("utf8");
    // semicolons, as Excel set to Turkish reads a CSV
    expect(text.split("\r\n")[0]).toBe("E-posta;Dil;Kayıt Tarihi");
    expect(text).toContain(`reader-${tag}@example.com;ru;`);
    expect(text).toContain(`'=cmd-${tag}@example.com;ru;`);

    const row = page.getByRole("row").filter({ hasText: `reader-${tag}@example.com` });
    await row.locator("summary", { hasText: "Sil" }).click();
    await page.getByRole("dialog", { name: "Aboneyi sil" }).getByRole("button", { name: "Sil" }).click();
    await expect(page.getByText("Abone silindi.")).toBeVisible();
    expect(exists("newsletter_subscribers", id)).toBeUndefined();
  });
});
