/**
 * What each booking event becomes (DESIGN.md §8): the guest's mails (app/notify/guest-mail.server.ts
 * and the kinds' words), the guest's WhatsApp/SMS, the office's notice and mails. Every output has
 * a dedupe key (the mail outbox's, the message outbox's, the notification's kind and booking), so
 * an event handled twice (a worker that died before marking it done) sends nothing twice.
 */
import { DRIVER_FIELDS } from "~/booking/rules/driver-changes";
import { notify as notifyOffice } from "~/admin/notifications.server";
import { sendStatusChangeMail } from "~/notify/status-mail.server";
import { customerCares } from "~/booking/rules/booking-changes";
import { sendBookingChangeMail } from "~/notify/change-mail.server";
import { guestMessageChannels, queueGuestMessages, type GuestMessageDeps } from "~/notify/guest-messages.server";
import { queueDriverAssignedMessage, queueDriverStepMessage, sendDriverAssignedMail, sendDriverStepMail } from "~/notify/driver-mail.server";
import type { BookingRow } from "~/server/db/schema";
import type { Messenger } from "~/server/messaging/outbox.server";
import { getSettings } from "~/settings/settings.server";
import { sendBookingMails } from "./booking-received.server";
import { FIRST_UNIT } from "~/booking/rules/availability";
import { getBooking, refundOnCancel, unitsOf, type FlightEvent, type OutboxEvent, type EventHints } from "~/booking/index.server";
import { toBusinessParts } from "~/booking/rules/datetime";

export type { EventHints };
import { queuePartnerWebhooks } from "~/partners/webhook-queue.server";
import { sendReceiptMail } from "./receipt-mail.server";
import { queueDriverJob } from "./driver-job.server";
import { sendGuestChangeMails } from "./guest-change-mail.server";
import type { GuestMailDeps } from "./guest-mail.server";

/** What turning events into messages needs. */
export type NotifyDeps = GuestMailDeps & {
  /** WhatsApp and SMS to the guest; none: no messages */
  messenger?: Messenger;
};


/** The fields of a booking whose change the drivers of its legs are told of (issue 31). */
const DRIVER_CARES = new Set<string>(DRIVER_FIELDS);

/** The guest as the history names them (guest-changes.server.ts CUSTOMER_ACTOR). */
const GUEST = "customer";

/** Whether the guest was mailed, for the office's answer. */
export interface EventOutcome {
  mailed: boolean;
}

const messageDeps = (deps: NotifyDeps): GuestMessageDeps | null =>
  deps.messenger && deps.env && deps.log ? { db: deps.db, messenger: deps.messenger, env: deps.env, log: deps.log } : null;

/** Handles one event of a booking; throws when an output could not be stored (the event is tried again). */
export async function handleBookingEvent(deps: NotifyDeps, booking: BookingRow, event: OutboxEvent, hints: EventHints = {}): Promise<EventOutcome> {
  const messages = messageDeps(deps);
  // a partner's booking: its webhooks hear of it (issue 33), once per event and webhook
  await queuePartnerWebhooks(deps.db, booking, event);
  switch (event.kind) {
    case "created": {
      await notifyOffice(deps.db, {
        kind: "booking",
        message: { title: "notifications.bookingTitle", body: "notifications.bookingBody", values: { reference: booking.reference, name: booking.full_name } },
        link: `/admin/bookings/${booking.id}`,
        relatedId: booking.id,
      });
      const guest = event.guest ?? "received";
      await sendBookingMails(deps, booking, hints.token, { guest, byOffice: Boolean(event.by) });
      // confirmed at once (by the office, or instantly by the system, issue 32): the guest reads "confirmed"
      if (messages && guest !== "none") await queueGuestMessages(messages, booking, guest === "confirmed" ? "confirmed" : "confirmation", { token: hints.token, event: "created" });
      return { mailed: guest !== "none" };
    }
    case "changed": {
      const cares = customerCares(event.changes);
      let mailed = false;
      if (event.by === GUEST) {
        // The guest's own change: their mail and the office's (the office's change mail is not sent).
        await sendGuestChangeMails(deps, booking, "changed", event.changes, event.eventId);
        mailed = true;
      } else if (event.active && cares.length > 0 && event.mailCustomer) {
        mailed = await sendBookingChangeMail(deps, booking, cares, event.eventId);
      }
      if (messages && event.active && cares.length > 0) await queueGuestMessages(messages, booking, "change", { event: event.eventId });
      // the drivers of its legs, when their job changed (issue 31)
      if (event.active && event.changes.some((c) => DRIVER_CARES.has(c.field))) {
        for (const unit of await unitsOf(deps.db, booking.id)) for (const leg of ["outbound", "return"] as const) await queueDriverJob(deps, booking.id, leg, event.eventId, "changed", unit);
      }
      return { mailed };
    }
    case "status_changed": {
      let mailed = false;
      if (event.by === GUEST && event.to === "cancelled") {
        await sendGuestChangeMails(deps, booking, "cancelled", [], event.eventId);
        mailed = true;
      } else if (event.mailCustomer) {
        const settings = await getSettings(deps.db);
        const admin = await getBooking(deps.db, booking.id);
        if (admin && settings.notifications.emailNotifications && settings.notifications.bookingStatusChangeNotification) {
          // The status the event moved to (the booking may have moved on since).
          await sendStatusChangeMail(deps, settings, { ...admin, status: event.to }, event.note, event.eventId, event.why);
          mailed = true;
        }
      }
      if (messages && event.to === "cancelled") await queueGuestMessages(messages, booking, "cancellation", { event: event.eventId });
      if (event.to === "cancelled") await refundCancelled(deps, booking, event);
      return { mailed };
    }
    case "assigned": {
      if (!event.driverAssigned) return { mailed: false };
      // the driver gets the job with its link (issue 31)
      const unit = event.unit ?? FIRST_UNIT;
      await queueDriverJob(deps, booking.id, event.leg, event.eventId, "new", unit);
      const mailed = await sendDriverAssignedMail(deps, booking.id, event.leg, event.eventId, event.driverChanged, unit);
      if (messages) await queueDriverAssignedMessage(messages, booking.id, event.leg, event.eventId, unit);
      return { mailed };
    }
    case "leg_step":
      // issue 31: the guest hears when the driver sets off and when they are at the pickup
      if (event.stepId && (event.step === "on_way" || event.step === "arrived")) {
        const kind = event.step === "on_way" ? "driverOnWay" : "driverArrived";
        // by WhatsApp or SMS when one reaches the guest, else by e-mail
        if (messages && (await guestMessageChannels(messages, booking, kind)).length > 0) await queueDriverStepMessage(messages, booking.id, event.leg, kind, event.stepId, event.unit);
        else return { mailed: await sendDriverStepMail(deps, booking.id, event.leg, event.step === "on_way" ? "onWay" : "arrived", event.stepId, event.unit) };
      }
      return { mailed: false };
    case "declined":
      // issue 31: the leg is back with the office, which is told why
      await notifyOffice(deps.db, {
        kind: "driver",
        message: { title: "notifications.jobDeclinedTitle", body: "notifications.jobDeclinedBody", values: { reference: booking.reference, driver: event.driver, leg: `@notifications.legs.${event.leg}`, reason: event.reason } },
        link: `/admin/bookings/${booking.id}`,
        relatedId: `declined:${event.eventId}`,
      });
      return { mailed: false };
    case "flight":
      return tellFlightChange(deps, booking, event);
    case "payment":
      // The ledger and the booking's payment state are written with the row; the guest gets its receipt.
      return { mailed: event.mailGuest === false ? false : await sendReceiptMail(deps, event.paymentId) };
    default:
      throw new Error(`unknown booking event ${(event as { kind: string }).kind}`);
  }
}

