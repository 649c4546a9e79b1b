/**
 * The booking actions of the admin pages (list, modal and details page post the same forms):
 * `intent=status` with `to` (and `note` to cancel), `intent=toggle` (pending ↔ completed) and
 * `intent=delete`; a re-activation onto a taken car is refused unless `override` is ticked with an
 * `override_reason`. Answers a result the page shows as the spec's success or failure alert, in the
 * admin language.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import type { Mailer } from "~/server/mail.server";
import type { GuestMessageDeps } from "~/notify/guest-messages.server";
import type { CurrentSession } from "~/auth/session.server";
import { staffActor } from "~/audit/audit.server";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { translate } from "~/i18n/translate.server";
import { changeBookingStatus, deleteBooking } from "~/booking/index.server";
import { getAdminBooking } from "~/routes/admin/booking-view.server";
import { isBookingStatus, toggleTarget } from "~/booking/rules/status";
import { conflictProblem } from "~/admin/conflicts.server";

export type BookingActionResult =
  | { ok: true; intent: "status" | "delete"; id: string; message: string }
  | {
      ok: false;
      intent: "status" | "delete" | "unknown";
      id: string;
      message: string;
      fields?: Record<string, string[]>;
      /** the car is taken: the status the office may still set with a reason (the page offers the override) */
      override?: { to: string; reason: string };
    };

export async function runBookingAction(
  db: Kysely<Database>,
  mailer: Mailer,
  session: CurrentSession,
  form: FormData,
  lng: AdminLanguage,
  /** the client address, for the audit log */
  ip: string | null = null,
  /** WhatsApp / SMS to the guest on a cancellation (issue 16) */
  guest?: Omit<GuestMessageDeps, "db">,
): Promise<BookingActionResult> {
  const say = (key: string) => adminText(lng, `bookings.messages.${key}`);
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  const actor = staffActor(session.user);
  if (intent === "delete") {
    const deleted = id ? await deleteBooking(db, id, { actor, ip }) : "not_found";
    if (deleted === "deleted") return { ok: true, intent, id, message: say("deleted") };
    return { ok: false, intent, id, message: say(deleted === "has_payments" ? "deleteHasPayments" : "deleteFailed") };
  }
  if (intent === "status" || intent === "toggle") {
    const booking = id ? await getAdminBooking(db, id) : undefined;
    if (!booking) return { ok: false, intent: "status", id, message: say("updateFailed") };
    const requested = intent === "toggle" ? toggleTarget(booking.status) : String(form.get("to") ?? "");
    if (!isBookingStatus(requested)) return { ok: false, intent: "status", id, message: say("updateFailed") };
    // "Çakışmaya rağmen kaydet" ticked: the reason is required and recorded.
    const overriding = form.get("override") === "on";
    const reason = String(form.get("override_reason") ?? "").trim();
    // Ticked without a reason it overrides nothing: the change is tried as it is, so a conflict is
    // still named beside the request for the reason (and a car free by now is simply taken).
    const result = await changeBookingStatus(db, mailer, { id, to: requested, note: String(form.get("note") ?? ""), actor: { ...actor, kind: "office" }, ip, overrideReason: overriding && reason ? reason : null }, guest);
    if (result.ok) return { ok: true, intent: "status", id, message: say("updated") };
    if (result.reason === "unavailable") {
      const required = overriding && !reason ? { fields: { override_reason: [adminText(lng, "bookingChanges.messages.reasonRequired")] } } : {};
      return { ok: false, intent: "status", id, message: translate(lng, conflictProblem(lng, result.conflicts)), ...required, override: { to: requested, reason } };
    }
    const why = translate(lng, result.problem);
    if (result.reason === "reason_required") {
      return { ok: false, intent: "status", id, message: say("updateFailed"), fields: { note: [why] } };
    }
    return { ok: false, intent: "status", id, message: `${say("updateFailed")} ${why}` };
  }
  return { ok: false, intent: "unknown", id, message: say("updateFailed") };
}
