/**
 * An office's offer on a quote request as the form (/admin/bookings/new?quote=) and
 * POST /api/quote-requests/{id}/offer send it: the staff booking body (`bookingPayloadSchema` with
 * `officeEntrySchema`, the channel aside: an accepted offer is the site's) and a `note` to the
 * guest. One reader for both; problems under the API's field names.
 */
import { offerQuote, officeActor, type OfferResult } from "~/booking/index.server";
import { officeEntryOf, officeEntrySchema } from "~/booking/rules/office-entry";
import { MAX_OFFER_NOTE } from "~/booking/rules/quote-request";
import { addProblem, problem, zodProblems, type FieldProblems } from "~/i18n/problem";
import { bookingPayloadSchema, renameFields, requestFromPayload } from "./booking-payload.server";
import type { QuoteDeps } from "~/booking/index.server";

type Staff = Parameters<typeof officeActor>[0];

export type ReadOffer = { ok: true; send: (deps: QuoteDeps, id: string, staff: Staff, ip: string | null) => Promise<OfferResult> } | { ok: false; fields: FieldProblems };

/** `locale`: the language the guest is written to in; none: the one they asked in. */
export function readOfficeOffer(body: Record<string, unknown>, locale?: string): ReadOffer {
  const parsed = bookingPayloadSchema.safeParse(body);
  const entry = officeEntrySchema.safeParse({ ...body, channel: undefined });
  const note = typeof body.note === "string" ? body.note.trim() : body.note === undefined || body.note === null ? "" : null;
  const fields: FieldProblems = {
    ...(parsed.success ? {} : renameFields(zodProblems(parsed.error.issues, { namespace: "booking", fallback: "booking:errors.invalid" }))),
    ...(entry.success ? {} : zodProblems(entry.error.issues, { namespace: "admin", fallback: "admin:officeBooking.errors.invalid" })),
  };
  if (note === null || (note && note.length > MAX_OFFER_NOTE)) addProblem(fields, "note", problem("admin:quotes.errors.note", { max: MAX_OFFER_NOTE }));
  if (!parsed.success || !entry.success || Object.keys(fields).length > 0) return { ok: false, fields };
  const request = requestFromPayload(parsed.data);
  const office = officeEntryOf(entry.data);
  return {
    ok: true,
    send: (deps, id, staff, ip) => offerQuote(deps, id, { request, entry: office, locale, note: note ?? "" }, officeActor(staff), ip),
  };
}
