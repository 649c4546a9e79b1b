import type { Route } from "./+types/partners.$id.api-keys.$key";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { revokePartnerApiKey } from "~/partners/api-keys.server";
import { apiKeyJson, PARTNERS_API } from "~/partners/partners-api.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";

/** GET: a key is read in the partner's list (GET /api/partners/{id}/api-keys), never alone. */
export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/partners/{id}/api-keys/{key} — revokes the key at once (admins); the record stays, marked revoked; audited. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  const revoked =
    isPlausibleId(params.id) && isPlausibleId(params.key)
      ? await revokePartnerApiKey(db.kysely, params.id, params.key, { id: session.user.id, label: session.user.name || session.user.email })
      : undefined;
  return revoked ? apiOk(apiKeyJson(revoked)) : apiProblem(404, "not_found", problem(PARTNERS_API.keyNotFound));
}
