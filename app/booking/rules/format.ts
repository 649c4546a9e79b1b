/**
 * Distance and duration as shown under a route (spec §9): `{n} km` rounded to whole kilometres,
 * `{h} saat {m} dk` or `{m} dk` under an hour in Turkish, and what a native reader expects in the
 * other languages.
 */
import { dateTimeFormat, numberFormat } from "~/utils/intl";
import { isLanguage, LOCALE_TAGS } from "~/i18n/config";
import type { Km } from "./units";
type Lng = "en" | "tr" | "de" | "ru";

const UNITS: Record<Lng, { km: string; h: string; min: string }> = {
  tr: { km: "km", h: "saat", min: "dk" },
  en: { km: "km", h: "h", min: "min" },
  de: { km: "km", h: "Std.", min: "Min." },
  ru: { km: "км", h: "ч", min: "мин" },
};

const units = (lng: string) => UNITS[(lng in UNITS ? lng : "en") as Lng];

/** `31 km` (whole kilometres, grouped in the language's way: 1,234 / 1.234 / 1 234). */
export function formatDistanceKm(km: Km, lng: string): string {
  const tag = { en: "en-GB", tr: "tr-TR", de: "de-DE", ru: "ru-RU" }[lng] ?? "en-GB";
  const n = numberFormat(tag, { maximumFractionDigits: 0 }).format(Math.round(Math.max(0, km)));
  return `${n} ${units(lng).km}`;
}

/** `1 saat 5 dk` / `45 dk`; at least one minute for any trip. */
export function formatDuration(seconds: number, lng: string): string {
  const total = Math.max(1, Math.round(Math.max(0, seconds) / 60));
  const h = Math.floor(total / 60);
  const m = total % 60;
  const u = units(lng);
  if (h === 0) return `${m} ${u.min}`;
  return m === 0 ? `${h} ${u.h}` : `${h} ${u.h} ${m} ${u.min}`;
}

/** A business date ("2026-12-15") as "Salı, 15 Aralık 2026" / "Tuesday 15 December 2026" in the reader's language (Turkish when unknown). */
export function longBusinessDate(date: string, lng: string): string {
  const tag = isLanguage(lng) ? LOCALE_TAGS[lng] : LOCALE_TAGS.tr;
  return dateTimeFormat(tag, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}
