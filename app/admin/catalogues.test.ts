import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUTH, tooManyAttempts } from "~/auth/messages";
import { CAR_FORM } from "~/fleet/car-form";
import { CAR_IN_USE, CAR_NOT_FOUND } from "~/fleet/cars.server";
import { problem, type ProblemCode } from "~/i18n/problem";
import { knowsCode, translate } from "~/i18n/translate.server";
import { SETTINGS_FORM } from "~/settings/settings-form";
import { UPLOADS } from "~/uploads/uploads.server";
import { REQUEST } from "./codes";
import { DISTANCES } from "./distances";
import { createAdminI18n } from "./i18n";

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

  // Codes the server's rules return (sign-in, car form, uploads, settings, API requests): each is a
  // key of every admin catalogue, so a page in any admin language and the API in Turkish can say it.
  const codeTables = { AUTH, CAR_FORM, UPLOADS, SETTINGS_FORM, REQUEST, DISTANCES } as const;
  const lookup = (catalogue: Record<string, unknown>, code: ProblemCode) =>
    code
      .slice("admin:".length)
      .split(".")
      .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], catalogue);
  it.each(Object.entries(codeTables))("every code of %s is in the four admin catalogues", (_, table) => {
    const codes = Object.values(table) as ProblemCode[];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of [...codes, CAR_IN_USE.code, CAR_NOT_FOUND.code]) {
      expect(knowsCode(problem(code)), code).toBe(true);
      for (const lng of ["tr", "en", "de", "ru"]) expect(typeof lookup(load(lng), code), `${lng} ${code}`).toBe("string");
    }
  });

  it("says the spec's Turkish texts for the codes", () => {
    expect(translate("tr", problem(AUTH.loginFailed))).toBe("Giriş başarısız");
    expect(translate("tr", problem(AUTH.invalidEmail))).toBe("Geçerli bir e-posta adresi giriniz");
    expect(translate("tr", problem(AUTH.passwordTooShort))).toBe("Şifre en az 6 karakter olmalıdır");
    expect(translate("tr", tooManyAttempts(61))).toBe("Çok fazla giriş denemesi yapıldı. Lütfen 2 dakika sonra tekrar deneyin.");
    expect(translate("tr", problem(CAR_FORM.name))).toBe("Araç adı zorunludur.");
    expect(translate("tr", problem(UPLOADS.invalid))).toBe("Bazı dosyalar geçersiz. Sadece 5MB'dan küçük JPEG, PNG ve WEBP formatları desteklenmektedir.");
    expect(translate("tr", CAR_IN_USE)).toBe("Bu araç rezervasyonlara bağlı olduğu için silinemiyor.");
    expect(translate("tr", problem(SETTINGS_FORM.siteNameRequired))).toBe("Site adı zorunludur.");
  });

  it("says the same codes in the admin language, values filled in", () => {
    expect(translate("en", problem(CAR_FORM.name))).toBe("Name is required.");
    expect(translate("de", CAR_IN_USE)).toBe("Dieses Fahrzeug kann nicht gelöscht werden, weil es Buchungen hat.");
    expect(translate("en", tooManyAttempts(61))).toBe("Too many sign-in attempts. Please try again in 2 min.");
    expect(translate("ru", tooManyAttempts(42))).toBe("Слишком много попыток входа. Повторите через 42 с.");
  });

  it("uses Russian plural forms", () => {
    const t = createAdminI18n("ru", load("ru")).t;
    expect(t("dashboard.bookingsCount", { count: 5 })).toBe("5 бронирований");
    expect(t("dashboard.bookingsCount", { count: 2 })).toBe("2 бронирования");
    expect(t("units.bags", { count: 3 })).toBe("3 места багажа");
  });
});
