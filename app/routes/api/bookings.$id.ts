import type { Route } from "./+types/bookings.$id";
import { requireAdminApi } from "~/auth/session.server";
import { isPlausibleId, readJsonObject } from "~/booking/admin-api.server";
import { parseBookingEdit, EDIT_MESSAGES } from "~/booking/admin-edit";
import { changeBookingStatus, deleteBooking, getAdminBooking, listBookingEvents, updateBooking } from "~/booking/admin-bookings.server";
import { isBookingStatus, STATUS_MESSAGES } from "~/booking/status";
import { apiError, apiOk, methodNotAllowed, notFound } from "~/server/api";
import { getApp } from "~/server/context";

const NOT_FOUND = "Rezervasyon bulunamadı.";

/** GET /api/bookings/{id} — one booking with its status history (admin). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminApi(request, context);
  const { db } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound(NOT_FOUND);
  const booking = await getAdminBooking(db.kysely, params.id);
  if (!booking) return notFound(NOT_FOUND);
  return apiOk({ ...booking, events: await listBookingEvents(db.kysely, params.id) });
}

/**
 * PATCH /api/bookings/{id} — edits (contact, notes, dates, passengers, car, kilometres; the price
 * follows) and/or `{ status, note }`; DELETE /api/bookings/{id}. Admin only.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const session = await requireAdminApi(request, context);
  const { db, mailer } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound(NOT_FOUND);
  if (request.method === "DELETE") {
    if (!(await deleteBooking(db.kysely, params.id))) return notFound(NOT_FOUND);
    return apiOk({ id: params.id, deleted: true });
  }
  const body = await readJsonObject(request);
  if (!body) return apiError(400, { code: "bad_request", message: "Send a JSON object." });
  const { status, note, ...changes } = body;
  if (Object.keys(changes).length > 0) {
    const edit = parseBookingEdit(changes);
    if (!edit.ok) return apiError(400, { code: "validation_failed", message: EDIT_MESSAGES.saveFailed, fields: edit.fields });
    const updated = await updateBooking(db.kysely, params.id, edit.value);
    if (!updated.ok) {
      if (updated.reason === "not_found") return notFound(NOT_FOUND);
      return apiError(400, { code: "validation_failed", message: updated.message, fields: updated.fields });
    }
  }
  if (status !== undefined) {
    if (!isBookingStatus(status)) {
      return apiError(400, { code: "validation_failed", message: STATUS_MESSAGES.updateFailed, fields: { status: ["pending, confirmed, completed, cancelled"] } });
    }
    const booking = await getAdminBooking(db.kysely, params.id);
    if (!booking) return notFound(NOT_FOUND);
    if (booking.status !== status) {
      const result = await changeBookingStatus(db.kysely, mailer, {
        id: params.id,
        to: status,
        note: typeof note === "string" ? note : undefined,
        actor: { id: session.user.id, label: session.user.name || session.user.email },
      });
      if (!result.ok) {
        if (result.reason === "not_found") return notFound(NOT_FOUND);
        return apiError(result.reason === "reason_required" ? 400 : 409, {
          code: result.reason === "reason_required" ? "validation_failed" : "conflict",
          message: result.message,
          ...(result.reason === "reason_required" ? { fields: { note: [result.message] } } : {}),
        });
      }
    }
  }
  const booking = await getAdminBooking(db.kysely, params.id);
  if (!booking) return notFound(NOT_FOUND);
  return apiOk({ ...booking, events: await listBookingEvents(db.kysely, params.id) });
}
