import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../../locales/de/admin.json";
import en from "../../locales/en/admin.json";
import ru from "../../locales/ru/admin.json";
import tr from "../../locales/tr/admin.json";
import { formatAdminDate, formatCalendarDay } from "~/admin/format";
import { actionLabelKey, AUDIT_ACTIONS, AUDIT_ENTITIES } from "./audit-log";
import { auditDetailLines, auditDetailText, type Say } from "./audit-words";

const CATALOGUES = { tr, en, de, ru } as Record<string, object>;
const sayIn =
  (lng: string): Say =>
  (key) => {
    const node = key
      .split(".")
      .reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], CATALOGUES[lng]);
    return typeof node === "string" ? node : undefined;
  };
const format = (lng = "tr") => ({
  date: (iso: string) => formatAdminDate(iso, "—", lng),
  day: (day: string) => formatCalendarDay(day, lng),
});

/** Every `action: "…"` the application's code writes into the log (the type also holds recordAudit to the list). */
function recordedActions(dir = "app"): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...recordedActions(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
      const text = readFileSync(path, "utf8");
      if (!text.includes("recordAudit") && !path.includes("auth-audit")) continue;
      for (const m of text.matchAll(
        /action: (?:[^,"}]*\? )?"([a-z0-9_]+(?:\.[a-zA-Z0-9_]+)+)"(?: : "([a-z0-9_]+(?:\.[a-zA-Z0-9_]+)+)")?/g,
      ))
        found.push(...[m[1]!, m[2]].filter((a): a is string => Boolean(a)));
      for (const m of text.matchAll(/"(auth\.[a-z0-9_.]+)"/g)) found.push(m[1]!);
    }
  }
  return [...new Set(found)].sort();
}

describe("audit log words", () => {
  it("lists every action the code records", () => {
    const recorded = recordedActions();
    expect(recorded.length).toBeGreaterThan(30);
    expect(recorded.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  it.each(Object.keys(CATALOGUES))("every action and record kind has words in %s", (lng) => {
    const say = sayIn(lng);
    expect(AUDIT_ACTIONS.filter((a) => !say(actionLabelKey(a)))).toEqual([]);
    expect(AUDIT_ENTITIES.filter((e) => !say(`audit.entities.${e}`))).toEqual([]);
  });

  it("says a status change in words", () => {
    const lines = auditDetailLines(
      { from: "pending", to: "cancelled", by: "office", note: "Misafir aradı" },
      sayIn("tr"),
      format(),
    );
    expect(lines).toEqual([
      ["Durum", "Beklemede → İptal Edildi"],
      ["Yapan", "Ofis"],
      ["Not", "Misafir aradı"],
    ]);
    expect(auditDetailText(lines)).toBe("Durum: Beklemede → İptal Edildi; Yapan: Ofis; Not: Misafir aradı");
    expect(auditDetailLines({ from: "pending", to: "cancelled" }, sayIn("en"), format("en"))).toEqual([
      ["Status", "Pending → Cancelled"],
    ]);
  });

  it("names changed fields and their values, dates the admin's way", () => {
    const say = sayIn("tr");
    expect(
      auditDetailLines(
        { changed: { status: ["active", "maintenance"], maintenance_to: [null, "2026-12-01"] } },
        say,
        format(),
      ),
    ).toEqual([
      ["Durum", "Aktif → Bakımda"],
      ["Bakım bitişi", "— → 01.12.2026"],
    ]);
    expect(
      auditDetailLines(
        { changes: [{ field: "pickup_date", from: "2026-11-30T11:05:00.000Z", to: "2026-11-30T12:00:00.000Z" }] },
        say,
        format(),
      ),
    ).toEqual([["Alış zamanı", "30.11.2026 14:05 → 30.11.2026 15:00"]]);
    expect(
      auditDetailLines(
        { changed: { role: { from: "driver", to: "dispatcher" }, active: { from: true, to: false } } },
        say,
        format(),
      ),
    ).toEqual([
      ["Rol", "Şoför → Operatör"],
      ["Aktif", "Evet → Hayır"],
    ]);
    expect(auditDetailLines({ email: "a@b.c", reason: "wrong_password" }, say, format())).toEqual([
      ["E-posta", "a@b.c"],
      ["Gerekçe", "Yanlış şifre"],
    ]);
    expect(
      auditDetailLines({ leg: "outbound", status: "on_way", from: "assigned", position: false }, say, format()),
    ).toEqual([
      ["Önceki iş durumu", "Atandı"],
      ["Yön", "Gidiş"],
      ["Durum", "Yola çıktı"],
      ["Konum alındı", "Hayır"],
    ]);
  });

  it("shows what it has no words for as stored, never fails", () => {
    expect(
      auditDetailLines({ mystery_field: "some_value", nested: { a: 1 }, list: [] }, sayIn("tr"), format()),
    ).toEqual([
      ["mystery_field", "some_value"],
      ["nested", "a: 1"],
      ["list", "—"],
    ]);
  });
});
