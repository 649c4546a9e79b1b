/**
 * CSV for spreadsheets: cells quoted when needed, formula injection neutralised (a cell that
 * starts with = + - @ tab or CR gets a leading apostrophe, so Excel shows it as text), CRLF rows,
 * and a UTF-8 byte-order mark so Excel reads Turkish letters. Pure.
 */
import { formatAdminDate, MISSING_DATE } from "~/admin/format";

export const BOM = "\uFEFF";

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The export's file name: rezervasyonlar-YYYY-MM-DD.csv, the date in Istanbul. */
export function csvFileName(prefix: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${prefix}-${day}.csv`;
}

/** An instant as the back office reads it (spec §9, ~/admin/format): Istanbul date and time, or undefined. */
export function istanbulParts(iso: string | null | undefined): { date: string; time: string } | undefined {
  const text = formatAdminDate(iso);
  if (text === MISSING_DATE) return undefined;
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}
