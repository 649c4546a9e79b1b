/**
 * GET /partner/statements/:file — the signed-in partner's own month as `YYYY-MM.pdf` (in the
 * partner's language) or `YYYY-MM.csv` (for Excel), the same files the office downloads.
 */
import { data } from "react-router";
import type { Route } from "./+types/statements.$file";
import { requirePortal } from "~/partners/portal.server";
import { statementCsvFile, statementFileResponse, statementPdfFile } from "~/partners/statement-files.server";
import { getApp } from "~/server/context";

const FILE = /^(\d{4}-\d{2})\.(pdf|csv)$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { partner } = await requirePortal(request, context);
  const db = getApp(context).db.kysely;
  const [, month, ext] = FILE.exec(params.file) ?? [];
  if (!month) throw data(null, { status: 404 });
  const file = ext === "pdf" ? await statementPdfFile(db, partner.id, month) : await statementCsvFile(db, partner.id, month);
  if (!file) throw data(null, { status: 404 });
  return statementFileResponse(file);
}
