/**
 * The report's tables, written once for the page and the CSV (issue 34): each table's columns, what
 * each cell holds and of what kind (money in kuruş, a count, kilometres, hours, a percentage, a text).
 * The page formats them for the admin language, the CSV for Turkish Excel (~/utils/csv).
 */
import type { TFunction } from "i18next";
import { BOM, csvRow, decimalComma } from "~/utils/csv";
import type { Kurus } from "~/utils/money";
import type { CarLine, DriverLine, NamedLine, Report } from "./reports";

export const REPORT_TABLES = ["cars", "drivers", "categories", "channels", "partners", "summary"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const isReportTable = (v: unknown): v is ReportTable => typeof v === "string" && (REPORT_TABLES as readonly string[]).includes(v);

export type CellKind = "text" | "money" | "count" | "km" | "hours" | "percent";
export type Cell = { kind: "text"; value: string } | { kind: Exclude<CellKind, "text">; value: number };
export interface TableView {
  /** column keys: `reports.columns.<key>` */
  columns: string[];
  kinds: CellKind[];
  rows: Array<{ key: string; cells: Cell[] }>;
}

const text = (value: string): Cell => ({ kind: "text", value });
const money = (value: Kurus): Cell => ({ kind: "money", value });
const count = (value: number): Cell => ({ kind: "count", value });
const REVENUE = ["bookings", "booked", "completed", "paid"];
const revenueCells = (l: { bookings: number; booked: Kurus; completed: Kurus; paid: Kurus }) => [count(l.bookings), money(l.booked), money(l.completed), money(l.paid)];

function view(columns: string[], rows: Array<{ key: string; cells: Cell[] }>): TableView {
  return { columns, kinds: rows[0]?.cells.map((c) => c.kind) ?? columns.map(() => "text"), rows };
}

/** A line's name as the office reads it: a car or driver without a name, the direct bookings, a channel. */
export function lineName(t: TFunction, table: ReportTable, line: { key: string; name: string }): string {
  if (table === "channels") return t(`channels.${line.key}`);
  if (table === "partners" && line.key === "") return t("reports.direct");
  if (table === "categories" && line.key === "") return t("reports.noCategory");
  return line.name || t("reports.unknown");
}

/** The payout rule in words ("₺250,00 / transfer", "₺12,00 / km", "%25"). */
export function payoutRuleText(t: TFunction, payout: DriverLine["payout"], formatMoney: (k: Kurus) => string): string {
  if (!payout) return t("reports.payout.none");
  if (payout.rule === "trip") return t("reports.payout.trip", { amount: formatMoney(payout.perTripKurus) });
  if (payout.rule === "km") return t("reports.payout.km", { amount: formatMoney(payout.perKmKurus) });
  return t("reports.payout.share", { percent: String(payout.shareBp / 100).replace(".", ",") });
}

export function reportTable(report: Report, table: ReportTable, t: TFunction, formatMoney: (k: Kurus) => string): TableView {
  const name = (l: { key: string; name: string }) => text(lineName(t, table, l));
  switch (table) {
    case "cars":
      return view(
        ["car", "plate", "category", ...REVENUE, "trips", "km", "hours", "occupancy"],
        report.cars.map((c: CarLine) => ({
          key: c.key,
          cells: [name(c), text(c.plate ?? ""), text(c.category), ...revenueCells(c), count(c.trips), { kind: "km", value: c.km }, { kind: "hours", value: c.hours }, { kind: "percent", value: c.occupancy }],
        })),
      );
    case "drivers":
      return view(
        ["driver", "legs", "km", "noShows", "booked", "completed", "paid", "rule", "payout"],
        report.drivers.map((d) => ({
          key: d.key,
          cells: [name(d), count(d.legs), { kind: "km", value: d.km }, count(d.noShows), money(d.booked), money(d.completed), money(d.paid), text(payoutRuleText(t, d.payout, formatMoney)), money(d.earned)],
        })),
      );
    case "categories":
    case "channels":
    case "partners": {
      const first = table === "categories" ? "category" : table === "channels" ? "channel" : "partner";
      const lines: NamedLine[] = report[table];
      return view([first, ...REVENUE], lines.map((l) => ({ key: l.key, cells: [name(l), ...revenueCells(l)] })));
    }
    case "summary": {
      const s = report.totals;
      const rows: Array<[string, Cell]> = [
        ["bookings", count(s.bookings)],
        ["booked", money(s.booked)],
        ["completed", money(s.completed)],
        ["paid", money(s.paid)],
        ["trips", count(s.trips)],
        ["km", { kind: "km", value: s.km }],
        ["cancelled", count(s.cancelled.bookings)],
        ["cancelledLost", money(s.cancelled.lost)],
        ["noShows", count(s.noShows.legs)],
        ["noShowsLost", money(s.noShows.lost)],
        ["payouts", money(s.payouts)],
      ];
      return { columns: ["figure", "value"], kinds: ["text", "text"], rows: rows.map(([key, cell]) => ({ key, cells: [text(t(`reports.summary.${key}`)), cell] })) };
    }
  }
}

/** A cell for Turkish Excel: lira and kilometres with a decimal comma, no thousands separator. */
function csvValue(cell: Cell): string | number {
  switch (cell.kind) {
    case "text":
      return cell.value;
    case "money":
      return decimalComma(cell.value / 100, 2);
    case "count":
      return cell.value;
    default:
      return decimalComma(cell.value, 1);
  }
}

/** One table of the report as CSV for Turkish Excel (BOM, semicolons, decimal commas). */
export function reportCsv(report: Report, table: ReportTable, t: TFunction, formatMoney: (k: Kurus) => string): string {
  const v = reportTable(report, table, t, formatMoney);
  return BOM + csvRow(v.columns.map((c) => t(`reports.columns.${c}`))) + v.rows.map((r) => csvRow(r.cells.map(csvValue))).join("");
}
