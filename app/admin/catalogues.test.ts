import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
  });

  it("uses Russian plural forms", () => {
    const t = createAdminI18n("ru", load("ru")).t;
    expect(t("dashboard.bookingsCount", { count: 5 })).toBe("5 бронирований");
    expect(t("dashboard.bookingsCount", { count: 2 })).toBe("2 бронирования");
  });
});
