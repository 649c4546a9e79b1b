import type { Route } from "./+types/reports";
import { periodQuery, reportPeriodFrom } from "~/admin/reports-period";
import { periodReport } from "~/admin/reports.server";
import { PeriodForms, ReportSection, SummaryFigures } from "~/admin/reports-view";
import { AdminPage, Alert, buttonClass } from "~/admin/ui";
import { useTranslation } from "~/i18n/react";
import { getApp } from "~/server/context";
import { formatCalendarDay } from "~/admin/format";

/** "Ekim 2026" of "2026-10", in the admin language. */
const monthName = (month: string, lng: string) => new Intl.DateTimeFormat(lng, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * GET /admin/reports?month=YYYY-MM or ?from=YYYY-MM-DD&to=YYYY-MM-DD (issue 34): the period in
 * numbers, last month by default; a period that cannot be read shows last month and says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { period, invalid } = reportPeriodFrom(new URL(request.url).searchParams);
  return { report: await periodReport(db.kysely, period), invalid: invalid ?? null };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { report, invalid } = loaderData;
  const { period } = report;
  const lng = i18n.language;
  const title =
    period.kind === "month"
      ? t("reports.titleMonth", { month: monthName(period.month, lng) })
      : t("reports.titleRange", { from: formatCalendarDay(period.from, lng), to: formatCalendarDay(period.to, lng) });
  return (
    <AdminPage
      title={title}
      description={t("reports.description")}
      actions={
        <a href={`/admin/reports/export?${periodQuery(period)}&table=summary`} className={buttonClass("secondary")} download>
          {t("reports.summaryCsv")}
        </a>
      }
    >
      <title>{`${title} · ${t("shell.brand")}`}</title>
      {invalid ? <Alert tone="error">{t(`reports.errors.${invalid}`)}</Alert> : null}
      <PeriodForms period={period} />
      <SummaryFigures report={report} />
      <ReportSection report={report} table="cars" measures={["revenue", "occupancy"]} wide note={t("reports.notes.cars", { hours: period.hours })} />
      <ReportSection report={report} table="partners" note={t("reports.notes.partners")} />
      <ReportSection report={report} table="channels" />
      <ReportSection report={report} table="categories" />
      <ReportSection report={report} table="drivers" measures={["payout"]} wide note={t("reports.notes.drivers")} />
      <section className="text-sm text-slate-600 admin-dark:text-slate-400">
        <h2 className="mb-2 text-base font-semibold text-slate-900 admin-dark:text-white">{t("reports.howTitle")}</h2>
        <ul className="list-disc space-y-1 pl-5">
          {(["period", "revenue", "cars", "occupancy", "cancellations", "noShows", "payouts"] as const).map((k) => (
            <li key={k}>{t(`reports.how.${k}`)}</li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
