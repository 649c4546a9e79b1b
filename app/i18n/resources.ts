/**
 * The catalogues: `locales/{lng}/{namespace}.json`. The server bundles all of them; the browser
 * loads only the page's language, and of it only the namespaces the page's routes name in their
 * `handle` (one chunk per file, fetched before hydration; see pageNamespaces), the others when a
 * page that needs them is first shown.
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

/** Loads one namespace of one language (the browser, for a page shown after the first). */
export async function loadNamespace(lng: string, ns: string): Promise<Catalogue> {
  const load = Object.entries(lazyFiles).find(([path]) => split(path).lng === lng && split(path).ns === ns)?.[1];
  if (!load) throw new Error(`no catalogue ${lng}/${ns}`);
  return load();
}

/** A route's catalogues beyond `common`: `export const handle = { i18n: ["home"] }`. */
export interface I18nHandle {
  i18n: readonly string[];
}

/**
 * The namespaces a page needs before it hydrates, from its routes' modules by route id: `common`
 * and what each route below the root names in `handle.i18n`. Null when one of them names none (the
 * driver's pages, the not-found page): then the browser loads every namespace it may use.
 */
export function pageNamespaces(modules: Readonly<Record<string, { handle?: unknown } | undefined>>): string[] | null {
  const names = new Set(["common"]);
  for (const [id, module] of Object.entries(modules)) {
    if (id === "root") continue;
    const handle = module?.handle as Partial<I18nHandle> | undefined;
    if (!Array.isArray(handle?.i18n)) return null;
    for (const ns of handle.i18n) names.add(ns);
  }
  return [...names];
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
