/**
 * The no-show's evidence pack (issue 31): when a driver reported that the guest did not come, the
 * office downloads a PDF to show the guest's card issuer or the tour operator, in Turkish and in the
 * guest's language. It says, from the records alone (never from what someone types afterwards):
 * - the booking and the terms the guest accepted (when, and the cancellation terms in their language);
 * - the flight and its times when it was followed;
 * - the free waiting: from when it counted (the actual landing, else the pickup), until when, and
 *   when the driver reported the no-show (the state machine refuses it earlier);
 * - the driver's steps with their times and, while kept, their positions;
 * - every message and e-mail sent to the guest, with its delivery report;
 * - the fee the policy allows (settings: the late-cancellation fee, a percentage of the price) and
 *   what was already paid, which the ledger (issue 30) can charge.
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { bookingRowById, legFactsOf, legStepsOf, type LegStepView } from "~/booking/index.server";
import type { LegName } from "~/booking/rules/availability";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { noShowAllowedFrom } from "~/booking/rules/lifecycle";
import { policyFeeOf } from "~/booking/rules/pay-terms";
import type { FlightState } from "~/flights/flight-state";
import { flightFactsOf, flightStateOf } from "~/flights/state.server";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import type { BookingRow, Database } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { dateTimeFormat } from "~/utils/intl";
import { formatMoney, kurus, type Kurus } from "~/utils/money";
import { newPdf } from "./receipt-pdf.server";

export interface NoShowLeg {
  leg: LegName;
  /** the pickup the free waiting counted from (the actual landing when the flight was followed) */
  waitingFrom: string;
  freeWaitingMinutes: number;
  /** from when the state machine allowed the no-show */
  allowedFrom: string;
  /** when the driver reported it */
  reportedAt: string;
}

export interface SentMessage {
  channel: string;
  kind: string;
  to: string;
  status: string;
  queuedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  error: string | null;
}

export interface NoShowEvidence {
  booking: BookingRow;
  settings: Pick<Settings, "general" | "booking" | "payments">;
  legs: NoShowLeg[];
  steps: LegStepView[];
  messages: SentMessage[];
  /** the followed flight's times (null: not followed) */
  flight: FlightState | null;
  fee: Kurus;
  generatedAt: string;
}

