import type { Route } from "./+types/bookings.$id.status";
import { requireApi } from "~/auth/session.server";
import { isPlausibleId } from "~/server/http/ids";
import { readJsonBody } from "~/server/http/json.server";
import { changeBookingStatus, STATUS_REFUSALS, UNKNOWN_STATUS } from "~/booking/index.server";
import { isBookingStatus } from "~/booking/rules/status";
import { readOverrideReason } from "~/booking/rules/booking-changes";
import { carUnavailableResponse } from "~/admin/conflicts.server";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { officeActor } from "~/booking/index.server";
import { getApp } from "~/server/context";
import { apiBooking } from "~/routes/api/booking-payload.server";
import { guestMessageDeps } from "~/notify/guest-messages.server";

export const loader = () => methodNotAllowed(["PUT"]);

/**
 * PUT /api/bookings/{id}/status with `{ status, note?, override_reason? }` (a note is required to
 * cancel; re-activating onto a taken car needs `override_reason`, else 409 `car_unavailable`). Admin only.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const session = await requireApi(request, context, "bookings.write");
  const { db, mailer, clientIp } = getApp(context);
  if (!isPlausibleId(params.id)) return apiProblem(404, "not_found", STATUS_REFUSALS.not_found);
  const read = await readJsonBody(request);
  const body = read.ok ? read.body : undefined;
  if (!body || !isBookingStatus(body.status)) return apiProblem(400, "validation_failed", problem("admin:bookings.messages.updateFailed"), { status: [UNKNOWN_STATUS] });
  const override = readOverrideReason(body.override_reason);
  if (!override.ok) return apiProblem(400, "validation_failed", override.problem, { override_reason: [override.problem] });
  const result = await changeBookingStatus(db.kysely, mailer, {
    id: params.id,
    to: body.status,
    note: typeof body.note === "string" ? body.note : undefined,
    actor: officeActor(session.user),
    ip: clientIp,
    overrideReason: override.reason,
  }, guestMessageDeps(getApp(context)));
  if (result.ok) {
    return apiOk(apiBooking(result.booking));
  }
  if (result.reason === "not_found") return apiProblem(404, "not_found", result.problem);
  if (result.reason === "unavailable") return carUnavailableResponse(result.conflicts);
  if (result.reason === "reason_required") return apiProblem(400, "validation_failed", result.problem, { note: [result.problem] });
  return apiProblem(409, "conflict", result.problem);
}
