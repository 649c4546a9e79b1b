/**
 * Quote requests (issue 29): a trip the site could not price reaches the office as a request; the
 * office answers with an offer (the booking it would make: the same request and office entry that
 * /admin/bookings/new and POST /api/bookings take, checked and priced by the same preview) and a
 * private link for the guest; the guest accepts it from the link and `createBooking` makes the
 * booking, as the office would have, with the offer's price. Or the office closes the request.
 *
 * Open → offered → accepted; open or offered → closed; offered again replaces the offer and its
 * link. What is said to whom (the office's notice, the guest's mails) is the caller's `tell`,
 * written in the same transaction as the move it tells of (app/notify/quote-mail.server.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { isLanguage, type Language } from "~/i18n/config";
import type { FieldProblems, Problem } from "~/i18n/problem";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import type { BookingRow, Database, QuoteRequestRow, QuoteRequestStatus } from "~/server/db/schema";
import { hashToken } from "~/utils/token";
import type { Conflict } from "./rules/availability";
import type { OfficeEntry } from "./rules/office-entry";
import { bookingReference } from "./rules/reference";
import { offerExpiry, requestedLuggageItems, requestInstants, type QuoteReason, type QuoteRequestInput } from "./rules/quote-request";
import { luggageItemsJson } from "./rules/booking-row";
import type { PriceBreakdown } from "./rules/pricing";
import type { BookingDeps, BookingRequest } from "./bookings.server";
import { createBooking, previewOfficeBooking } from "./create.server";
import { findCustomer } from "./store/customers.server";
import { bookingRowById } from "./store/reads.server";
import { countQuoteRequestsByStatus, insertQuoteRequest, moveQuoteRequest, quoteRequestById, quoteRequestByTokenHash, quoteRequestPage } from "./store/quote-requests.server";
import type { LifecycleActor } from "./lifecycle.server";

type Trx = Transaction<Database>;

/** What is said when a request moves, written in the move's transaction (mails to the outbox, notices to the bell). */
export interface QuoteTeller {
  /** a new request: the office's notice and mail, the guest's acknowledgement */
  received(db: Trx, request: QuoteRequestRow): Promise<void>;
  /** the guest's offer mail with its link (`token`) */
  offered(db: Trx, request: QuoteRequestRow, offer: QuoteOffer, token: string): Promise<void>;
  /** the guest told that no offer will come (when the office asks for it) */
  closed(db: Trx, request: QuoteRequestRow): Promise<void>;
  /** the office's notice that the guest accepted */
  accepted(db: Kysely<Database>, request: QuoteRequestRow, booking: BookingRow): Promise<void>;
}

export type QuoteDeps = BookingDeps & { tell: QuoteTeller };

/** The offer as stored: the booking it makes, what the guest is shown of it, who made it. */
export interface QuoteOffer {
  request: BookingRequest;
  entry: OfficeEntry;
  locale: Language;
  /** the staff member who made it: the booking's history and audit name them */
  actor: AuditActor;
  /** what the guest reads: the places as resolved, the car, the itemised price */
  shown: { pickup: string; dropoff: string; car: string; category: string; price: PriceBreakdown };
}

const isOffer = (v: unknown): v is QuoteOffer => typeof v === "object" && v !== null && "request" in v && "entry" in v && "shown" in v;
export const readOffer = (row: Pick<QuoteRequestRow, "offer">): QuoteOffer | null => parseJson<QuoteOffer | null>(row.offer, null, isOffer);
export const readReasons = (row: Pick<QuoteRequestRow, "reasons">): QuoteReason[] => parseJson<QuoteReason[]>(row.reasons, [], Array.isArray);

/** A new request from the site or the API; matched to a guest the office knows by phone or e-mail. */
export async function requestQuote(deps: QuoteDeps, input: QuoteRequestInput, meta: { locale: string; ip?: string | null }): Promise<QuoteRequestRow> {
  const { pickupAt, returnAt } = requestInstants(input);
  const language: Language = input.language ?? (isLanguage(meta.locale) ? meta.locale : "en");
  const at = nowIso();
  return deps.db.transaction().execute(async (trx) => {
    const known = await findCustomer(trx, { email: input.email, phone: input.phone });
    const row = await insertQuoteRequest(trx, {
      id: randomUUID(),
      reference: bookingReference().replace(/^VT-/, "TQ-"),
      reasons: toJson(input.reasons),
      trip_type: input.tripType,
      pickup: input.pickup,
      dropoff: input.tripType === "hourly" ? "" : (input.dropoff ?? ""),
      pickup_at: pickupAt,
      return_at: returnAt,
      hours: input.tripType === "hourly" ? (input.hours ?? null) : null,
      passengers: input.passengers,
      luggage: input.luggage ?? null,
      luggage_items: luggageItemsJson(requestedLuggageItems(input)),
      full_name: input.fullName,
      email: input.email,
      phone: input.phone,
      language,
      message: input.message,
      customer_id: known?.id ?? null,
      ip: meta.ip ?? null,
      created_at: at,
      updated_at: at,
    });
    await deps.tell.received(trx, row);
    return row;
  });
}

