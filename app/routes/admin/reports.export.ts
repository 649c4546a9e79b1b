import type { Route } from "./+types/reports.export";
import { data } from "react-router";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { reportPeriodFrom } from "~/admin/reports-period";
import { periodReport } from "~/admin/reports.server";
import { isReportTable, reportCsv } from "~/admin/reports-tables";
import { fixedT } from "~/i18n/translate.server";
import { getApp } from "~/server/context";
import { formatTry } from "~/utils/money";

/**
 * GET /admin/reports/export?from=YYYY-MM-DD&to=YYYY-MM-DD&table=cars|drivers|categories|channels|partners|summary
 * (or ?month=YYYY-MM): one table of the report (issue 34) for Turkish Excel (semicolons, BOM,
 * decimal commas). A period or table that cannot be read is a 400 in the admin language, never last month's figures under another name.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const params = new URL(request.url).searchParams;
  const table = params.get("table");
  const { period, invalid } = reportPeriodFrom(params);
  if (!isReportTable(table)) throw data(adminText(lng, "reports.errors.table"), { status: 400 });
  if (invalid) throw data(adminText(lng, `reports.errors.${invalid}`), { status: 400 });
  const t = fixedT(lng, "admin");
  const body = reportCsv(await periodReport(db.kysely, period), table, t, formatTry);
  const name = `${adminText(lng, "reports.file.name")}-${adminText(lng, `reports.file.${table}`)}-${period.from}-${period.to}.csv`.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
