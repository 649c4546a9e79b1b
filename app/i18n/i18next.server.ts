/**
 * Language detection and the per-request i18next instance (remix-i18next middleware).
 * Order: `?lng=` (an explicit switch, then kept in a cookie), the cookie, Accept-Language, English.
 */
import { createCookie, type MiddlewareFunction } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { FALLBACK_LANGUAGE, i18nOptions, isLanguage, LANGUAGES, type Language } from "./config";
import { loadAllLanguages, namespaces } from "./resources";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

const resources = await loadAllLanguages(LANGUAGES);

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nOptions, resources, ns: namespaces() },
});

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