export type OfferResult =
  | { ok: true; request: QuoteRequestRow; offer: QuoteOffer; warnings: Problem[] }
  | { ok: false; fields: FieldProblems; conflicts?: Conflict[]; refused?: "gone" | "notOpen" };

/**
 * The office's offer: the booking checked and priced as the office's preview does (a car taken at
 * those times needs the entry's reason, as booking it would), stored with a new link (any earlier
 * link stops working), mailed to the guest in their language. Audit-logged.
 */
export async function offerQuote(deps: QuoteDeps, id: string, given: { request: BookingRequest; entry: OfficeEntry; locale?: string; note: string }, actor: LifecycleActor, ip: string | null = null): Promise<OfferResult> {
  const row = await quoteRequestById(deps.db, id);
  if (!row) return { ok: false, fields: {}, refused: "gone" };
  if (row.status !== "open" && row.status !== "offered") return { ok: false, fields: {}, refused: "notOpen" };
  // the guest's language unless the office says another
  const locale: Language = isLanguage(given.locale) ? given.locale : isLanguage(row.language) ? row.language : "en";
  const entry: OfficeEntry = { ...given.entry, channel: "site" };
  const preview = await previewOfficeBooking(deps, given.request, { locale, office: { entry } });
  if (!preview.ok) return preview;
  if (preview.conflicts.length > 0 && !entry.reason) return { ok: false, fields: {}, conflicts: preview.conflicts };
  const offer: QuoteOffer = {
    request: given.request,
    entry,
    locale,
    actor: { id: actor.id, label: actor.label },
    shown: { ...preview.places, car: preview.car.name, category: preview.category, price: preview.price },
  };
  const token = randomBytes(32).toString("base64url");
  const at = nowIso();
  const moved = await deps.db.transaction().execute(async (trx) => {
    const done = await moveQuoteRequest(trx, id, ["open", "offered"], {
      status: "offered",
      offer: toJson(offer),
      offer_total: preview.price.total,
      offer_note: given.note || null,
      offer_token_hash: hashToken(token),
      offered_at: at,
      offered_by: actor.id,
      offer_expires_at: offerExpiry(given.request.pickupAt, new Date(at)),
      updated_at: at,
    });
    if (!done) return null;
    const stored = (await quoteRequestById(trx, id))!;
    await recordAudit(trx, { actor, action: "quote.offer", entity: "quote_request", entityId: id, summary: row.reference, details: { total: preview.price.total, car: preview.car.id, ...(entry.price != null ? { quoted: preview.quoted, reason: entry.reason } : {}) }, ip }, at);
    await deps.tell.offered(trx, stored, offer, token);
    return stored;
  });
  if (!moved) return { ok: false, fields: {}, refused: "notOpen" };
  return { ok: true, request: moved, offer, warnings: preview.warnings };
}

/** The office closes a request without (or instead of) an offer; the guest is told when `notifyGuest`. Audit-logged. */
export async function closeQuoteRequest(deps: QuoteDeps, id: string, reason: string, actor: LifecycleActor, options: { notifyGuest: boolean; ip?: string | null }): Promise<{ ok: true; request: QuoteRequestRow } | { ok: false }> {
  const at = nowIso();
  return deps.db.transaction().execute(async (trx) => {
    const row = await quoteRequestById(trx, id);
    if (!row || !(await moveQuoteRequest(trx, id, ["open", "offered"], { status: "closed", closed_at: at, close_reason: reason || null, updated_at: at }))) return { ok: false as const };
    const stored = (await quoteRequestById(trx, id))!;
    await recordAudit(trx, { actor, action: "quote.close", entity: "quote_request", entityId: id, summary: row.reference, details: { notifyGuest: options.notifyGuest, ...(reason ? { reason } : {}) }, ip: options.ip ?? null }, at);
    if (options.notifyGuest) await deps.tell.closed(trx, stored);
    return { ok: true as const, request: stored };
  });
}

/** What the offer link shows: the request, its offer, and whether it can still be accepted. */
export interface OfferView {
  request: QuoteRequestRow;
  offer: QuoteOffer | null;
  /** open: can be accepted; the others say why not */
  state: "open" | "accepted" | "expired" | "closed";
  booking: Pick<BookingRow, "id" | "reference" | "status"> | null;
}

function stateOf(row: QuoteRequestRow, now: Date): OfferView["state"] {
  if (row.status === "accepted") return "accepted";
  if (row.status === "closed") return "closed";
  return row.offer_expires_at && row.offer_expires_at <= now.toISOString() ? "expired" : "open";
}

