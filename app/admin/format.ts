/**
 * Back-office formats (spec §9, issue 34): instants shown in the business time zone,
 * Europe/Istanbul (UTC+3 all year since 2016), as the admin language writes a date: "30.11.2026
 * 14:05" (GG.AA.YYYY SS:DD) in Turkish, German and Russian, "30/11/2026 14:05" in (British)
 * English; a missing date reads "Belirtilmemiş" (or the admin language's word). Form values,
 * URLs and data attributes stay ISO. Counts and distances follow the admin language; money stays
 * tr-TR with ₺ (~/utils/money).
 */
import { LOCALE_TAGS } from "~/i18n/config";

export const MISSING_DATE = "Belirtilmemiş";
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant's Istanbul calendar day and time as ISO text: { date: "2026-05-01", time: "12:30" }; undefined when empty or unparsable. */
export function istanbulIso(iso: string | null | undefined): { date: string; time: string } | undefined {
  if (!iso) return undefined;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  const d = new Date(time + ISTANBUL_OFFSET_MS);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

/** A calendar day "2026-11-30" as the admin language writes it: "30.11.2026" (tr, de, ru), "30/11/2026" (en); other text unchanged. */
export function formatCalendarDay(day: string, lng = "tr"): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const separator = lng === "en" ? "/" : ".";
  return `${m[3]}${separator}${m[2]}${separator}${m[1]}`;
}

/** "2026-05-01T09:30:00.000Z" → "01.05.2026 12:30" (en: "01/05/2026 12:30"); empty or unparsable → `missing`. */
export function formatAdminDate(iso: string | null | undefined, missing = MISSING_DATE, lng = "tr"): string {
  const parts = istanbulIso(iso);
  return parts ? `${formatCalendarDay(parts.date, lng)} ${parts.time}` : missing;
}

/** Only the calendar day in Istanbul: "01.05.2026". */
export function formatAdminDay(iso: string | null | undefined, missing = MISSING_DATE, lng = "tr"): string {
  const parts = istanbulIso(iso);
  return parts ? formatCalendarDay(parts.date, lng) : missing;
}

const localeOf = (lng: string) => LOCALE_TAGS[lng as keyof typeof LOCALE_TAGS] ?? LOCALE_TAGS.tr;

/** A whole number in the admin language: 1234 → "1.234" (tr, de), "1,234" (en), "1 234" (ru). */
export function formatAdminNumber(value: number, lng = "tr"): string {
  return Math.round(value).toLocaleString(localeOf(lng));
}

/**
 * A percentage with at most `digits` decimals (whole by default): 12.345 → "%12" in Turkish (the
 * sign first, as Turkish writes it), "12%" in English; 12.345 with one decimal → "%12,3", "12.3%".
 */
export function formatPercent(value: number, lng = "tr", digits = 0): string {
  if (lng === "tr") return `%${new Intl.NumberFormat(LOCALE_TAGS.tr, { maximumFractionDigits: digits }).format(value)}`;
  return new Intl.NumberFormat(localeOf(lng), { style: "percent", maximumFractionDigits: digits }).format(value / 100);
}
