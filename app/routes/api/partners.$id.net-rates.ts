import type { Route } from "./+types/partners.$id.net-rates";
import { requireApi } from "~/auth/session.server";
import { problem } from "~/i18n/problem";
import { NET_RATES } from "~/partners/net-rates";
import { netRatesInputFromJson, netRatesJson } from "~/partners/net-rates-api.server";
import { readPartnerNetRates, savePartnerNetRates } from "~/partners/net-rates.server";
import { PARTNERS } from "~/partners/partners";
import { getPartner } from "~/partners/partners.server";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(PARTNERS.notFound));

/** GET /api/partners/{id}/net-rates — the partner's rule and its own fares and rates, lira (partners.read). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "partners.read");
  const { db } = getApp(context);
  const partner = isPlausibleId(params.id) ? await getPartner(db.kysely, params.id) : undefined;
  if (!partner) return notFound();
  return apiOk(netRatesJson(partner, await readPartnerNetRates(db.kysely, partner.id)));
}

/** PUT /api/partners/{id}/net-rates `{ fares, categories }` — replaces the partner's own rates whole (partners.write); audited. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const session = await requireApi(request, context, "partners.write");
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const parsed = netRatesInputFromJson(read.body as Record<string, unknown>);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(NET_RATES.saveFailed), parsed.fields);
  const result = await savePartnerNetRates(db.kysely, params.id, parsed.input, { id: session.user.id, label: session.user.name || session.user.email });
  if (!result.ok) return result.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", problem(NET_RATES.saveFailed), result.fields);
  const partner = await getPartner(db.kysely, params.id);
  return partner ? apiOk(netRatesJson(partner, result.rates)) : notFound();
}
