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

const REMEMBERED_KEYS = 5_000;

/**
 * `t` that keeps what `t(key)` (no options) gave: most of a page's texts, each asked for on every
 * render, and the same in this language and namespace for as long as the process runs.
 */
function remembered<T>(fixed: T): T {
  const call = fixed as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== "string") return call(...args);
    let text = texts.get(key);
    if (text === undefined) {
      text = call(key);
      if (texts.size < REMEMBERED_KEYS) texts.set(key, text);
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
