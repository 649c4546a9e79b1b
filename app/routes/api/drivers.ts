import type { Route } from "./+types/drivers";
import { REQUEST } from "~/admin/codes";
import { requireApi } from "~/auth/session.server";
import { driverInputFromJson, DRIVERS_API, rememberDriverCreate, replayedDriverCreate } from "~/drivers/drivers-api.server";
import { DRIVERS } from "~/drivers/drivers";
import { createDriver, listDrivers } from "~/drivers/drivers.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { requestHash } from "~/server/idempotency";

const actorOf = (user: { id: string; name: string; email: string }) => ({ id: user.id, label: user.name || user.email });

/** GET /api/drivers — the drivers by name (staff with drivers.read); `?active=true` only the active ones, `?q=` name, phone or licence. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "drivers.read");
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const active = params.get("active");
  return apiOk(await listDrivers(db.kysely, { active: active === "true" || active === "1", q: params.get("q")?.trim().slice(0, 100) || undefined }));
}

/** POST /api/drivers — creates a driver (drivers.write), audited; a repeated `Idempotency-Key` answers with the driver made the first time. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApi(request, context, "drivers.write");
  const { db } = getApp(context);
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !/^[\x21-\x7e]{1,100}$/.test(key)) return apiProblem(400, "bad_request", problem(REQUEST.idempotencyKeyFormat));
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const hash = requestHash(read.body);
  if (key) {
    const earlier = await replayedDriverCreate(db.kysely, key, hash);
    if (earlier === "mismatch") return apiProblem(422, "idempotency_mismatch", problem(DRIVERS_API.idempotencyMismatch));
    if (earlier) return apiOk(earlier, { status: 201, headers: { "Idempotent-Replayed": "true" } });
  }
  const parsed = driverInputFromJson(read.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), parsed.fields);
  const result = await createDriver(db.kysely, parsed.input, actorOf(session.user));
  if (!result.ok) {
    if (result.reason === "invalid") return apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), result.fields);
    return apiProblem(500, "internal", problem(DRIVERS.saveFailed));
  }
  if (key) await rememberDriverCreate(db.kysely, key, hash, result.driver);
  return apiOk(result.driver, { status: 201 });
}
