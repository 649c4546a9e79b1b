/**
 * WhatsApp to guests (issue 16), from the outside: a server of its own with the WhatsApp variables
 * pointed at a local fake of the Cloud API. A guest books without JavaScript at 390 px in Turkish
 * and ticks the consent; the fake receives "booking_confirmation" in Turkish with the reference
 * and the private link, which opens the booking. The office sees the consent and the message on
 * the booking page, and Ayarlar says WhatsApp is configured and SMS is not.
 */
import Database from "better-sqlite3";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { E2E_ADMIN } from "./admin-helpers";
import { fillContact, referenceOnScreen } from "./booking-helpers";
import { startWhatsAppFake, type WhatsAppFake } from "../fakes/whatsapp";

// The site scrolls smoothly: reduced motion keeps a below-the-fold control still for the click (a long list of accounts, cars or legs).
test.use({ contextOptions: { reducedMotion: "reduce" } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe("guest messages by WhatsApp", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });

  let wa: WhatsAppFake;
  let server: OwnServer;

  test.beforeAll(async () => {
    wa = await startWhatsAppFake({ token: "e2e-wa-token" });
    server = await startOwnServer("whatsapp", { WHATSAPP_TOKEN: "e2e-wa-token", WHATSAPP_PHONE_NUMBER_ID: "1098765432", WHATSAPP_API_URL: `${wa.url}/v21.0` }, 240_000);
  });
  test.afterAll(async () => {
    server?.stop();
    await wa?.close();
  });

  test.describe("without JavaScript, at 390 px", () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

    test("the guest opts in and WhatsApp receives the confirmation in Turkish with the private link", async ({ page }) => {
      await page.goto(`${server.base}/booking-results?pickup=AYT&dropoff=Belek&date=${day(6)}&time=11:00&lng=tr`);
      await page.locator("[data-car-id]").first().getByRole("button", { name: /Seç/ }).click();
      await fillContact(page, { name: "Ayşe Yılmaz", email: "ayse@example.com.tr", phone: "+90 532 765 43 21" });
      const consent = page.getByLabel("Rezervasyon bilgilerini bu numaraya WhatsApp veya SMS ile gönderin");
      await expect(consent).not.toBeChecked();
      await consent.check();
      await page.getByRole("button", { name: "Rezervasyonu onayla" }).click();
      const reference = await referenceOnScreen(page);

      // the demo confirms a couple's booking at once (issue 32): the "confirmed" template
      await expect.poll(() => wa.received.find((m) => m.params.includes(reference))?.name ?? null, { timeout: 15_000 }).toBe("booking_confirmed");
      const message = wa.received.find((m) => m.params.includes(reference))!;
      expect(message).toMatchObject({ language: "tr", to: "905327654321", phoneNumberId: "1098765432" });
      expect(message.params[0]).toBe("Ayşe Yılmaz");
      const link = message.params.at(-1)!;
      expect(link).toMatch(new RegExp(`^${server.base}/my-booking/[\\w-]+\\?lng=tr$`));
      await page.goto(link);
      await expect(page.getByText(reference).first()).toBeVisible();
    });
  });

  test("the office sees the consent and the message, and which channels the server has", async ({ page }) => {
    await page.goto(`${server.base}/admin/login`);
    await page.getByLabel("E-posta").fill(E2E_ADMIN.email);
    await page.getByLabel("Şifre", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const reference = wa.received.map((m) => m.params[1]).find(Boolean)!;
    const db = new Database(server.dbFile, { readonly: true });
    const { id } = db.prepare("select id from bookings where reference = ?").get(reference) as { id: string };
    db.close();
    await page.goto(`${server.base}/admin/bookings/${id}`);
    const card = page.locator("[data-guest-messages]");
    await expect(page.getByText(/Misafir WhatsApp\/SMS ile bilgilendirilmeyi kabul etti/)).toBeVisible();
    await expect(card).toContainText("WhatsApp");
    await expect(card).toContainText("Rezervasyon onaylandı");
    await expect(card.locator("[data-status]")).toHaveText("Gönderildi");

    await page.goto(`${server.base}/admin/settings?tab=notifications`);
    await expect(page.locator('[data-channel="whatsapp"]')).toHaveText("Sunucuda yapılandırıldı.");
    await expect(page.locator('[data-channel="sms"]')).toContainText("Sunucuda yapılandırılmadı");
    await expect(page.getByLabel("WhatsApp mesajları")).toBeChecked();
    await expect(page.getByLabel("Şoför atandı")).toBeChecked();
  });
});
