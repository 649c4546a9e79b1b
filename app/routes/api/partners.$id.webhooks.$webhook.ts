import type { Route } from "./+types/partners.$id.webhooks.$webhook";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { WEBHOOKS } from "~/partners/webhook-events";
import { deletePartnerWebhook, updatePartnerWebhook } from "~/partners/webhooks.server";
import { webhookInputFromJson, webhookJson, webhookWriteContext } from "~/partners/webhooks-api.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(WEBHOOKS.notFound));

/** GET: a webhook is read in the partner's list (GET /api/partners/{id}/webhooks). */
export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);

/**
 * PATCH /api/partners/{id}/webhooks/{webhook} `{ url?, events?, description?, active? }` — changes
 * what is sent (admins; a new URL is checked again); DELETE deletes the webhook (it hears nothing
 * more, its log stays). Both audited; another partner's webhook is a 404.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const session = await requireApi(request, context, "partners.write");
  const app = getApp(context);
  if (!isPlausibleId(params.id) || !isPlausibleId(params.webhook)) return notFound();
  const actor = { id: session.user.id, label: session.user.name || session.user.email };
  if (request.method === "DELETE") {
    const deleted = await deletePartnerWebhook(app.db.kysely, params.id, params.webhook, actor);
    return deleted ? apiOk(webhookJson(deleted)) : notFound();
  }
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const saved = await updatePartnerWebhook(app.db.kysely, params.id, params.webhook, webhookInputFromJson(read.body), webhookWriteContext(app, actor));
  if (saved.ok) return apiOk(webhookJson(saved.webhook));
  return saved.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", problem(WEBHOOKS.saveFailed), saved.fields);
}
