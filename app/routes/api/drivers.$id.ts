import type { Route } from "./+types/drivers.$id";
import { requireApi } from "~/auth/session.server";
import { driverInputFromJson } from "~/drivers/drivers-api.server";
import { DRIVERS } from "~/drivers/drivers";
import { deleteDriver, getDriver, updateDriver } from "~/drivers/drivers.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(DRIVERS.notFound));

/** GET /api/drivers/{id} — one driver (drivers.read). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "drivers.read");
  const { db } = getApp(context);
  const driver = isPlausibleId(params.id) ? await getDriver(db.kysely, params.id) : undefined;
  return driver ? apiOk(driver) : notFound();
}

/**
 * PATCH /api/drivers/{id} (drivers.write): fields not sent keep their value, null clears an
 * optional one. DELETE (drivers.delete, admins): refused with 409 while the driver has assigned
 * legs (deactivate them instead). Both audited.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const session = await requireApi(request, context, request.method === "DELETE" ? "drivers.delete" : "drivers.write");
  const { db, storage } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const actor = { id: session.user.id, label: session.user.name || session.user.email };
  if (request.method === "DELETE") {
    const result = await deleteDriver(db.kysely, params.id, actor, storage);
    if (result.ok) return apiOk({ id: params.id, deleted: true });
    return result.reason === "in_use" ? apiProblem(409, "conflict", problem(DRIVERS.inUse)) : notFound();
  }
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const parsed = driverInputFromJson(read.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), parsed.fields);
  const result = await updateDriver(db.kysely, params.id, parsed.input, actor);
  if (result.ok) return apiOk(result.driver);
  return result.reason === "not_found" ? notFound() : apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), result.fields);
}
