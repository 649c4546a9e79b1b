import type { Route } from "./+types/cars.$id";
import { getCurrentSession, requireAdminApi } from "~/auth/session.server";
import { isPlausibleId, readJsonObject } from "~/booking/admin-api.server";
import { CAR_FORM_MESSAGES } from "~/fleet/car-form";
import { carAsBody, getCarWithCount, removeCar, saveCar } from "~/fleet/cars-api.server";
import { CAR_IN_USE_MESSAGE, getCar } from "~/fleet/cars.server";
import { apiError, apiOk, methodNotAllowed, notFound } from "~/server/api";
import { getApp } from "~/server/context";

const NOT_FOUND = "Araç bulunamadı.";

/** GET /api/cars/{id} — an active car for anyone; any car, with its booking count, for an admin. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound(NOT_FOUND);
  const session = await getCurrentSession(request, context);
  const admin = session?.verified && session.user.role === "admin";
  const car = admin ? await getCarWithCount(db.kysely, params.id) : await getCar(db.kysely, params.id);
  if (!car || (!admin && car.status !== "active")) return notFound(NOT_FOUND);
  return apiOk(car);
}

/** PUT /api/cars/{id} (fields not sent keep their value) and DELETE /api/cars/{id}, admin only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  await requireAdminApi(request, context);
  const { db, storage } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound(NOT_FOUND);
  if (request.method === "DELETE") {
    const result = await removeCar(db.kysely, storage, params.id);
    if (result.ok) return apiOk({ id: params.id, deleted: true });
    if (result.reason === "in_use") {
      return apiError(409, { code: "conflict", message: CAR_IN_USE_MESSAGE });
    }
    return notFound(NOT_FOUND);
  }
  const existing = await getCar(db.kysely, params.id);
  if (!existing) return notFound(NOT_FOUND);
  const body = await readJsonObject(request);
  if (!body) return apiError(400, { code: "bad_request", message: "Send a JSON object." });
  // Images not sent keep their value as they are (a car from before the storage rule stays editable).
  const saved = await saveCar(db.kysely, storage, { ...carAsBody(existing), ...body }, params.id, { imagesSent: "images" in body });
  if (saved.ok) return apiOk(saved.car);
  if ("fields" in saved) return apiError(400, { code: "validation_failed", message: CAR_FORM_MESSAGES.saveFailed, fields: saved.fields });
  return notFound(NOT_FOUND);
}
