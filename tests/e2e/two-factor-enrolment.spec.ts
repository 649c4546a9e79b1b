/**
 * Two-factor enrolment needs a second proof, with plain forms (no JavaScript): with two-factor on,
 * an admin without an app signs in with the password and is shown no secret, only that a setup
 * link was mailed; the link shows the QR code, a code from the app enrols and ten recovery codes
 * are shown once; the next sign-in accepts a recovery code instead of the app's code.
 * On a server of its own, since two-factor is a global setting; each test enrols an admin of its
 * own, so the tests run alone, repeated and in any order.
 */
import type { Page } from "@playwright/test";
import { totpCode } from "../../app/auth/totp";
import { createAdminAccount, E2E_ADMIN, serverDatabaseUrl } from "./admin-helpers";
import { e2eDb, expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

test.describe("two-factor enrolment by a mailed link", () => {
  test.use({ javaScriptEnabled: false });
  let server: OwnServer;
  test.beforeAll(async ({ request }) => {
    // a first start seeds the fleet (pictures drawn with sharp): slow on a busy machine
    test.setTimeout(300_000);
    server = await startOwnServer("two-factor", {}, 280_000);
    const login = await request.post(`${server.base}/api/auth/login`, { data: E2E_ADMIN });
    const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
    const settings = ((await (await request.get(`${server.base}/api/settings`, { headers })).json()) as { data: Record<string, unknown> }).data;
    const saved = await request.put(`${server.base}/api/settings`, { headers, data: { ...settings, security: { twoFactorAuth: true, sessionTimeout: 30 } } });
    expect(saved.status()).toBe(200);
  });
  test.afterAll(() => server?.stop());

  async function signIn(page: Page, account: { email: string; password: string }) {
    await page.goto(`${server.base}/admin/login`);
    await page.getByLabel("E-posta").fill(account.email);
    await page.getByLabel("Şifre", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await expect(page).toHaveURL(/\/admin\/two-factor/);
  }

  test("a password alone gets no secret; the mailed link enrols; a recovery code signs in once", async ({ page, context }) => {
    const account = await createAdminAccount("enrol-Pass-1", serverDatabaseUrl(server.dbFile));
    await signIn(page, account);
    await expect(page.getByText("Kurulum için e-posta adresinize tek kullanımlık bir bağlantı gönderdik")).toBeVisible();
    await expect(page.getByRole("img", { name: "Doğrulama uygulaması için QR kod" })).toHaveCount(0);
    // the back office stays closed
    await page.goto(`${server.base}/admin/dashboard`);
    await expect(page).toHaveURL(/\/admin\/two-factor$/);

    const db = e2eDb(server.dbFile);
    let link: string;
    try {
      const mail = db.prepare("select text_body from mail_outbox where kind = 'two-factor-enrolment' and to_address = ? order by created_at desc").get(account.email) as { text_body: string };
      link = /https?:\/\/\S+\/admin\/setup-two-factor\/[\w-]+/.exec(mail.text_body)![0];
    } finally {
      db.close();
    }
    await page.goto(link);
    await expect(page.getByRole("img", { name: "Doğrulama uygulaması için QR kod" })).toBeVisible();
    const secret = (await page.locator("p.font-mono").innerText()).replace(/\s+/g, "");
    await page.getByLabel("Doğrulama Kodu").fill(totpCode(secret));
    await page.getByRole("button", { name: "Etkinleştir" }).click();
    await expect(page.getByText("İki faktörlü doğrulama etkinleştirildi.")).toBeVisible();
    const codes = (await page.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByRole("link", { name: "Devam et" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // the link worked once
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("Bu kurulum bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.");

    // next time: the app's code or a recovery code, each recovery code once
    await context.clearCookies();
    await signIn(page, account);
    await expect(page.getByText("kurtarma kodlarınızdan birini giriniz")).toBeVisible();
    await page.getByLabel("Doğrulama Kodu").fill(codes[0]!);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await context.clearCookies();
    await signIn(page, account);
    await page.getByLabel("Doğrulama Kodu").fill(codes[0]!);
    await page.getByRole("button", { name: "Doğrula" }).click();
    await expect(page.getByRole("alert")).toHaveText("Kurtarma kodu hatalı ya da daha önce kullanılmış.");
  });
});
