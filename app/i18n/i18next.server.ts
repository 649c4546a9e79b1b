/**
 * Language detection and the i18next instance of a request.
 * Order: `?lng=` (an explicit switch, then kept in a cookie), the cookie, Accept-Language, English.
 * One instance per language, made once at start with every catalogue loaded, serves every request
 * in that language (issue 17: setting one up per request was a tenth of a page's render). Nothing
 * changes an instance's language; server code that needs another language asks for
 * `getFixedT(lng, ns)`, which any instance answers from the same catalogues.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, i18nOptions, isLanguage, LANGUAGES, type Language } from "./config";
import { loadAllLanguages, namespaces } from "./resources";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

const resources = await loadAllLanguages(LANGUAGES);

const detector = new LanguageDetector({
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: FALLBACK_LANGUAGE,
  cookie: languageCookie,
  order: ["searchParams", "cookie", "header"],
});

async function instanceFor(lng: Language): Promise<I18n> {
  const instance = createInstance({ ...i18nOptions, resources, ns: namespaces(), lng });
  await instance.init();
  return instance;
}

const instances = new Map<string, I18n>(await Promise.all(LANGUAGES.map(async (lng) => [lng, await instanceFor(lng)] as const)));

const localeContext = createContext<string>();
const instanceContext = createContext<I18n>();

/**
 * Detection's answer per what it reads (`?lng=`, the lng cookie, Accept-Language): parsing the
 * header's language ranges was a twentieth of a booking's CPU, and visitors send few distinct ones.
 */
const detected = new Map<string, string>();
const LANGUAGE_COOKIE = /(?:^|;)\s*lng=([^;]*)/g;

function detectionKey(request: Request): string | null {
  const mark = request.url.indexOf("?");
  const asked = mark === -1 ? "" : (new URLSearchParams(request.url.slice(mark + 1)).get("lng") ?? "");
  const cookies = [...(request.headers.get("cookie") ?? "").matchAll(LANGUAGE_COOKIE)].map((m) => m[1]).join(";");
  const key = `${asked}|${cookies}|${request.headers.get("accept-language") ?? ""}`;
  return key.length > 300 ? null : key;
}

async function detectLanguage(request: Request): Promise<string> {
  const key = detectionKey(request);
  const known = key === null ? undefined : detected.get(key);
  if (known !== undefined) return known;
  const lng = await detector.detect(request);
  if (key !== null) {
    if (detected.size >= 1000) detected.clear();
    detected.set(key, lng);
  }
  return lng;
}

/** Detects the request's language and puts it and its instance in the context (what the middleware does for the router). */
export async function setRequestLanguage(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  const lng = await detectLanguage(request);
  context.set(localeContext, lng);
  context.set(instanceContext, instances.get(lng) ?? instances.get(FALLBACK_LANGUAGE)!);
}

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await setRequestLanguage(request, context);
  return next();
};

/** `t` of a language and namespace outside a request (background work: deferred mails). */
export function translatorFor(lng: string, ns: string) {
  return (instances.get(lng) ?? instances.get(FALLBACK_LANGUAGE)!).getFixedT(lng, ns);
}

export function getLocale(context: Readonly<RouterContextProvider>): string {
  return context.get(localeContext);
}

export function getInstance(context: Readonly<RouterContextProvider>): I18n {
  return context.get(instanceContext);
}

/** The driver pages keep their own language cookie (app/drivers/job.server.ts), not the site's. */
const OWN_LANGUAGE_COOKIE = /^\/(?:driver|job)(?:\/|$)/;

/** Keeps an explicit `?lng=` choice in the cookie so it survives the next visit. */
export const persistLanguageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const url = new URL(request.url);
  const asked = url.searchParams.get("lng");
  if (isLanguage(asked) && !OWN_LANGUAGE_COOKIE.test(url.pathname)) {
    response.headers.append("Set-Cookie", await languageCookie.serialize(asked));
  }
  return response;
};

export function getLanguage(context: Parameters<typeof getLocale>[0]): Language {
  const lng = getLocale(context);
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}
