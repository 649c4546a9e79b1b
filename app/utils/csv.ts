/**
 * CSV for spreadsheets as Excel set to Turkish opens them: semicolon-separated (Turkish Excel's
 * list separator, because the comma is the decimal mark), cells quoted when needed, formula
 * injection neutralised (a cell that starts with = + - @ tab or CR gets a leading apostrophe, so
 * Excel shows it as text; a phone number gets a tab instead, see `csvCell`), CRLF rows, a UTF-8 byte-order mark so Excel reads Turkish letters,
 * dates as `GG.AA.YYYY SS:DD` in Istanbul time and numbers with a decimal comma. Pure.
 */
import { istanbulIso } from "~/admin/format";

export const BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

/** An international phone number as people type it: "+90 532 123 45 67", "+49 (30) 1234-56". */
const PHONE = /^\+[\d\s().\-/]{4,40}$/;

/**
 * One cell. Formula protection: a cell starting with = + - @ tab or CR would run as a formula, so
 * it is prefixed. The apostrophe Excel hides when it is typed is shown when it comes from a CSV
 * ("'+90 532…" on every phone), so a phone number is prefixed with a tab inside quotes instead:
 * OWASP's "Excel-resistant" mitigation (CSV Injection page), the cell stays text, the tab is
 * invisible in the cell and survives Excel saving and re-opening the file, which the apostrophe
 * does not. Other formula-like text keeps the apostrophe, which also makes the neutralisation visible.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (PHONE.test(text)) return `"\t${text}"`;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

/** The export's file name: rezervasyonlar-YYYY-MM-DD.csv, the date in Istanbul. */
export function csvFileName(prefix: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${prefix}-${day}.csv`;
}

/** An instant as the back office reads it (spec §9, ~/admin/format): Istanbul date and time, or undefined. */
export function istanbulParts(iso: string | null | undefined): { date: string; time: string } | undefined {
  return istanbulIso(iso);
}

/** An instant as Turkish Excel reads a date-time in one cell: `15.12.2026 14:30` (Istanbul); "" when missing. */
export function excelDateTime(iso: string | null | undefined): string {
  const parts = istanbulParts(iso);
  if (!parts) return "";
  const [y, m, d] = parts.date.split("-");
  return `${d}.${m}.${y} ${parts.time}`;
}

/** A number with a decimal comma and no thousands separator: 1234.5 → "1234,50" (2 digits) or "1234,5". */
export function decimalComma(value: number, digits?: number): string {
  const text = digits === undefined ? String(Math.round(value * 100) / 100) : value.toFixed(digits);
  return text.replace(".", ",");
}
