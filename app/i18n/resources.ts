/**
 * The catalogues: `locales/{lng}/{namespace}.json`. The server bundles all of them; the browser
 * loads only the page's language (one chunk per file, fetched before hydration).
 */
import type { Resource, ResourceLanguage } from "i18next";
import type { Language } from "./config";

type Catalogue = Record<string, unknown>;

const lazyFiles = import.meta.glob<Catalogue>("../../locales/*/*.json", { import: "default" });

function split(path: string): { lng: string; ns: string } {
  const [, lng = "", file = ""] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { lng, ns: file };
}

/**
 * Namespaces the browser never needs: the back office gets its catalogue from its own loader
 * (app/admin/i18n.server.ts), and status e-mails and guest messages are written on the server.
 */
export const SERVER_ONLY_NAMESPACES = ["admin", "booking-status", "messaging"];

/** Loads every namespace of one language, less the ones named in `except`. */
export async function loadLanguage(lng: Language, except: readonly string[] = []): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    Object.entries(lazyFiles)
      .filter(([path]) => split(path).lng === lng && !except.includes(split(path).ns))
      .map(async ([path, load]) => [split(path).ns, await load()] as const),
  );
  return Object.fromEntries(entries);
}

/** Loads every language (server side, once). */
export async function loadAllLanguages(languages: readonly Language[]): Promise<Resource> {
  const all = await Promise.all(languages.map(async (lng) => [lng, await loadLanguage(lng)] as const));
  return Object.fromEntries(all);
}

/** Every namespace name present for English, the reference language. */
export function namespaces(): string[] {
  return [...new Set(Object.keys(lazyFiles).map((p) => split(p)).filter((f) => f.lng === "en").map((f) => f.ns))];
}