/** The evidence of a booking with a no-show; undefined when no leg of it is a no-show. */
export async function noShowEvidence(db: Kysely<Database>, bookingId: string, now = new Date()): Promise<NoShowEvidence | undefined> {
  const booking = await bookingRowById(db, bookingId);
  if (!booking) return undefined;
  const steps = await legStepsOf(db, bookingId);
  const noShows = steps.filter((s) => s.step === "no_show");
  if (noShows.length === 0) return undefined;
  const settings = await getSettings(db);
  // a tracked flight (issue 31): the planned pickup, and the waiting from its actual landing
  const flight = await flightFactsOf(db, booking);
  const legs = noShows.map((s): NoShowLeg => {
    const { facts, ctx } = legFactsOf(settings, booking, s.leg, "arrived", new Date(s.at), flight);
    const freeWaitingMinutes = ctx.freeWaitingMinutes ?? 0;
    const allowedFrom = noShowAllowedFrom(facts.pickupAt, freeWaitingMinutes, facts.landedAt);
    return { leg: s.leg, waitingFrom: facts.landedAt ?? facts.pickupAt, freeWaitingMinutes, allowedFrom, reportedAt: s.at };
  });
  const [texts, mails] = await Promise.all([
    db
      .selectFrom("message_outbox")
      .select(["channel", "kind", "to_number", "status", "created_at", "sent_at", "delivered_at", "last_error"])
      .where("booking_id", "=", bookingId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("mail_outbox").select(["kind", "to_address", "status", "created_at", "sent_at", "last_error"]).where("related_id", "=", bookingId).where("to_address", "=", booking.email).orderBy("created_at").execute(),
  ]);
  const messages: SentMessage[] = [
    ...texts.map((m) => ({ channel: m.channel, kind: m.kind, to: m.to_number, status: m.status, queuedAt: m.created_at, sentAt: m.sent_at, deliveredAt: m.delivered_at, error: m.status === "failed" ? m.last_error : null })),
    ...mails.map((m) => ({ channel: "email", kind: m.kind, to: m.to_address, status: m.status, queuedAt: m.created_at, sentAt: m.sent_at, deliveredAt: null, error: m.status === "failed" ? m.last_error : null })),
  ].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  return { booking, settings, legs, steps, messages, flight: await flightStateOf(db, booking), fee: policyFeeOf(kurus(booking.total_price), settings.payments.lateCancelFeePercent), generatedAt: now.toISOString() };
}

/** The pack's file name: "no-show-VT-ABC123-ru.pdf". */
export const evidenceFileName = (reference: string, lng: Language) => `no-show-${reference}-${lng}.pdf`;

/** The evidence as a PDF in `lng`, `t` being the booking catalogue in that language. */
export function noShowEvidencePdf(evidence: NoShowEvidence, lng: Language, t: TFunction): Promise<Buffer> {
  const { booking, settings } = evidence;
  const company = settings.payments.companyName || settings.general.siteName;
  const title = t("evidence.title");
  const { doc, done } = newPdf({ Title: `${title} ${booking.reference}`, Subject: booking.reference, Author: company, Creator: company }, 50);
  const when = (instant: string | null) =>
    instant ? dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "medium", timeStyle: "medium", timeZone: BUSINESS_TIME_ZONE }).format(new Date(instant)) : "—";
  const heading = (text: string) => doc.moveDown(1).font("bold").fontSize(13).fillColor("#000000").text(text).moveDown(0.3);
  const row = (label: string, value: string) => doc.font("bold").fontSize(9).text(`${label}: `, { continued: true }).font("body").text(value);
  const legName = (leg: LegName) => t(leg === "outbound" ? "evidence.legOutbound" : "evidence.legReturn");

  doc.font("bold").fontSize(15).text(company);
  doc.font("body").fontSize(9).fillColor("#333333").text(settings.general.address).text(`${settings.general.contactPhone} · ${settings.general.contactEmail}`);
  doc.moveDown(1).fillColor("#000000").font("bold").fontSize(19).text(title);
  doc.font("body").fontSize(9).text(t("evidence.generated", { at: when(evidence.generatedAt) })).text(t("evidence.timeZone"));

  heading(t("evidence.bookingTitle"));
  row(t("evidence.reference"), booking.reference);
  row(t("evidence.bookedAt"), when(booking.created_at));
  row(t("evidence.guest"), `${booking.full_name} · ${booking.email} · ${booking.phone}`);
  row(t("evidence.route"), `${placeNameIn(booking.pickup_location, lng)} → ${placeNameIn(booking.dropoff_location, lng)}`);
  row(t("evidence.pickup"), when(booking.pickup_date));
  if (booking.trip_type === "roundTrip" && booking.return_date) row(t("evidence.returnPickup"), when(booking.return_date));
  row(t("evidence.passengers"), String(booking.passengers));
  row(t("evidence.price"), formatMoney(kurus(booking.total_price), lng));

  heading(t("evidence.termsTitle"));
  row(t("evidence.termsAccepted"), booking.consent_at ? when(booking.consent_at) : t("evidence.termsByOffice"));
  const termsLng = (["tr", "en", "de", "ru"] as const).find((l) => l === lng) ?? "en";
  doc.font("body").fontSize(9).text(settings.booking.cancellationTerms[termsLng]);

  heading(t("evidence.flightTitle"));
  row(t("evidence.flight"), booking.flight_number ?? t("evidence.noFlight"));
  if (evidence.flight) {
    row(t("evidence.flightStatus"), t(`flights.state.status.${evidence.flight.status}`));
    row(t("evidence.scheduledLanding"), when(evidence.flight.scheduledAt));
    row(t("evidence.estimatedLanding"), when(evidence.flight.estimatedAt));
    row(t("evidence.actualLanding"), when(evidence.flight.actualAt));
    row(t("evidence.flightCheckedAt"), when(evidence.flight.checkedAt));
  } else if (booking.flight_number) doc.font("body").fontSize(9).text(t("evidence.flightNotFollowed"));

  heading(t("evidence.waitingTitle"));
  for (const leg of evidence.legs) {
    doc.font("bold").fontSize(10).text(legName(leg.leg));
    row(t("evidence.waitingFrom"), when(leg.waitingFrom));
    row(t("evidence.freeWaiting"), t("evidence.minutes", { count: leg.freeWaitingMinutes }));
    row(t("evidence.allowedFrom"), when(leg.allowedFrom));
    row(t("evidence.reportedAt"), when(leg.reportedAt));
  }

  heading(t("evidence.stepsTitle"));
  for (const step of evidence.steps) {
    const name = step.step === "declined" ? t("evidence.declined") : t(`myBooking.driver.status.${step.step}`);
    const position = step.position
      ? t("evidence.position", { latitude: step.position.lat.toFixed(6), longitude: step.position.lng.toFixed(6), accuracy: step.position.accuracy ?? "—" })
      : step.positionCleared
        ? t("evidence.positionCleared")
        : t("evidence.noPosition");
    doc.font("body").fontSize(9).text(`${when(step.at)} · ${legName(step.leg)} · ${name}${step.driver ? ` · ${step.driver}` : ""} · ${position}`);
  }

  heading(t("evidence.messagesTitle"));
  if (evidence.messages.length === 0) doc.font("body").fontSize(9).text(t("evidence.noMessages"));
  for (const m of evidence.messages) {
    const report = m.deliveredAt ? t("evidence.delivered", { at: when(m.deliveredAt) }) : m.sentAt ? t("evidence.sent", { at: when(m.sentAt) }) : m.error ? t("evidence.failed", { error: m.error }) : t("evidence.notSent");
    doc.font("body").fontSize(9).text(`${when(m.queuedAt)} · ${t(`evidence.channels.${m.channel}`)} · ${m.kind} · ${m.to} · ${report}`);
  }

  heading(t("evidence.feeTitle"));
  row(t("evidence.fee"), t("evidence.feeText", { fee: formatMoney(evidence.fee, lng), percent: settings.payments.lateCancelFeePercent }));
  row(t("evidence.paid"), formatMoney(kurus(booking.amount_paid ?? 0), lng));
  doc.end();
  return done;
}
