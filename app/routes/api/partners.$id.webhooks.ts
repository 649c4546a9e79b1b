import type { Route } from "./+types/partners.$id.webhooks";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { PARTNERS } from "~/partners/partners";
import { getPartner } from "~/partners/partners.server";
import { WEBHOOKS } from "~/partners/webhook-events";
import { createPartnerWebhook, listPartnerWebhooks } from "~/partners/webhooks.server";
import { webhookInputFromJson, webhookJson, webhookWriteContext } from "~/partners/webhooks-api.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(PARTNERS.notFound));

/** GET /api/partners/{id}/webhooks — the partner's webhooks, each with its newest delivery, never their secrets (admins). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  if (!isPlausibleId(params.id) || !(await getPartner(db.kysely, params.id))) return notFound();
  return apiOk((await listPartnerWebhooks(db.kysely, params.id)).map(webhookJson));
}

/**
 * POST /api/partners/{id}/webhooks `{ url, events, description?, active? }` — a new webhook (admins):
 * the URL must pass the outgoing-address check; the answer carries its signing secret in
 * `data.secret`. Audited.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "partners.write");
  const app = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const made = await createPartnerWebhook(app.db.kysely, params.id, webhookInputFromJson(read.body), webhookWriteContext(app, { id: session.user.id, label: session.user.name || session.user.email }));
  if (made.ok) return apiOk({ ...webhookJson(made.webhook), secret: made.secret }, { status: 201 });
  return made.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", problem(WEBHOOKS.saveFailed), made.fields);
}
