/**
 * GET /admin/partners/:id/statements/:file — a partner's month as a file: `YYYY-MM.pdf` (the
 * statement in the partner's language) or `YYYY-MM.csv` (for Turkish Excel). Staff who may read partners.
 */
import type { Route } from "./+types/partners.$id.statements.$file";
import { data } from "react-router";
import { statementCsvFile, statementFileResponse, statementPdfFile } from "~/partners/statement-files.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

const FILE = /^(\d{4}-\d{2})\.(pdf|csv)$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getApp(context).db.kysely;
  const [, month, ext] = FILE.exec(params.file) ?? [];
  if (!isPlausibleId(params.id) || !month) throw data(null, { status: 404 });
  const file = ext === "pdf" ? await statementPdfFile(db, params.id, month) : await statementCsvFile(db, params.id, month);
  if (!file) throw data(null, { status: 404 });
  return statementFileResponse(file);
}
