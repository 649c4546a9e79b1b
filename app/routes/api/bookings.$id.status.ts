import type { Route } from "./+types/bookings.$id.status";
import { requireAdminApi } from "~/auth/session.server";
import { isPlausibleId, readJsonObject } from "~/booking/admin-api.server";
import { changeBookingStatus } from "~/booking/admin-bookings.server";
import { isBookingStatus, STATUS_MESSAGES } from "~/booking/status";
import { apiError, apiOk, methodNotAllowed, notFound } from "~/server/api";
import { getApp } from "~/server/context";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT /api/bookings/{id}/status with `{ status, note? }` (a note is required to cancel). Admin only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const session = await requireAdminApi(request, context);
  const { db, mailer } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound("Rezervasyon bulunamadı.");
  const body = await readJsonObject(request);
  if (!body || !isBookingStatus(body.status)) {
    return apiError(400, {
      code: "validation_failed",
      message: STATUS_MESSAGES.updateFailed,
      fields: { status: ["pending, confirmed, completed, cancelled"] },
    });
  }
  const result = await changeBookingStatus(db.kysely, mailer, {
    id: params.id,
    to: body.status,
    note: typeof body.note === "string" ? body.note : undefined,
    actor: { id: session.user.id, label: session.user.name || session.user.email },
  });
  if (result.ok) return apiOk(result.booking);
  if (result.reason === "not_found") return notFound(result.message);
  if (result.reason === "reason_required") {
    return apiError(400, { code: "validation_failed", message: result.message, fields: { note: [result.message] } });
  }
  return apiError(409, { code: "conflict", message: result.message });
}
