/**
 * Back-office formats (spec §9): instants shown in the business time zone, Europe/Istanbul
 * (UTC+3 all year since 2016), as "YYYY-MM-DD HH:mm"; a missing date reads "Belirtilmemiş".
 */
export const MISSING_DATE = "Belirtilmemiş";
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-05-01T09:30:00.000Z" → "2026-05-01 12:30"; empty or unparsable → "Belirtilmemiş". */
export function formatAdminDate(iso: string | null | undefined): string {
  if (!iso) return MISSING_DATE;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return MISSING_DATE;
  const d = new Date(time + ISTANBUL_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Only the calendar day in Istanbul: "2026-05-01". */
export function formatAdminDay(iso: string | null | undefined): string {
  const full = formatAdminDate(iso);
  return full === MISSING_DATE ? full : full.slice(0, 10);
}

/** A whole percentage for display: 12.345 → "%12"; negative keeps its sign. Turkish puts % first. */
export function formatPercent(value: number): string {
  return `%${Math.round(value)}`;
}
