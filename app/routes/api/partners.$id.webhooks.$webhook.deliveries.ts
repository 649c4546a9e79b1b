import { data } from "react-router";
import type { Route } from "./+types/partners.$id.webhooks.$webhook.deliveries";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { WEBHOOKS } from "~/partners/webhook-events";
import { listWebhookDeliveries } from "~/partners/webhooks.server";
import { deliveryJson } from "~/partners/webhooks-api.server";
import { apiProblem } from "~/server/api";
import { getApp } from "~/server/context";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "~/server/db/schema";
import { isPlausibleId } from "~/server/http/ids";
import { parseLimit, parsePage } from "~/utils/paging";

const isStatus = (v: string | null): v is WebhookDeliveryStatus => v !== null && (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(v);

/**
 * GET /api/partners/{id}/webhooks/{webhook}/deliveries `?status=pending|delivered|failed&page=&limit=`
 * — the webhook's deliveries, newest first, with their attempts, last status code, time and error (admins).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  const query = new URL(request.url).searchParams;
  const status = query.get("status");
  const page =
    isPlausibleId(params.id) && isPlausibleId(params.webhook)
      ? await listWebhookDeliveries(db.kysely, params.id, params.webhook, { status: isStatus(status) ? status : undefined, page: parsePage(query.get("page")), pageSize: parseLimit(query.get("limit"), 25) })
      : undefined;
  if (!page) return apiProblem(404, "not_found", problem(WEBHOOKS.notFound));
  return data(
    {
      success: true as const,
      data: page.deliveries.map(deliveryJson),
      pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: Math.max(1, Math.ceil(page.total / page.pageSize)) },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
