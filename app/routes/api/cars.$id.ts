import type { Route } from "./+types/cars.$id";
import { getCurrentSession, requireAdminApi } from "~/auth/session.server";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { CAR_FORM } from "~/fleet/car-form";
import { carAsBody, getCarWithCount, removeCar, saveCar, savedCarBody } from "~/fleet/cars-api.server";
import { CAR_IN_USE, CAR_NOT_FOUND, getCar } from "~/fleet/cars.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";

const notFound = () => apiProblem(404, "not_found", CAR_NOT_FOUND);

/** GET /api/cars/{id} — an active car for anyone; any car, with its booking count, for an admin. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const session = await getCurrentSession(request, context);
  const admin = session?.verified && session.user.role === "admin";
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
  await requireAdminApi(request, context);
  const { db, storage } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  if (request.method === "DELETE") {
    const result = await removeCar(db.kysely, storage, params.id);
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
  // Images not sent keep their value as they are (a car from before the storage rule stays editable).
  const saved = await saveCar(db.kysely, storage, { ...carAsBody(existing), ...body }, params.id, { imagesSent: "images" in body });
  if (saved.ok) return apiOk(savedCarBody(saved));
  if ("fields" in saved) return apiProblem(400, "validation_failed", problem(CAR_FORM.saveFailed), saved.fields);
  return notFound();
}
