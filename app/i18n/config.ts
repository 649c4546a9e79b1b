/** Languages of the public site; English is the fallback (spec §9). */
export const LANGUAGES = ["en", "tr", "de", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const DEFAULT_NAMESPACE = "common";

/** BCP 47 tags used for dates and numbers in each language. */
export const LOCALE_TAGS: Record<Language, string> = {
  en: "en-GB",
  tr: "tr-TR",
  de: "de-DE",
  ru: "ru-RU",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
