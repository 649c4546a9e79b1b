import type { Route } from "./+types/cars";
import { data } from "react-router";
import { can } from "~/auth/policy";
import { getCurrentSession, requireApi } from "~/auth/session.server";
import { listCars } from "~/fleet/cars.server";
import { listAdminCars, missingRequired, rememberCreate, replayedCreate, saveCar, savedCarBody } from "~/fleet/cars-api.server";
import { CAR_FORM } from "~/fleet/car-form";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { sessionAudit } from "~/audit/context.server";
import { getApp } from "~/server/context";
import { CAR_STATUSES, type CarStatus } from "~/server/db/schema";
import { readCreateRequest } from "~/server/http/create-request.server";
import { parseLimit, parsePage } from "~/utils/paging";

/**
 * GET /api/cars — anonymous callers get the public fleet (active cars in display order); an admin
 * (session cookie or bearer token) gets every car with `?q=&category=&status=` and, with `page`
 * or `limit`, one page of them (8 by default) plus `pagination`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const session = await getCurrentSession(request, context);
  if (!session || !session.verified || !can(session.user.role, "cars.read")) {
    const { cars } = await listCars(db.kysely, { status: "active" });
    return apiOk(cars);
  }
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  const filter = {
    q: params.get("q")?.trim().slice(0, 100) || undefined,
    category: params.get("category")?.trim() || undefined,
    status: (CAR_STATUSES as readonly string[]).includes(status) ? (status as CarStatus) : undefined,
  };
  const paged = params.has("page") || params.has("limit");
  const page = parsePage(params.get("page"));
  const limit = parseLimit(params.get("limit"), 8);
  const result = await listAdminCars(db.kysely, filter, paged ? page : 1, paged ? limit : 1000);
  return data(
    {
      success: true as const,
      data: result.cars,
      pagination: { page: result.page, pageSize: result.pageSize, total: result.total, pageCount: result.pageCount },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /api/cars — creates a car (admin); a repeated `Idempotency-Key` answers with the car made the first time. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "cars.write");
  const { db, storage } = getApp(context);
  const start = await readCreateRequest(request, { find: (key, hash) => replayedCreate(db.kysely, key, hash), mismatch: problem(CAR_FORM.idempotencyMismatch), json: (car) => car });
  if ("done" in start) return start.done;
  const { body, key, hash } = start;
  const missing = missingRequired(body);
  if (missing.length > 0) {
    return apiProblem(
      400,
      "validation_failed",
      problem(CAR_FORM.missingFields, { fields: missing.join(", ") }),
      Object.fromEntries(missing.map((k) => [k, [problem(CAR_FORM[k])]])),
    );
  }
  const saved = await saveCar(db.kysely, storage, body, undefined, { audit: sessionAudit(context, session) });
  if (!saved.ok) {
    if ("fields" in saved) return apiProblem(400, "validation_failed", problem(CAR_FORM.saveFailed), saved.fields);
    return apiProblem(500, "internal", problem(CAR_FORM.saveFailed));
  }
  if (key) await rememberCreate(db.kysely, key, hash, saved.car);
  return apiOk(savedCarBody(saved), { status: 201 });
}