/**
 * A cancellation gives back what was paid online by the policy (issue 30); a refund the provider
 * refused or did not answer is left to the office with a notice. Throws (the event is tried again)
 * only when the provider asked to be tried later and its refunds are idempotent.
 */
async function refundCancelled(deps: NotifyDeps, booking: BookingRow, event: Extract<OutboxEvent, { kind: "status_changed" }>): Promise<void> {
  const by = event.by === GUEST ? "guest" : event.why === "unpaid" || event.by === "system" ? "system" : "office";
  const log = deps.log ?? { error: () => {}, warn: () => {} };
  const outcome = await refundOnCancel({ db: deps.db, log, mailer: deps.mailer, env: deps.env }, booking.id, { cancelledAt: booking.updated_at, by, key: event.eventId });
  if (outcome.failed.length > 0) {
    await notifyOffice(deps.db, {
      kind: "payment",
      message: { title: "payments.online.refundFailedTitle", body: "payments.online.refundFailed", values: { reference: booking.reference, error: outcome.failed.map((f) => f.error).join("; ").slice(0, 300) } },
      link: `/admin/bookings/${booking.id}`,
      relatedId: `refund:${event.eventId}`,
    });
  }
  if (outcome.retry) throw new Error("the payment provider asked to refund later");
}

/** "2026-12-01 14:05" in Antalya's time (a notice's values are stored, then shown in the admin language). */
const localTime = (instant: string | null) => {
  if (!instant) return "—";
  const { date, time } = toBusinessParts(instant);
  return `${date} ${time}`;
};

/**
 * The flight tracker's news (issue 31): the office's notice (once per event: its related id holds
 * the check that found it), and on a move the driver of the outbound leg gets
 * the job again with the planned pickup (driver-job.server.ts reads it from the watch).
 */
async function tellFlightChange(deps: NotifyDeps, booking: BookingRow, event: FlightEvent): Promise<EventOutcome> {
  const pickup = event.plannedPickupAt ?? event.bookedPickupAt;
  // once per check that found a change (a pickup moving back and forth is told each time)
  const key = `flight:${booking.id}:${event.checkedAt ?? `${event.change}:${pickup}`}`;
  await notifyOffice(deps.db, {
    kind: "flight",
    message: {
      title: `flights.notice.${event.change}Title`,
      body: `flights.notice.${event.change}Body`,
      values: {
        reference: booking.reference,
        flight: event.flight,
        landing: localTime(event.landingAt),
        booked: localTime(event.bookedPickupAt),
        // events written before `toldPickupAt` existed: the booked time
        previous: localTime(event.toldPickupAt ?? event.bookedPickupAt),
        pickup: localTime(pickup),
      },
    },
    link: `/admin/bookings/${booking.id}`,
    relatedId: key,
  });
  if (event.change === "moved") for (const unit of await unitsOf(deps.db, booking.id)) await queueDriverJob(deps, booking.id, "outbound", key, "changed", unit);
  return { mailed: false };
}
