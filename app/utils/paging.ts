/**
 * Page numbers and page sizes as a URL gives them: anything that is not a positive whole number
 * is the first page (or the default size), and a page number is kept under a million, so a huge
 * `?page=999999999999999999999` asks for an empty page instead of an offset the database refuses.
 */
export const MAX_PAGE = 1_000_000;

export function parsePage(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_PAGE) : 1;
}

/** A page size from the URL, between 1 and `max`; `fallback` when absent or unreadable. */
export function parseLimit(value: string | null | undefined, fallback: number, max = 100): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
}
