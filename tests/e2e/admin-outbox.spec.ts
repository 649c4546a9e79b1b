/**
 * The outbox screen (/admin/outbox) without JavaScript, the warning the back office shows while
 * SMTP_URL is not set, and the outbox's own warning that MAIL_FROM is not set (issue 28: a guest's
 * reply would go nowhere), the e2e server running without either. The failed and stuck messages are
 * made by the production mailer against a refusing SMTP server on loopback, on a clock in 2001 so
 * that it claims only its own rows of the shared e2e database (oldest first: the last page).
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { openDatabase, type Db } from "../../app/server/db/connection.server";
import { createMailer, MAX_ATTEMPTS, retryDelayMs } from "../../app/server/mail.server";
import { fakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { signIn } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations as axe, test } from "./fixtures";

const tag = randomUUID().slice(0, 8);
const FAILED = `E2E failed ${tag}`;
const STUCK = `E2E stuck ${tag}`;

let db: Db;
let smtp: FakeSmtp;

// One worker runs the file, so that one mailer on the 2001 clock claims only this file's rows.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  db = openDatabase(`file:${process.env.E2E_DB}`);
  smtp = await fakeSmtp("refuse");
  let now = Date.parse("2001-01-01T00:00:00Z") + Math.floor(Math.random() * 86_400_000);
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Lykia <no-reply@example.com>", log: pino({ level: "silent" }), clock: () => now });
  try {
    await mailer.send(db.kysely, { to: "failed@example.com", subject: FAILED, text: "x", kind: "booking-confirmation" });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await mailer.deliverDue(db.kysely);
      now += retryDelayMs(attempt) + 1_000;
    }
    await mailer.send(db.kysely, { to: "stuck@example.com", subject: STUCK, text: "x", kind: "password-reset" });
    await mailer.deliverDue(db.kysely);
  } finally {
    mailer.close();
  }
});

test.afterAll(async () => {
  await smtp.close();
  await db.close();
});

const mail = (subject: string) =>
  db.kysely.selectFrom("mail_outbox").select(["status", "attempts", "last_error"]).where("subject", "=", subject).executeTakeFirstOrThrow();

test.describe("outbox without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the SMTP warning, lists failed mail and sends it again", async ({ page }) => {
    expect(await mail(FAILED)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    await signIn(page);
    await page.goto("/admin/dashboard");
    const warning = page.getByTestId("smtp-warning");
    await expect(warning).toContainText("E-posta sunucusu (SMTP_URL) ayarlanmadı");
    await warning.getByRole("link", { name: "Giden e-postaları gör" }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Giden E-postalar" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Yönetim menüsü" }).getByRole("link", { name: "Giden E-postalar" })).toHaveAttribute("aria-current", "page");

    const tabs = page.getByRole("navigation", { name: "E-posta durumu" });
    await expect(tabs.getByRole("link", { name: /^Bekliyor \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: /^Başarısız \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/status=failed/);
    const card = page.locator("li").filter({ hasText: FAILED });
    await expect(card).toContainText("failed@example.com");
    await expect(card).toContainText("Rezervasyon onayı");
    await expect(card).toContainText(`Deneme${MAX_ATTEMPTS}`);
    await expect(card).toContainText(/Son hata: .*mailbox unavailable/);
    await card.getByRole("button", { name: "Yeniden gönder" }).click();
    await expect(page.getByRole("status").filter({ hasText: "E-posta yeniden gönderilmek üzere kuyruğa alındı." })).toBeVisible();
    await expect(page.locator("li").filter({ hasText: FAILED })).toHaveCount(0);
    expect(await mail(FAILED)).toMatchObject({ status: "pending", attempts: 0 });
  });

  test("a stuck pending mail can be sent again, a fresh one cannot", async ({ page }) => {
    expect(await mail(STUCK)).toMatchObject({ status: "pending", attempts: 1 });
    await signIn(page);
    // Newest first: the 2001 rows are on the last page (a page past the end shows the last one).
    await page.goto("/admin/outbox?page=99999");
    const card = page.locator("li").filter({ hasText: STUCK });
    await expect(card).toContainText("Şifre sıfırlama");
    await expect(card).toContainText(/Son hata: .*mailbox unavailable/);
    await card.getByRole("button", { name: "Yeniden gönder" }).click();
    await expect(page.getByRole("status").filter({ hasText: "E-posta yeniden gönderilmek üzere kuyruğa alındı." })).toBeVisible();
    expect(await mail(STUCK)).toMatchObject({ status: "pending", attempts: 0 });
    await page.goto("/admin/outbox?page=99999");
    await expect(page.locator("li").filter({ hasText: STUCK }).getByRole("button", { name: "Yeniden gönder" })).toHaveCount(0);
  });
});

test("the outbox fits a 390 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/admin/outbox?status=sent");
  await page.goto("/admin/outbox?page=99999");
  await expect(page.getByRole("heading", { level: 1, name: "Giden E-postalar" })).toBeVisible();
  await expect(page.getByTestId("smtp-warning")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the outbox warns that MAIL_FROM is not set, in Turkish, on a phone too", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/outbox");
  const warning = page.getByTestId("mail-setup-warning");
  await expect(warning.getByRole("heading", { name: "Misafirlerin yanıtları ofise ulaşmıyor" })).toBeVisible();
  await expect(warning.getByRole("listitem")).toHaveText(["Gönderen adresi (MAIL_FROM) ayarlanmadı: e-postalar no-reply@localhost adresinden çıkıyor. Sunucu ayarlarında gerçek bir gönderen adresi belirtin."]);
  await axe(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(warning).toBeVisible();
  const box = (await warning.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

