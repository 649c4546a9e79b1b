/**
 * The outbox screen says what keeps a guest's reply from reaching the office (issue 28): the shared
 * e2e server runs without MAIL_FROM, so mails would leave from no-reply@localhost.
 */
import { expect, expectNoSeriousA11yViolations as axe, test } from "./fixtures";
import { signIn } from "./admin-helpers";

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
