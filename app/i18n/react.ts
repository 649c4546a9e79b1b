/**
 * `useTranslation` for the app's components. In the browser it is react-i18next's own (it follows
 * language changes and loads namespaces). On the server, where a render never changes language
 * and every catalogue is loaded, the same answer — `t` fixed to the language and namespace — is
 * made once per i18next instance and namespace and reused: react-i18next's hook copies the whole
 * instance for each call, which was a tenth of a page's server render (issue 17).
 */
import { useContext } from "react";
import { getI18n, I18nContext, useTranslation as useClientTranslation } from "react-i18next";

type UseTranslation = typeof useClientTranslation;

const made = new WeakMap<object, Map<string, unknown>>();

const REMEMBERED_TEXTS = 5_000;

/** A memo key for `t(key)` / `t(key, { plain values })`; null for anything else (objects, arrays, defaults). */
function memoKey(args: unknown[]): string | null {
  const [key, options] = args;
  if (typeof key !== "string" || args.length > 2) return null;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let text = key;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
    text += `\u0000${name}\u0000${String(value)}`;
  }
  return text;
}

/**
 * `t` that keeps what it gave for a key (and plain interpolation values): a page asks for the same
 * texts on every render, and they are the same in this language and namespace for as long as the
 * process runs. The first few thousand are kept; anything else is translated each time.
 */
function remembered<T>(fixed: T): T {
  const call = fixed as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    const key = memoKey(args);
    if (key === null) return call(...args);
    let text = texts.get(key);
    if (text === undefined) {
      text = call(...args);
      if (texts.size < REMEMBERED_TEXTS) texts.set(key, text);
    }
    return text;
  };
  return Object.assign(t, fixed as object) as unknown as T;
}

function useServerTranslation(ns?: string | readonly string[]): unknown {
  const context = useContext(I18nContext) as { i18n?: ReturnType<typeof getI18n>; defaultNS?: string | readonly string[] } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const chosen = ns ?? context?.defaultNS ?? i18n.options.defaultNS ?? "translation";
  const namespaces = typeof chosen === "string" ? [chosen] : [...(chosen as readonly string[])];
  const key = `${i18n.language}|${namespaces.join(",")}`;
  let byKey = made.get(i18n);
  if (!byKey) made.set(i18n, (byKey = new Map()));
  let answer = byKey.get(key);
  if (!answer) {
    const t = remembered(i18n.getFixedT(i18n.language, i18n.options.react?.nsMode === "fallback" ? namespaces : namespaces[0]!));
    // Like react-i18next's: usable as `[t, i18n, ready]` and as `{ t, i18n, ready }`.
    answer = Object.assign([t, i18n, true], { t, i18n, ready: true });
    byKey.set(key, answer);
  }
  return answer;
}

export const useTranslation: UseTranslation = import.meta.env.SSR ? (useServerTranslation as unknown as UseTranslation) : useClientTranslation;
