/**
 * Catalogue completeness: every namespace file exists in every language, has the same keys as the
 * English one (plural forms per language's own plural rules), and no value is empty.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./config";

const ROOT = join(process.cwd(), "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens a catalogue to "a.b.0.c" → value. */
export function flatten(value: Json, prefix = "", out: Record<string, Json> = {}): Record<string, Json> {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out[prefix] = value;
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** Keys with plural suffixes folded to their base key. */
export function baseKeys(flat: Record<string, Json>): Set<string> {
  return new Set(Object.keys(flat).map((k) => k.replace(PLURAL, "")));
}

/** For each plural base key, the plural forms present. */
function pluralForms(flat: Record<string, Json>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of Object.keys(flat)) {
    const match = PLURAL.exec(key);
    if (!match) continue;
    const base = key.replace(PLURAL, "");
    forms.set(base, (forms.get(base) ?? new Set()).add(match[1]!));
  }
  return forms;
}

function load(lng: string, ns: string): Record<string, Json> {
  return flatten(JSON.parse(readFileSync(join(ROOT, lng, `${ns}.json`), "utf8")) as Json);
}

const namespaces = readdirSync(join(ROOT, "en"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""));

describe("translation catalogues", () => {
  it("have the same namespace files in every language", () => {
    for (const lng of LANGUAGES) {
      const files = readdirSync(join(ROOT, lng)).filter((f) => f.endsWith(".json")).sort();
      expect(files, lng).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  describe.each(namespaces)("namespace %s", (ns) => {
    const english = load("en", ns);

    it.each(LANGUAGES.filter((l) => l !== "en"))("has every English key in %s and no extra key", (lng) => {
      // each side's keys once (the admin catalogue has thousands: a set per key took seconds)
      const theirs = baseKeys(load(lng, ns));
      const ours = baseKeys(english);
      const missing = [...ours].filter((k) => !theirs.has(k));
      const extra = [...theirs].filter((k) => !ours.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each([...LANGUAGES])("has every plural form %s needs", (lng) => {
      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const flat = load(lng, ns);
      for (const [base, forms] of pluralForms(flat)) {
        for (const form of needed) expect(forms.has(form), `${lng}/${ns}: ${base}_${form}`).toBe(true);
      }
    });

    it.each([...LANGUAGES])("has no empty value in %s", (lng) => {
      const empty = Object.entries(load(lng, ns))
        .filter(([, v]) => typeof v !== "string" || v.trim() === "")
        .map(([k]) => k);
      expect(empty).toEqual([]);
    });
  });
});

describe("the completeness check itself", () => {
  it("notices a missing key, and ignores plural suffixes", () => {
    const en = flatten({ a: { b: "x", c_one: "1", c_other: "n" } });
    const ru = flatten({ a: { c_one: "1", c_few: "2", c_many: "5", c_other: "n" } });
    const missing = [...baseKeys(en)].filter((k) => !baseKeys(ru).has(k));
    expect(missing).toEqual(["a.b"]);
    expect(baseKeys(ru)).toEqual(new Set(["a.c"]));
  });

  it("flattens lists by position", () => {
    expect(flatten({ s: [{ t: "a" }, { t: "b" }] })).toEqual({ "s.0.t": "a", "s.1.t": "b" });
  });
});
