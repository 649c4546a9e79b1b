import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUTH_TEXT, tooManyAttempts } from "~/auth/messages";
import { EDIT_MESSAGES } from "~/booking/admin-edit";
import { STATUS_MESSAGES } from "~/booking/status";
import { CAR_FORM_MESSAGES } from "~/fleet/car-form";
import { CAR_IN_USE_MESSAGE } from "~/fleet/cars.server";
import { SETTINGS_FORM_TEXT } from "~/settings/settings-form";
import { UPLOAD_MESSAGES } from "~/uploads/uploads.server";
import { createAdminI18n } from "./i18n";
import { adminMessage, adminMessages } from "./i18n.server";

const load = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/admin.json`, "utf8")) as Record<string, unknown>;

function keys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
// Plural forms differ by language (Russian has few/many); compare the base keys.
const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();

describe("admin catalogues", () => {
  const tr = base(keys(load("tr")));
  it.each(["en", "de", "ru"])("%s has every Turkish key and no other", (lng) => {
    expect(base(keys(load(lng)))).toEqual(tr);
  });

  it("keeps the spec's Turkish texts", () => {
    const t = createAdminI18n("tr", load("tr")).t;
    expect(t("shell.searchPlaceholder")).toBe("Ara...");
    expect(t("shell.logoutConfirm")).toBe("Çıkış yapmak istediğinizden emin misiniz?");
    expect(t("settings.saved")).toBe("Ayarlar başarıyla kaydedildi.");
    expect(t("dashboard.loadError")).toBe("Veriler yüklenirken bir hata oluştu. Lütfen sayfayı yenileyin.");
    expect(t("shell.unreadCount", { count: 3 })).toBe("3 okunmamış bildirim");
    expect(t("cars.deleteConfirm")).toBe("Bu aracı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.");
    expect(t("cars.empty")).toBe("Araç Bulunamadı");
    expect(t("bookings.messages.emptyAll")).toBe("Henüz rezervasyon bulunmuyor");
    expect(t("bookings.messages.emptyMatch")).toBe("Arama kriterlerinize uygun rezervasyon bulunamadı");
    expect(t("bookings.messages.deleteConfirm")).toBe("Bu rezervasyonu silmek istediğinizden emin misiniz?");
    expect(t("auth.loginTitle")).toBe("Admin Paneli Girişi");
    expect(t("auth.signIn")).toBe("Giriş Yap");
    expect(t("auth.signingIn")).toBe("Giriş yapılıyor...");
    expect(t("auth.remember")).toBe("Beni hatırla");
    expect(t("auth.forgotPassword")).toBe("Şifremi unuttum");
    expect(t("pagination.summary", { total: "1.234", from: 11, to: 20, items: t("pagination.items.bookings", { count: 1234 }) })).toBe(
      "Toplam 1.234 rezervasyon içinden 11–20 arası gösteriliyor",
    );
    expect(t("units.hoursMinutes", { h: 1, m: 5 })).toBe("1 saat 5 dk");
  });

  // Shared server code (validation, sign-in, uploads, booking rules) speaks the spec's Turkish, for
  // the JSON API; the admin screens find those texts in the Turkish catalogue to translate them.
  it.each([
    ["auth.messages", AUTH_TEXT],
    ["bookings.messages", STATUS_MESSAGES],
    ["bookingEdit.messages", EDIT_MESSAGES],
    ["carForm.messages", CAR_FORM_MESSAGES],
    ["uploads.messages", UPLOAD_MESSAGES],
    ["settings.messages", SETTINGS_FORM_TEXT],
  ] as const)("%s holds the server's Turkish texts", (section, texts) => {
    const node = section.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], load("tr"));
    expect(node).toEqual(texts);
  });

  it("translates the server's Turkish messages into the admin language", () => {
    expect(adminMessage("en", CAR_FORM_MESSAGES.name)).toBe("Name is required.");
    expect(adminMessage("de", CAR_IN_USE_MESSAGE)).toBe("Dieses Fahrzeug kann nicht gelöscht werden, weil es Buchungen hat.");
    expect(adminMessage("en", tooManyAttempts(61))).toBe("Too many sign-in attempts. Please try again in 2 min.");
    expect(adminMessage("ru", tooManyAttempts(42))).toBe("Слишком много попыток входа. Повторите через 42 с.");
    expect(adminMessage("tr", AUTH_TEXT.loginFailed)).toBe("Giriş başarısız");
    expect(adminMessage("en", "a text nobody wrote")).toBe("a text nobody wrote");
    expect(adminMessages("en", { email: [EDIT_MESSAGES.email], return_date: [EDIT_MESSAGES.returnBeforePickup] })).toEqual({
      email: ["Enter a valid email address"],
      return_date: ["The return must be after the outbound trip."],
    });
    for (const text of [...Object.values(AUTH_TEXT), ...Object.values(CAR_FORM_MESSAGES), ...Object.values(UPLOAD_MESSAGES), ...Object.values(SETTINGS_FORM_TEXT)]) {
      if (!text.includes("{{")) expect(adminMessage("en", text), text).not.toBe(text);
    }
  });

  it("uses Russian plural forms", () => {
    const t = createAdminI18n("ru", load("ru")).t;
    expect(t("dashboard.bookingsCount", { count: 5 })).toBe("5 бронирований");
    expect(t("dashboard.bookingsCount", { count: 2 })).toBe("2 бронирования");
    expect(t("units.bags", { count: 3 })).toBe("3 места багажа");
  });
});
