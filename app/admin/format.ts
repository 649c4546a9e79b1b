/**
 * Back-office formats (spec §9): instants shown in the business time zone, Europe/Istanbul
 * (UTC+3 all year since 2016), as "YYYY-MM-DD HH:mm" in every language; a missing date reads
 * "Belirtilmemiş" (or the admin language's word). Counts and distances follow the admin language;
 * money stays tr-TR with ₺ (~/utils/money).
 */
import { LOCALE_TAGS } from "~/i18n/config";

export const MISSING_DATE = "Belirtilmemiş";
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-05-01T09:30:00.000Z" → "2026-05-01 12:30"; empty or unparsable → `missing`. */
export function formatAdminDate(iso: string | null | undefined, missing = MISSING_DATE): string {
  if (!iso) return missing;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return missing;
  const d = new Date(time + ISTANBUL_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Only the calendar day in Istanbul: "2026-05-01". */
export function formatAdminDay(iso: string | null | undefined, missing = MISSING_DATE): string {
  const full = formatAdminDate(iso, missing);
  return full === missing ? full : full.slice(0, 10);
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
