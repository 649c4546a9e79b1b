/**
 * Dashboard arithmetic, pure (unit-tested): month boundaries in the business time zone and the
 * change and rate formulas shown on the dashboard.
 */
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;

export interface MonthWindow {
  /** first instant of this month in Istanbul, ISO UTC */
  thisMonthStart: string;
  /** first instant of next month */
  nextMonthStart: string;
  /** first instant of the previous month */
  previousMonthStart: string;
}

export function monthWindow(now: Date): MonthWindow {
  const local = new Date(now.getTime() + ISTANBUL_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const at = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - ISTANBUL_OFFSET_MS).toISOString();
  return { previousMonthStart: at(y, m - 1), thisMonthStart: at(y, m), nextMonthStart: at(y, m + 1) };
}

/**
 * Change from the previous month in percent, one decimal: (current − previous) ÷ previous × 100.
 * With nothing last month there is no percentage to give: null (shown as "no data last month").
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** part ÷ whole in percent, one decimal, 0 when the whole is 0, at most 100. */
export function rate(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}
