/**
 * The period of a report (issue 34, /admin/reports), pure: a month (`?month=YYYY-MM`) or a range
 * of days (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, at most a year), in Istanbul
 * time; nothing asked is last month, and anything that cannot be read is last month too, with
 * `invalid` set so the page says so. Months are the partners' statements' (~/partners/statement).
 */
import { isStatementMonth, lastMonth, monthBounds, shiftMonth } from "~/partners/statement";

const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** The longest range: a leap year. */
export const MAX_REPORT_DAYS = 366;

export interface ReportPeriod {
  kind: "month" | "range";
  /** YYYY-MM of a month period; of the first day otherwise */
  month: string;
  /** the first and the last day, YYYY-MM-DD (Istanbul), both included */
  from: string;
  to: string;
  /** [start, end) as UTC instants: Istanbul midnight of `from` and of the day after `to` */
  start: string;
  end: string;
  /** the period's hours (occupancy's whole) */
  hours: number;
}

export type InvalidReason = "month" | "range" | "order" | "tooLong";

const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - ISTANBUL_OFFSET_MS).toISOString();
/** A real calendar day (not 31 February). */
export const isReportDay = (v: unknown): v is string => typeof v === "string" && DAY.test(v) && new Date(`${v}T00:00:00.000Z`).toISOString().slice(0, 10) === v && v >= "1900-01-01" && v < "3000-01-01";
const dayOf = (instant: number) => new Date(instant + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10);

function build(kind: ReportPeriod["kind"], from: string, to: string): ReportPeriod {
  const start = dayStart(from);
  const end = new Date(Date.parse(dayStart(to)) + DAY_MS).toISOString();
  return { kind, month: from.slice(0, 7), from, to, start, end, hours: (Date.parse(end) - Date.parse(start)) / 3_600_000 };
}

export function monthPeriod(month: string): ReportPeriod {
  const { end } = monthBounds(month);
  return build("month", `${month}-01`, dayOf(Date.parse(end) - DAY_MS));
}

/** The period a query string asks for; `invalid` says why it fell back to last month. */
export function reportPeriodFrom(params: URLSearchParams, now: Date = new Date()): { period: ReportPeriod; invalid?: InvalidReason } {
  const fallback = monthPeriod(lastMonth(now));
  const read = (name: string) => (params.get(name) ?? "").trim().slice(0, 20);
  const month = read("month");
  const from = read("from");
  const to = read("to");
  if (from || to) {
    if (!isReportDay(from) || !isReportDay(to)) return { period: fallback, invalid: "range" };
    if (to < from) return { period: fallback, invalid: "order" };
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_REPORT_DAYS) return { period: fallback, invalid: "tooLong" };
    // a range that is exactly a calendar month reads as that month
    const asMonth = monthPeriod(from.slice(0, 7));
    if (from === asMonth.from && to === asMonth.to) return { period: asMonth };
    return { period: build("range", from, to) };
  }
  if (month) return isStatementMonth(month) ? { period: monthPeriod(month) } : { period: fallback, invalid: "month" };
  return { period: fallback };
}

/** The query string of a period (the export links and the month arrows). */
export const periodQuery = (period: Pick<ReportPeriod, "from" | "to">): string => `from=${period.from}&to=${period.to}`;

/** The months before and after a month period, for its arrows. */
export const neighbourMonths = (month: string) => ({ previous: shiftMonth(month, -1), next: shiftMonth(month, 1) });
