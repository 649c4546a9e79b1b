import type { Route } from "./+types/audit.export";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { parseAuditQuery } from "~/audit/audit-log";
import { auditCsvStream } from "~/audit/audit-log.server";
import { csvFileName } from "~/utils/csv";
import { getApp } from "~/server/context";

/**
 * GET /admin/audit/export?from=&to=&user=&entity=&action=&q= — the log's filter read by the page's
 * own parse (a value the page refuses, the file ignores too), as CSV for Turkish Excel (admin only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const { filter } = parseAuditQuery(new URL(request.url).searchParams);
  const lng = await adminLanguage(db.kysely);
  const name = csvFileName(adminText(lng, "audit.csv.fileName"));
  return new Response(auditCsvStream(db.kysely, filter, lng), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
