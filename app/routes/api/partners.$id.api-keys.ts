import type { Route } from "./+types/partners.$id.api-keys";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { createPartnerApiKey, keyName, listPartnerApiKeys, MAX_KEY_NAME } from "~/partners/api-keys.server";
import { PARTNERS } from "~/partners/partners";
import { apiKeyJson, PARTNERS_API } from "~/partners/partners-api.server";
import { getPartner } from "~/partners/partners.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(PARTNERS.notFound));


/** GET /api/partners/{id}/api-keys — the partner's keys, newest first, without the keys themselves (admins). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  if (!isPlausibleId(params.id) || !(await getPartner(db.kysely, params.id))) return notFound();
  return apiOk((await listPartnerApiKeys(db.kysely, params.id)).map(apiKeyJson));
}

/**
 * POST /api/partners/{id}/api-keys `{ name }` — a new key for the partner (admins), answered once in
 * `data.key` (stored only as its hash: lost, it is revoked and another made); audited.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const name = keyName((read.body as Record<string, unknown>).name);
  if (!name) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), { name: [problem(PARTNERS_API.keyNameInvalid, { max: MAX_KEY_NAME })] });
  const made = await createPartnerApiKey(db.kysely, params.id, name, { id: session.user.id, label: session.user.name || session.user.email });
  if (!made) return notFound();
  return apiOk({ ...apiKeyJson(made.record), key: made.key }, { status: 201 });
}