/** The request behind an offer link; none for an unknown or replaced link. */
export async function offerByToken(db: Kysely<Database>, token: string, now = new Date()): Promise<OfferView | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const row = await quoteRequestByTokenHash(db, hashToken(token));
  if (!row || row.status === "open") return null;
  const booking = row.booking_id ? await bookingRowById(db, row.booking_id) : undefined;
  return { request: row, offer: readOffer(row), state: stateOf(row, now), booking: booking ? { id: booking.id, reference: booking.reference, status: booking.status } : null };
}

export type AcceptResult =
  | { ok: true; booking: BookingRow; token: string | null; created: boolean }
  | { ok: false; reason: "unknown" | "expired" | "closed" | "unbookable"; fields?: FieldProblems };

/**
 * The guest accepts an offer from its link: the booking made through the front door with the
 * offer's request and the office's entry (its price, its confirmation, its mail to the guest), the
 * channel "site". The request is claimed (offered → accepted) before the booking is made, so the
 * office cannot close it meanwhile; a booking refused gives it back (accepted → offered).
 * Accepting twice gives the same booking (the idempotency key is the offer's).
 */
export async function acceptOffer(deps: QuoteDeps, token: string, meta: { ip?: string | null; now?: Date } = {}): Promise<AcceptResult> {
  const view = await offerByToken(deps.db, token, meta.now);
  if (!view || !view.offer) return { ok: false, reason: "unknown" };
  const { request: row, offer } = view;
  if (view.state === "closed") return { ok: false, reason: "closed" };
  if (view.state === "expired") return { ok: false, reason: "expired" };
  const claimedAt = nowIso();
  const claimed = row.status === "offered" && (await moveQuoteRequest(deps.db, row.id, ["offered"], { status: "accepted", accepted_at: claimedAt, updated_at: claimedAt }));
  if (!claimed) {
    // another click claimed it (it makes the same booking, by the key), or the office closed it
    const now = await quoteRequestById(deps.db, row.id);
    if (now?.status !== "accepted") return { ok: false, reason: "closed" };
  }
  const result = await createBooking(deps, offer.request, {
    locale: offer.locale,
    idempotencyKey: `quote-offer:${row.id}:${row.offered_at}`,
    clientIp: meta.ip ?? null,
    channel: "site",
    office: { entry: offer.entry, actor: { kind: "office", ...offer.actor }, ip: meta.ip ?? null },
  });
  if (!result.ok) {
    if (claimed) await moveQuoteRequest(deps.db, row.id, ["accepted"], { status: "offered", accepted_at: null, updated_at: nowIso() });
    return { ok: false, reason: "unbookable", fields: result.fields };
  }
  if (claimed) {
    await moveQuoteRequest(deps.db, row.id, ["accepted"], { booking_id: result.booking.id, customer_id: result.booking.customer_id ?? row.customer_id, updated_at: nowIso() });
    await deps.tell.accepted(deps.db, { ...row, status: "accepted", booking_id: result.booking.id }, result.booking);
  }
  return { ok: true, booking: result.booking, token: result.token, created: result.created };
}

export const QUOTE_PAGE_SIZE = 25;

export interface QuoteRequestPage {
  rows: QuoteRequestRow[];
  counts: Record<QuoteRequestStatus, number>;
  status: QuoteRequestStatus;
  page: number;
  pageCount: number;
  total: number;
}

/** The office's list: one status at a time, with every status's count. */
export async function listQuoteRequests(db: Kysely<Database>, status: QuoteRequestStatus, page = 1, pageSize = QUOTE_PAGE_SIZE): Promise<QuoteRequestPage> {
  const counts = await countQuoteRequestsByStatus(db);
  const pageCount = Math.max(1, Math.ceil(counts[status] / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const { rows, total } = await quoteRequestPage(db, status, current, pageSize);
  return { rows, counts, status, page: current, pageCount, total };
}

/** One request for the office, with its offer and the booking it became. */
export async function getQuoteRequest(db: Kysely<Database>, id: string): Promise<{ request: QuoteRequestRow; offer: QuoteOffer | null; reasons: QuoteReason[]; booking: Pick<BookingRow, "id" | "reference" | "status"> | null } | undefined> {
  if (!/^[\w-]{1,64}$/.test(id)) return undefined;
  const row = await quoteRequestById(db, id);
  if (!row) return undefined;
  const booking = row.booking_id ? await bookingRowById(db, row.booking_id) : undefined;
  return { request: row, offer: readOffer(row), reasons: readReasons(row), booking: booking ? { id: booking.id, reference: booking.reference, status: booking.status } : null };
}

/** Requests waiting for the office (the dashboard). */
export async function countOpenQuoteRequests(db: Kysely<Database>): Promise<number> {
  return (await countQuoteRequestsByStatus(db)).open;
}
