/**
 * Problems (app/i18n/problem.ts) into words, on the server: every catalogue of every language,
 * the back office's included, in one i18next instance that needs no request. The API says its
 * messages in Turkish (DESIGN.md §4); the admin screens in the admin language; pages in the
 * visitor's.
 */
import { createInstance } from "i18next";
import { i18nOptions, LANGUAGES, type Language } from "./config";
import type { FieldProblems, Problem } from "./problem";
import { loadAllLanguages, namespaces } from "./resources";

const instance = createInstance();
await instance.init({ ...i18nOptions, lng: "tr", resources: await loadAllLanguages(LANGUAGES), ns: namespaces(), initAsync: false });

/** One problem in a language; an unknown key comes back as the key (and a test catches it). */
export function translate(lng: Language, p: Problem): string {
  return instance.getFixedT(lng)(p.code, p.params ?? {});
}

/** Problems by field → messages by field, in a language. */
export function translateFields(lng: Language, fields: FieldProblems): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((p) => translate(lng, p))]));
}

/** Whether the catalogues hold this code (in Turkish, the reference of the back office). */
export function knowsCode(p: Problem): boolean {
  return instance.exists(p.code, { lng: "tr" });
}

/** A namespace in a language, for server code that writes whole texts (e-mails) outside a request. */
export function fixedT(lng: Language, ns: string) {
  return instance.getFixedT(lng, ns);
}
