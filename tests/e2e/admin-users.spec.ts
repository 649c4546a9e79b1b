/**
 * Kullanıcılar (/admin/users): an admin adds a dispatcher, who sets a password through the mailed
 * link and signs in (the mail is read from the outbox, as the mail worker would send it); without
 * JavaScript the add form keeps what was typed on an error and a deactivation ends the account's
 * session at once; 390 px and axe.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createAccount, E2E_ADMIN, isSessionLive, signIn, signInAs, startSession, withServerDb } from "./admin-helpers";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

const tag = randomUUID().slice(0, 8);

/** The newest invitation mailed to an address (text body), or "" while none is queued. */
const invitation = (email: string) =>
  withServerDb(async (db) => {
    const row = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).where("kind", "=", "user-invite").orderBy("created_at", "desc").executeTakeFirst();
    return row?.text_body ?? "";
  });

const addForm = (page: Page) => page.getByRole("region", { name: "Kullanıcı ekle" });
const rowOf = (page: Page, email: string) => page.getByTestId("staff-row").filter({ hasText: email });

test.describe("staff accounts with JavaScript", () => {
  test("an admin adds a dispatcher, who sets a password from the invitation and signs in", async ({ page }) => {
    const email = `dispatcher-${tag}@example.com`;
    await signIn(page);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Kullanıcılar" })).toBeVisible();
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/admin-users-1440.png`, fullPage: true });
    const form = addForm(page);
    await form.getByLabel("E-posta").fill(email);
    await form.getByLabel("Ad soyad").fill(`Operatör ${tag}`);
    await form.getByLabel("Telefon").fill("0532 765 43 21");
    await form.getByLabel("Rol").selectOption({ label: "Operatör" });
    await form.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Kullanıcı oluşturuldu; şifre belirleme bağlantısı ${email} adresine gönderildi.` })).toBeVisible();
    const row = rowOf(page, email);
    await expect(row).toContainText("Operatör");
    await expect(row).toContainText("+90 532 765 43 21");
    await expect(row).toContainText("Hiç giriş yapmadı");
    await expect(row).toContainText("Davet bekliyor");
    await expectNoSeriousA11yViolations(page);

    await expect.poll(() => invitation(email)).toContain("/admin/reset-password/");
    const text = await invitation(email);
    expect(text).toContain("Hesabınız oluşturuldu");
    const link = /https?:\/\/\S+\/admin\/reset-password\/[\w-]+/.exec(text)![0];

    // the dispatcher, in a browser of their own
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("Yeni Şifre", { exact: true }).fill("dispatch-Pass-7");
    await page.getByLabel("Yeni Şifre (Tekrar)").fill("dispatch-Pass-7");
    await page.getByRole("button", { name: "Şifreyi kaydet" }).click();
    await expect(page.getByText("Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.")).toBeVisible();
    await signInAs(page, { email, password: "dispatch-Pass-7" });
    // a dispatcher has no staff accounts screen
    expect((await page.goto("/admin/users"))?.status()).toBe(403);

    await page.context().clearCookies();
    await signIn(page);
    await page.goto("/admin/users");
    await expect(rowOf(page, email)).not.toContainText("Hiç giriş yapmadı");
  });
});

test.describe("staff accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the add form keeps what was typed on an error; the page fits 390 px", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/users");
    const form = addForm(page);
    await form.getByLabel("E-posta").fill(E2E_ADMIN.email.toUpperCase());
    await form.getByLabel("Ad soyad").fill(`Çift Kayıt ${tag}`);
    await form.getByLabel("Telefon").fill("12");
    await form.getByLabel("Rol").selectOption({ label: "Şoför" });
    await form.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await expect(form.getByText("Geçerli bir telefon numarası giriniz.")).toBeVisible();
    await expect(form.getByLabel("Ad soyad")).toHaveValue(`Çift Kayıt ${tag}`);
    await expect(form.getByLabel("E-posta")).toHaveValue(E2E_ADMIN.email.toUpperCase());
    await expect(form.getByLabel("Rol")).toHaveValue("driver");

    await form.getByLabel("Telefon").fill("");
    await form.getByRole("button", { name: "Kullanıcı ekle" }).click();
    await expect(form.getByText("Bu e-posta adresiyle bir kullanıcı zaten var.")).toBeVisible();
    await expect(form.getByLabel("Ad soyad")).toHaveValue(`Çift Kayıt ${tag}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/users");
    await expect(rowOf(page, E2E_ADMIN.email)).toContainText("Yönetici");
    await expect(rowOf(page, E2E_ADMIN.email)).toContainText("Siz");
    // one's own row offers no deactivation
    await expect(rowOf(page, E2E_ADMIN.email).locator("summary").filter({ hasText: "Pasif yap" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/admin-users-390.png`, fullPage: true });
  });

  test("editing a member's role, then deactivating ends their session at once; activating brings the account back", async ({ page }) => {
    const member = await createAccount("dispatcher", { name: `Pasif ${tag}` });
    const token = await startSession(member.userId);
    expect(await isSessionLive(token)).toBe(true);
    await signIn(page);
    await page.goto("/admin/users");
    // the edit panel (a <details> without JavaScript): a new name and role
    await rowOf(page, member.email).locator("summary").filter({ hasText: "Düzenle" }).click();
    await rowOf(page, member.email).getByLabel("Ad soyad").fill(`Yeni Ad ${tag}`);
    await rowOf(page, member.email).getByLabel("Rol").selectOption({ label: "Yönetici" });
    await rowOf(page, member.email).getByRole("button", { name: "Kaydet" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kullanıcı güncellendi." })).toBeVisible();
    await expect(rowOf(page, member.email)).toContainText(`Yeni Ad ${tag}`);
    await expect(rowOf(page, member.email).getByRole("cell").filter({ hasText: /^(Rol:)?\s*Yönetici$/ })).toBeVisible();
    const row = rowOf(page, member.email);
    await row.locator("summary").filter({ hasText: "Pasif yap" }).click();
    await row.getByRole("group").getByRole("button", { name: "Pasif yap" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kullanıcı pasif yapıldı; oturumları kapatıldı." })).toBeVisible();
    await expect(rowOf(page, member.email)).toContainText("Pasif");
    expect(await isSessionLive(token)).toBe(false);

    await rowOf(page, member.email).getByRole("button", { name: /Aktif yap/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kullanıcı yeniden aktif." })).toBeVisible();
    await page.context().clearCookies();
    await signInAs(page, member);
  });
});
