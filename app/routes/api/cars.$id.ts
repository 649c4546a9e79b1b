import type { Route } from "./+types/cars.$id";
import { can } from "~/auth/policy";
import { getCurrentSession, requireApi } from "~/auth/session.server";
import { AUTH } from "~/auth/messages";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { CAR_FORM } from "~/fleet/car-form";
import { carAsBody, getCarWithCount, removeCar, saveCar, savedCarBody } from "~/fleet/cars-api.server";
import { CAR_IN_USE, CAR_NOT_FOUND, getCar } from "~/fleet/cars.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { sessionAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";

const notFound = () => apiProblem(404, "not_found", CAR_NOT_FOUND);

/** GET /api/cars/{id} — an active car for anyone; any car, with its booking count, for an admin. */
/** The fields of a car that `cars.status` may change. */
const STATUS_FIELDS = new Set(["status", "maintenance_from", "maintenance_to", "maintenance_due_at"]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const session = await getCurrentSession(request, context);
  const admin = Boolean(session?.verified && can(session.user.role, "cars.read"));
  const car = admin ? await getCarWithCount(db.kysely, params.id) : await getCar(db.kysely, params.id);
  if (!car || (!admin && car.status !== "active")) return notFound();
  return apiOk(car);
}

/**
 * PUT and PATCH /api/cars/{id} (the same partial update: fields not sent keep their value) and
 * DELETE /api/cars/{id}, admin only.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "PATCH", "DELETE"]);
  const session = await requireApi(request, context, request.method === "DELETE" ? "cars.delete" : "cars.status");
  const { db, storage } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  if (request.method === "DELETE") {
    const result = await removeCar(db.kysely, storage, params.id, sessionAudit(context, session));
    if (result.ok) return apiOk({ id: params.id, deleted: true });
    if (result.reason === "in_use") {
      return apiProblem(409, "conflict", CAR_IN_USE);
    }
    return notFound();
  }
  const existing = await getCar(db.kysely, params.id);
  if (!existing) return notFound();
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body;
  // A dispatcher may change the status and the maintenance window, nothing else (policy.ts).
  if (!can(session.user.role, "cars.write") && Object.keys(body).some((key) => !STATUS_FIELDS.has(key))) {
    return apiProblem(403, "forbidden", problem(AUTH.forbidden));
  }
  // Images not sent keep their value as they are (a car from before the storage rule stays editable).
  const saved = await saveCar(db.kysely, storage, { ...carAsBody(existing), ...body }, params.id, { imagesSent: "images" in body, audit: sessionAudit(context, session) });
  if (saved.ok) return apiOk(savedCarBody(saved));
  if ("fields" in saved) return apiProblem(400, "validation_failed", problem(CAR_FORM.saveFailed), saved.fields);
  return notFound();
}
