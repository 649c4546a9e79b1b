/**
 * The back office's language comes from settings.appearance.language, never from the public
 * site's detection (?lng, cookie, Accept-Language). The layout hands the page its catalogue.
 */
import type { Kysely } from "kysely";
import de from "../../locales/de/admin.json";
import en from "../../locales/en/admin.json";
import ru from "../../locales/ru/admin.json";
import tr from "../../locales/tr/admin.json";
import type { Database } from "~/server/db/schema";
import type { ADMIN_LANGUAGES } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";

export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export type AdminCatalogue = typeof tr;

const CATALOGUES: Record<AdminLanguage, AdminCatalogue> = { tr, en, de, ru };

export function adminCatalogue(lng: AdminLanguage): AdminCatalogue {
  return CATALOGUES[lng] ?? tr;
}

/** The admin language, for actions and open pages that are not under the layout's loader. */
export async function adminLanguage(db: Kysely<Database>): Promise<AdminLanguage> {
  return (await getSettings(db)).appearance.language;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/** A plain lookup for server code (e.g. notification texts): "notifications.maintenanceDue". */
export function adminText(lng: AdminLanguage, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = adminCatalogue(lng);
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return fill(typeof node === "string" ? node : key, values);
}

function leaves(node: unknown, prefix = ""): Array<[key: string, text: string]> {
  if (typeof node === "string") return [[prefix, node]];
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * The Turkish catalogue read backwards: exact texts, and templates whose placeholders are numbers
 * ("… {{n}} dakika sonra …").
 */
const TURKISH = (() => {
  const exact = new Map<string, string>();
  const templates: Array<{ key: string; pattern: RegExp; names: string[] }> = [];
  for (const [key, text] of leaves(tr)) {
    if (!text.includes("{{")) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const names: string[] = [];
    const source = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "(\\d+)";
      })
      .join("");
    templates.push({ key, pattern: new RegExp(`^${source}$`), names });
  }
  return { exact, templates };
})();

/**
 * A message from code shared with the JSON API (validation, sign-in, uploads, booking rules),
 * which speaks Turkish, the spec's texts, in the admin language: the Turkish catalogue holds the
 * same texts, so the key is found by the text. A text the catalogue lacks comes back unchanged.
 */
export function adminMessage(lng: AdminLanguage, text: string): string {
  if (lng === "tr") return text;
  const key = TURKISH.exact.get(text);
  if (key) return adminText(lng, key);
  for (const template of TURKISH.templates) {
    const match = template.pattern.exec(text);
    if (match) return adminText(lng, template.key, Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!])));
  }
  return text;
}

/** Field errors (field → messages) in the admin language. */
export function adminMessages(lng: AdminLanguage, fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((text) => adminMessage(lng, text))]));
}
