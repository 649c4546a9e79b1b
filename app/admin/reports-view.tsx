/**
 * The reports screen's parts (issue 34): the period forms (a month, or a range of days; plain GET
 * forms), the period's figures, and a section per table: an SVG bar chart (./bar-chart.tsx) with
 * the same figures as a table beside it (scrolling sideways on a phone as a named region) and its CSV.
 */
import type { TFunction } from "i18next";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { formatTry, type Kurus } from "~/utils/money";
import { BarChart, type Bar } from "./bar-chart";
import { useAdminFormat } from "./i18n";
import type { Report } from "./reports";
import { neighbourMonths, periodQuery, type ReportPeriod } from "./reports-period";
import { lineName, reportTable, type Cell, type ReportTable } from "./reports-tables";
import { buttonClass, Card, CONTROL, EmptyState } from "./ui";

export function PeriodForms({ period }: { period: ReportPeriod }) {
  const { t } = useTranslation("admin");
  const { previous, next } = neighbourMonths(period.month);
  return (
    <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("reports.monthForm")}>
        <div>
          <label htmlFor="report-month" className="mb-1 block text-sm font-medium">
            {t("reports.month")}
          </label>
          <input id="report-month" type="month" name="month" defaultValue={period.kind === "month" ? period.month : ""} required pattern="\d{4}-\d{2}" className={CONTROL} />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("reports.show")}
        </button>
        <Link to={`?month=${previous}`} className={buttonClass("ghost")} aria-label={t("reports.previousMonth", { month: previous })}>
          ‹
        </Link>
        <Link to={`?month=${next}`} className={buttonClass("ghost")} aria-label={t("reports.nextMonth", { month: next })}>
          ›
        </Link>
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("reports.rangeForm")}>
        <div>
          <label htmlFor="report-from" className="mb-1 block text-sm font-medium">
            {t("reports.from")}
          </label>
          <input id="report-from" type="date" name="from" defaultValue={period.from} required className={CONTROL} />
        </div>
        <div>
          <label htmlFor="report-to" className="mb-1 block text-sm font-medium">
            {t("reports.to")}
          </label>
          <input id="report-to" type="date" name="to" defaultValue={period.to} required className={CONTROL} />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("reports.show")}
        </button>
      </Form>
    </div>
  );
}

export function SummaryFigures({ report }: { report: Report }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const s = report.totals;
  const items: Array<[string, string, string?]> = [
    ["booked", formatTry(s.booked), t("reports.figures.bookings", { count: s.bookings })],
    ["completed", formatTry(s.completed)],
    ["paid", formatTry(s.paid)],
    ["trips", format.number(s.trips), format.km(s.km)],
    ["cancelled", format.number(s.cancelled.bookings), t("reports.figures.lost", { amount: formatTry(s.cancelled.lost) })],
    ["noShows", format.number(s.noShows.legs), t("reports.figures.lost", { amount: formatTry(s.noShows.lost) })],
    ["payouts", formatTry(s.payouts)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-7" data-testid="report-figures">
      {items.map(([key, value, note]) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm admin-dark:border-slate-800 admin-dark:bg-slate-900">
          <dt className="text-xs font-medium text-slate-600 uppercase admin-dark:text-slate-400">{t(`reports.summary.${key}`)}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
          {note ? <dd className="text-xs text-slate-600 admin-dark:text-slate-400">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function useCellText() {
  const format = useAdminFormat();
  const { t } = useTranslation("admin");
  return (cell: Cell): string => {
    switch (cell.kind) {
      case "text":
        return cell.value;
      case "money":
        return formatTry(cell.value as Kurus);
      case "count":
        return format.number(cell.value);
      case "km":
        return format.km(cell.value);
      case "hours":
        return t("reports.hours", { value: cell.value.toLocaleString("tr-TR", { maximumFractionDigits: 1 }) });
      case "percent":
        return format.percent(cell.value, 1);
    }
  };
}

export function ReportTableView({ report, table }: { report: Report; table: ReportTable }) {
  const { t } = useTranslation("admin");
  const cellText = useCellText();
  const v = reportTable(report, table, t, formatTry);
  if (v.rows.length === 0) return <EmptyState title={t("reports.empty")} />;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t(`reports.tables.${table}`)}>
      <table className="w-full text-left text-sm" data-testid={`report-${table}`}>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 admin-dark:bg-slate-800 admin-dark:text-slate-300">
          <tr>
            {v.columns.map((c, i) => (
              <th key={c} scope="col" className={`px-3 py-2 font-semibold whitespace-nowrap ${i > 0 && v.kinds[i] !== "text" ? "text-right" : ""}`}>
                {t(`reports.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 admin-dark:divide-slate-800">
          {v.rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2 font-medium">
                    {cellText(cell)}
                  </th>
                ) : (
                  <td key={i} className={`px-3 py-2 whitespace-nowrap ${cell.kind === "text" ? "" : "text-right tabular-nums"}`}>
                    {cellText(cell)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Measure = "revenue" | "occupancy" | "payout";

/** The bars of a table: booked (paid under it) per line; the cars' occupancy; the drivers' payouts. */
function bars(report: Report, table: Exclude<ReportTable, "summary">, measure: Measure, t: TFunction, format: ReturnType<typeof useAdminFormat>): Bar[] {
  const lines = report[table] as Array<{ key: string; name: string; booked: Kurus; paid: Kurus; occupancy?: number; earned?: Kurus }>;
  return lines.map((l) => {
    const label = lineName(t, table, l);
    if (measure === "occupancy") return { key: l.key, label, value: l.occupancy ?? 0, text: format.percent(l.occupancy ?? 0, 1) };
    if (measure === "payout") return { key: l.key, label, value: l.earned ?? 0, text: formatTry(l.earned ?? (0 as Kurus)) };
    return { key: l.key, label, value: l.booked, text: formatTry(l.booked), second: { value: l.paid, text: formatTry(l.paid) } };
  });
}

export function ReportSection({ report, table, measures = ["revenue"], note, wide = false }: { report: Report; table: Exclude<ReportTable, "summary">; measures?: Measure[]; note?: string; wide?: boolean }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const title = t(`reports.tables.${table}`);
  const empty = report[table].length === 0;
  return (
    <Card
      title={title}
      bodyClassName="space-y-4 p-0 pb-4"
      actions={
        <a href={`/admin/reports/export?${periodQuery(report.period)}&table=${table}`} className={buttonClass("secondary", "sm")} download aria-label={t("reports.csvOf", { table: title })}>
          {t("reports.download")}
        </a>
      }
    >
      {note ? <p className="px-5 pt-3 text-sm text-slate-600 admin-dark:text-slate-400">{note}</p> : null}
      {empty ? (
        <ReportTableView report={report} table={table} />
      ) : (
        // a table of many columns (cars, drivers) goes under its charts; a short one beside them on a wide screen
        <div className={`grid gap-6 px-5 pt-3 ${wide ? "" : "xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"}`}>
          <div className={wide && measures.length > 1 ? "grid gap-6 lg:grid-cols-2" : "space-y-6"}>
            {measures.map((m) => (
              <BarChart
                key={m}
                title={t(`reports.charts.${m}`, { table: title })}
                bars={bars(report, table, m, t, format)}
                legend={m === "revenue" ? { first: t("reports.columns.booked"), second: t("reports.columns.paid") } : { first: t(`reports.charts.${m}`, { table: title }) }}
              />
            ))}
          </div>
          <ReportTableView report={report} table={table} />
        </div>
      )}
    </Card>
  );
}
