/**
 * The booking rules visitors rely on, read from settings (section `booking`). The minimum lead
 * time, as every public entry point applies it (results page, quote and booking APIs,
 * `createBooking`): the hours come from settings, the rule from `tripDateProblems`, and the
 * refusal names the phone and WhatsApp numbers to use instead. The cancellation and payment
 * terms, in the visitor's language, for the results page and the confirmation e-mail.
 */
import type { Kysely } from "kysely";
import type { Language } from "~/i18n/config";
import { problem, type Problem } from "~/i18n/problem";
import type { Database } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { tripDateProblems } from "./rules/trip-dates";

export interface LeadTime {
  hours: number;
  phone: string;
  whatsapp: string;
}

export function leadTimeOf(settings: Pick<Settings, "booking" | "general">): LeadTime {
  return { hours: settings.booking.leadTimeHours, phone: settings.general.contactPhone, whatsapp: settings.general.whatsappNumber };
}

export async function readLeadTime(db: Kysely<Database>): Promise<LeadTime> {
  return leadTimeOf(await getSettings(db));
}

/** `booking:errors.tooSoon` with what the visitor needs to book by phone instead. */
export const tooSoonProblem = (lead: LeadTime): Problem =>
  problem("booking:errors.tooSoon", { hours: lead.hours, phone: lead.phone, whatsapp: lead.whatsapp });

/** The refusal for a pickup sooner than the lead time (a past or unreadable pickup is said elsewhere), or null. */
export function leadTimeProblem(pickupAt: string | null, lead: LeadTime, now?: Date): Problem | null {
  return tripDateProblems({ pickupAt, roundTrip: false }, { leadHours: lead.hours, now }).pickup === "tooSoon" ? tooSoonProblem(lead) : null;
}

export interface BookingTermsText {
  cancellation: string;
  payment: string;
}

/** The terms in one language. */
export function termsIn(settings: Pick<Settings, "booking">, lng: Language): BookingTermsText {
  return { cancellation: settings.booking.cancellationTerms[lng], payment: settings.booking.paymentTerms[lng] };
}
