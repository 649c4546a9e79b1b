import type { Route } from "./+types/partners.$id";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { PARTNERS } from "~/partners/partners";
import { apiFieldProblems, partnerInputFromJson, partnerJson } from "~/partners/partners-api.server";
import { getPartner, updatePartner } from "~/partners/partners.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(PARTNERS.notFound));

/** GET /api/partners/{id} — one partner (partners.read). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.read");
  const { db } = getApp(context);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  return partner ? apiOk(partnerJson(partner)) : notFound();
}

/**
 * PATCH /api/partners/{id} (partners.write): fields not sent keep their value, null clears an
 * optional one; audited. A partner is never deleted (its bookings point at it): `active: false`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const parsed = partnerInputFromJson(read.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), parsed.fields);
  const result = await updatePartner(db.kysely, params.id, parsed.input, { id: session.user.id, label: session.user.name || session.user.email });
  if (result.ok) return apiOk(partnerJson(result.partner));
  return result.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", problem(PARTNERS.saveFailed), apiFieldProblems(result.fields));
}
