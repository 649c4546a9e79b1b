/**
 * The browser loads only the catalogues a page's routes name (handle.i18n) before hydrating. A
 * public route whose own texts come from a namespace it does not name would hydrate with keys in
 * place of texts; this checks the route files against their handles.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./config";
import { loadNamespace, namespaces, pageNamespaces, SERVER_ONLY_NAMESPACES } from "./resources";

const SITE = join(process.cwd(), "app/routes/site");

describe("pageNamespaces", () => {
  it("takes common and what every route below the root names", () => {
    const modules = { root: {}, "routes/site/layout": { handle: { i18n: ["booking"] } }, "routes/site/home": { handle: { i18n: ["home"] } } };
    expect(pageNamespaces(modules)).toEqual(["common", "booking", "home"]);
  });

  it("gives null (load every public namespace) when a route names none", () => {
    expect(pageNamespaces({ root: {}, "routes/driver/trips": {} })).toBeNull();
    expect(pageNamespaces({ root: {}, "routes/site/layout": { handle: { i18n: ["booking"] } }, "routes/x": { handle: {} } })).toBeNull();
  });
});

describe("public routes' handles", () => {
  const layout = /handle: I18nHandle = \{ i18n: \[([^\]]*)\] \}/.exec(readFileSync(join(SITE, "layout.tsx"), "utf8"));
  const named = (list: string | undefined) => [...(list ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const files = readdirSync(SITE).filter((f) => f.endsWith(".tsx") && f !== "layout.tsx");

  it.each(files)("%s names the namespaces its texts come from", (file) => {
    const source = readFileSync(join(SITE, file), "utf8");
    const handle = /handle: I18nHandle = \{ i18n: \[([^\]]*)\] \}/.exec(source);
    expect(handle, `${file} exports handle: I18nHandle`).not.toBeNull();
    const loaded = new Set(["common", ...named(layout?.[1]), ...named(handle?.[1])]);
    // What the component renders with (loaders and meta run on the server, which has them all).
    const component = source.slice(source.indexOf("export default function"));
    const used = [...component.matchAll(/useTranslation\(\s*"([a-z-]+)"|\bt\(\s*["`]([a-z-]+):/g)].map((m) => (m[1] ?? m[2])!);
    for (const ns of used) expect(loaded, `${file} uses ${ns}`).toContain(ns);
    for (const ns of loaded) expect(namespaces()).toContain(ns);
    for (const ns of loaded) expect(SERVER_ONLY_NAMESPACES).not.toContain(ns);
  });
});

describe("loadNamespace", () => {
  it("loads one catalogue of one language", async () => {
    for (const lng of LANGUAGES) expect(await loadNamespace(lng, "home")).toHaveProperty("hero");
    await expect(loadNamespace("en", "nope")).rejects.toThrow();
  });
});
