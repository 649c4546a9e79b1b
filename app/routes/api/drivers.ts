import type { Route } from "./+types/drivers";
import { requireApi } from "~/auth/session.server";
import { driverInputFromJson, DRIVERS_API, rememberDriverCreate, replayedDriverCreate } from "~/drivers/drivers-api.server";
import { DRIVERS } from "~/drivers/drivers";
import { createDriver, listDrivers } from "~/drivers/drivers.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { readCreateRequest } from "~/server/http/create-request.server";

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
  const start = await readCreateRequest(request, { find: (key, hash) => replayedDriverCreate(db.kysely, key, hash), mismatch: problem(DRIVERS_API.idempotencyMismatch), json: (driver) => driver });
  if ("done" in start) return start.done;
  const { key, hash } = start;
  const parsed = driverInputFromJson(start.body);
  if (!parsed.ok) return apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), parsed.fields);
  const result = await createDriver(db.kysely, parsed.input, actorOf(session.user));
  if (!result.ok) {
    if (result.reason === "invalid") return apiProblem(400, "validation_failed", problem(DRIVERS.saveFailed), result.fields);
    return apiProblem(500, "internal", problem(DRIVERS.saveFailed));
  }
  if (key) await rememberDriverCreate(db.kysely, key, hash, result.driver);
  return apiOk(result.driver, { status: 201 });
}
