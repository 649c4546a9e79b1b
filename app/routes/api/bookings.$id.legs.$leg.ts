import type { Route } from "./+types/bookings.$id.legs.$leg";
import { requireApi } from "~/auth/session.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { ASSIGN, isLegName, parseAssignBody, readUnit } from "~/admin/leg-assignments";
import { assignAndNotify, legAssignments, refusalResponse } from "~/admin/leg-assignments.server";
import type { LegAssignment } from "~/booking/index.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";

const notFound = () => apiProblem(404, "not_found", problem(ASSIGN.notFound));

export const loader = () => methodNotAllowed(["PUT", "DELETE"]);

/**
 * PUT /api/bookings/{id}/legs/{leg} with `{ driverId?: string | null, carId?: string, unit?: number }`
 * puts a driver and/or car on the leg (`outbound` or `return`) of the booking's car `unit` (a party's
 * further car: 2, 3, …); DELETE (`?unit=`) takes the driver off. Answers the
 * leg's assignment `{ leg, driver, car, jobStatus, jobStatusAt, jobUrl }`. A busy driver or car is
 * a 409 (`driver_unavailable` / `car_unavailable`, `error.conflicts`); a car too small for the
 * booking a 400 `validation_failed` (the edit's codes under `carId`); a cancelled or completed
 * booking a 409 `conflict`; an unknown booking or leg a 404. A new outbound car re-prices the
 * booking as the office's edit does. The customer is mailed when the driver or the car changes.
 * Staff with bookings.write.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const session = await requireApi(request, context, "bookings.write");
  const { db, env, log, clientIp } = getApp(context);
  if (!isPlausibleId(params.id) || !isLegName(params.leg)) return notFound();
  const queryUnit = readUnit(new URL(request.url).searchParams.get("unit"));
  if (queryUnit === null) return apiProblem(400, "validation_failed", problem(ASSIGN.invalid), { unit: [problem(ASSIGN.unitInvalid)] });
  let input: LegAssignment = { leg: params.leg, ...(queryUnit && queryUnit > 1 ? { unit: queryUnit } : {}), driverId: null };
  if (request.method === "PUT") {
    const read = await readJsonBody(request);
    if (!read.ok) return jsonBodyError(read.problem);
    const parsed = parseAssignBody(params.leg, read.body);
    if (!parsed.ok) return apiProblem(400, "validation_failed", problem(ASSIGN.invalid), parsed.fields);
    input = parsed.input;
  }
  const outcome = await assignAndNotify({ ...bookingDeps(context), log }, params.id, input, {
    actor: { id: session.user.id, label: session.user.name || session.user.email },
    ip: clientIp,
    secret: env.SESSION_SECRET,
  });
  if (!outcome.ok) return refusalResponse(outcome);
  const legs = await legAssignments(db.kysely, params.id, { secret: env.SESSION_SECRET, publicUrl: env.PUBLIC_URL });
  const leg = legs.find((l) => l.leg === params.leg && l.unit === (input.unit ?? 1));
  return leg ? apiOk(leg) : notFound();
}
