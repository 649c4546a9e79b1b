import type { Route } from "./+types/notifications";
import { readJsonBody } from "~/server/http/json.server";
import { countUnread, listNotifications, markNotificationsRead } from "~/admin/notifications.server";
import { requireApi } from "~/auth/session.server";
import { REQUEST } from "~/admin/codes";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { parseLimit } from "~/utils/paging";

/** GET /api/notifications?unread=1&limit=20&offset=0 → {items, total, unread}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "account");
  const db = getApp(context).db.kysely;
  const params = new URL(request.url).searchParams;
  const limit = parseLimit(params.get("limit"), 20);
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const [list, unread] = await Promise.all([
    listNotifications(db, { limit, offset, unreadOnly: params.get("unread") === "1" }),
    countUnread(db),
  ]);
  return apiOk({ ...list, unread });
}

/** POST /api/notifications {ids: string[]} or {all: true} → marks them read; {marked, unread}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApi(request, context, "account");
  const db = getApp(context).db.kysely;
  const read = await readJsonBody(request);
  const body = read.ok ? read.body : undefined;
  const ids = body?.ids;
  const valid = Array.isArray(ids) && ids.length <= 500 && ids.every((id) => typeof id === "string" && id.length <= 64);
  if (!body || (body.all !== true && !valid)) {
    return apiProblem(400, "validation_failed", problem("admin:notifications.idsRequired"), { ids: [problem(REQUEST.invalidValue)] });
  }
  const marked = await markNotificationsRead(db, body.all === true ? "all" : (ids as string[]));
  return apiOk({ marked, unread: await countUnread(db) });
}
