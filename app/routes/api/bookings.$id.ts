import type { Route } from "./+types/bookings.$id";
import { requireApi } from "~/auth/session.server";
import { isPlausibleId } from "~/server/http/ids";
import { jsonBodyError, readJsonBody } from "~/server/http/json.server";
import { editCode, parseBookingEdit } from "~/booking/rules/admin-edit";
import { changeBookingStatus, DELETE_HAS_PAYMENTS, deleteBooking, listBookingEvents, STATUS_REFUSALS, UNKNOWN_STATUS } from "~/booking/index.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { updateBooking } from "~/booking/index.server";
import { withBookingProducts } from "~/routes/api/booking-payload.server";
import { readOverrideReason } from "~/booking/rules/booking-changes";
import { carUnavailableResponse } from "~/admin/conflicts.server";
import { bookingDeps } from "~/server/booking-deps.server";
import { isBookingStatus } from "~/booking/rules/status";
import { problem } from "~/i18n/problem";
import { apiOk, apiProblem, methodNotAllowed } from "~/server/api";
import { staffActor } from "~/audit/audit.server";
import { getApp } from "~/server/context";
import { legAssignments } from "~/admin/leg-assignments.server";
import { guestMessageDeps } from "~/notify/guest-messages.server";

const notFound = () => apiProblem(404, "not_found", STATUS_REFUSALS.not_found);

/** The booking as the API shows it (with its hours, extras, price lines and currency) and its history; undefined when it is gone. */
async function bookingAnswer(db: Parameters<typeof getAdminBooking>[0], id: string) {
  const booking = await getAdminBooking(db, id);
  const [shown] = booking ? await withBookingProducts(db, [booking]) : [];
  return shown ? { ...shown, events: await listBookingEvents(db, id) } : undefined;
}

/** GET /api/bookings/{id} — one booking with its status history and each leg's driver, car and job link (staff). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireApi(request, context, "bookings.read");
  const { db, env } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  const answer = await bookingAnswer(db.kysely, params.id);
  if (!answer) return notFound();
  return apiOk({ ...answer, legs: await legAssignments(db.kysely, params.id, { secret: env.SESSION_SECRET, publicUrl: env.PUBLIC_URL }) });
}

/**
 * PATCH /api/bookings/{id} — edits (contact, notes, dates, places, passengers, luggage and special luggage, car, kilometres,
 * rate; the price follows) and/or `{ status, note }`, `override_reason` to save over a conflict of
 * the car (409 `car_unavailable` without it); DELETE /api/bookings/{id}. Admin only.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const session = await requireApi(request, context, request.method === "DELETE" ? "bookings.delete" : "bookings.write");
  const { db, mailer, clientIp } = getApp(context);
  if (!isPlausibleId(params.id)) return notFound();
  if (request.method === "DELETE") {
    const deleted = await deleteBooking(db.kysely, params.id, { actor: staffActor(session.user), ip: clientIp });
    if (deleted === "not_found") return notFound();
    if (deleted === "has_payments") return apiProblem(409, "conflict", DELETE_HAS_PAYMENTS);
    return apiOk({ id: params.id, deleted: true });
  }
  const read = await readJsonBody(request);
  if (!read.ok) return jsonBodyError(read.problem);
  const body = read.body;
  const { status, note, override_reason, ...changes } = body;
  const override = readOverrideReason(override_reason);
  if (!override.ok) return apiProblem(400, "validation_failed", override.problem, { override_reason: [override.problem] });
  const actor = staffActor(session.user);
  if (Object.keys(changes).length > 0) {
    const edit = parseBookingEdit(changes);
    if (!edit.ok) return apiProblem(400, "validation_failed", problem(editCode("saveFailed")), edit.fields);
    const updated = await updateBooking(bookingDeps(context), params.id, edit.value, { actor, ip: clientIp, overrideReason: override.reason });
    if (!updated.ok) {
      if (updated.reason === "not_found") return notFound();
      if (updated.reason === "unavailable") return carUnavailableResponse(updated.conflicts);
      return apiProblem(400, "validation_failed", updated.problem, updated.fields);
    }
  }
  if (status !== undefined) {
    if (!isBookingStatus(status)) return apiProblem(400, "validation_failed", problem("admin:bookings.messages.updateFailed"), { status: [UNKNOWN_STATUS] });
    const booking = await getAdminBooking(db.kysely, params.id);
    if (!booking) return notFound();
    if (booking.status !== status) {
      const result = await changeBookingStatus(db.kysely, mailer, {
        id: params.id,
        to: status,
        note: typeof note === "string" ? note : undefined,
        actor: { ...actor, kind: "office" },
        ip: clientIp,
        overrideReason: override.reason,
      }, guestMessageDeps(getApp(context)));
      if (!result.ok) {
        if (result.reason === "not_found") return notFound();
        if (result.reason === "unavailable") return carUnavailableResponse(result.conflicts);
        if (result.reason === "reason_required") return apiProblem(400, "validation_failed", result.problem, { note: [result.problem] });
        return apiProblem(409, "conflict", result.problem);
      }
    }
  }
  const answer = await bookingAnswer(db.kysely, params.id);
  return answer ? apiOk(answer) : notFound();
}
