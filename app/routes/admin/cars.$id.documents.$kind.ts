/**
 * GET /admin/cars/:id/documents/:kind — the scan of one of a car's documents (issue 34): personal
 * data, so only staff who may read cars get it, never cached; `?download=1` saves it.
 */
import { data } from "react-router";
import type { Route } from "./+types/cars.$id.documents.$kind";
import { documentScan, documentScanResponse } from "~/fleet/documents.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const scan = isPlausibleId(params.id)
    ? await documentScan(getApp(context).db.kysely, { kind: "car", id: params.id }, params.kind)
    : undefined;
  if (!scan) throw data(null, { status: 404 });
  return documentScanResponse(scan, new URL(request.url).searchParams.get("download") === "1");
}
