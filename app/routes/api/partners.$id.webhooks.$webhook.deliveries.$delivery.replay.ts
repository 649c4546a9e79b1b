import type { Route } from "./+types/partners.$id.webhooks.$webhook.deliveries.$delivery.replay";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { WEBHOOKS } from "~/partners/webhook-events";
import { replayWebhookDelivery } from "~/partners/webhooks.server";
import { deliveryJson } from "~/partners/webhooks-api.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/partners/{id}/webhooks/{webhook}/deliveries/{delivery}/replay — sends the delivery's body
 * again as a new delivery, due now (admins); the original is left as it was. Audited.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  const replayed =
    isPlausibleId(params.id) && isPlausibleId(params.webhook) && isPlausibleId(params.delivery)
      ? await replayWebhookDelivery(db.kysely, params.id, params.webhook, params.delivery, { id: session.user.id, label: session.user.name || session.user.email })
      : undefined;
  return replayed ? apiOk(deliveryJson(replayed), { status: 202 }) : apiProblem(404, "not_found", problem(WEBHOOKS.deliveryNotFound));
}
