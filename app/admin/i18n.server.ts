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

const lookup = (lng: AdminLanguage, key: string): string | undefined => {
  let node: unknown = adminCatalogue(lng);
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
};

/** A value written `@key` ("@notifications.legs.return") is itself a catalogue text, said in the same language. */
const KEY_VALUE = /^@((?:notifications|documents)\.[\w.]+)$/;

/** A plain lookup for server code (e.g. notification texts): "notifications.maintenanceDue". */
export function adminText(lng: AdminLanguage, key: string, values: Record<string, string | number> = {}): string {
  return (lookup(lng, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = String(values[name] ?? "");
    const ref = KEY_VALUE.exec(value)?.[1];
    return ref ? (lookup(lng, ref) ?? value) : value;
  });
}
