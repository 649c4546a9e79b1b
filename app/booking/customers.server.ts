/**
 * The guests the office knows (issue 29): every booking is matched to its guest by phone (any
 * format: the digits the bookings list searches) or e-mail, in the booking's own transaction; the
 * office lists and searches them, reads one with their bookings and totals, keeps notes for
 * drivers and the marketing consent, and, under KVKK, exports one guest's data or erases it
 * (their bookings keep the trip, not the person), each recorded in the audit log. A retention
 * setting anonymises guests with no trip in N years (`anonymiseStaleCustomers`, run by the worker).
 */
import type { Kysely, Transaction } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { nowIso } from "~/server/db/convert";
import type { BookingStatus, CustomerRow, Database } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";
import { readChanges } from "./rules/booking-changes";
import {
  bookingsOfCustomer,
  customerById,
  customersMatching,
  eraseCustomerRows,
  linkBookingToCustomer,
  matchCustomer,
  staleCustomers,
  unlinkedBookings,
  updateCustomerRow,
  type GuestContact,
} from "./store/customers.server";
import { scrubGuestTraces } from "./store/guest-traces.server";
import { scrubQuoteRequests, scrubQuoteRequestsBefore } from "./store/quote-requests.server";

export type { CustomerRow };

/** Fields of a booking's history that hold the guest's personal data: blanked by an erasure. */
const PERSONAL_FIELDS = new Set(["full_name", "email", "phone", "notes", "flight_number", "pickup_address", "dropoff_address", "return_pickup_address", "return_dropoff_address"]);

/** In the booking's transaction: its guest matched or made, and the booking linked to them. */
export async function linkBookingGuest(trx: Transaction<Database>, booking: { id: string; created_at: string; pickup_date: string; return_date?: string | null }, contact: GuestContact): Promise<string> {
  const lastPickup = booking.return_date && booking.return_date > booking.pickup_date ? booking.return_date : booking.pickup_date;
  const id = await matchCustomer(trx, contact, { createdAt: booking.created_at, pickupAt: lastPickup });
  await linkBookingToCustomer(trx, booking.id, id);
  return id;
}

/**
 * Links the bookings made before guests were kept, a batch at a time, through the same matching
 * (run at start-up; safe on several instances at once, as two bookings of one new guest at once
 * make one row). `workers` bookings of a batch are linked at once (each in its own transaction; the
 * bench links 100,000 with four). Returns how many were linked.
 */
export async function linkUnmatchedBookings(db: Kysely<Database>, options: { batch?: number; max?: number; workers?: number } = {}): Promise<number> {
  const batch = options.batch ?? 500;
  let linked = 0;
  for (;;) {
    const rows = await unlinkedBookings(db, batch);
    if (rows.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const b = rows[next++]!;
        await db.transaction().execute((trx) => linkBookingGuest(trx, b, { fullName: b.full_name, email: b.email, phone: b.phone, language: b.locale }));
        linked += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.workers ?? 1) }, worker));
    if (rows.length < batch || (options.max !== undefined && linked >= options.max)) break;
  }
  return linked;
}

export interface CustomerPage {
  customers: CustomerRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export async function listCustomers(db: Kysely<Database>, q: string | undefined, page = 1, pageSize = 20): Promise<CustomerPage> {
  const asked = Math.max(1, page);
  const matching = customersMatching(db, q, { limit: pageSize, offset: (asked - 1) * pageSize });
  const [customers, total] = await Promise.all([matching.rows(), matching.count()]);
  return { customers, total, page: asked, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

export type CustomerBooking = Awaited<ReturnType<typeof bookingsOfCustomer>>[number];

export interface CustomerDetail {
  customer: CustomerRow;
  bookings: CustomerBooking[];
  totals: { bookings: number; trips: number; cancelled: number; spent: Kurus; firstTrip: string | null; lastTrip: string | null };
}

const TRAVELLED: readonly BookingStatus[] = ["pending", "confirmed", "completed"];

export async function getCustomer(db: Kysely<Database>, id: string): Promise<CustomerDetail | undefined> {
  if (!/^[\w-]{1,64}$/.test(id)) return undefined;
  const customer = await customerById(db, id);
  if (!customer) return undefined;
  const bookings = await bookingsOfCustomer(db, id);
  const kept = bookings.filter((b) => TRAVELLED.includes(b.status));
  const dates = kept.map((b) => b.pickup_date).sort();
  return {
    customer,
    bookings,
    totals: {
      bookings: bookings.length,
      trips: kept.length,
      cancelled: bookings.length - kept.length,
      spent: kurus(kept.reduce((sum, b) => sum + b.total_price, 0)),
      firstTrip: dates[0] ?? null,
      lastTrip: dates.at(-1) ?? null,
    },
  };
}

export interface CustomerUpdate {
  notes: string;
  language: string;
  marketingConsent: boolean;
}

/** The office's notes for drivers, the guest's language and marketing consent; audit-logged. */
export async function updateCustomer(db: Kysely<Database>, id: string, input: CustomerUpdate, actor: AuditActor, ip: string | null = null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await customerById(trx, id);
    if (!before || before.anonymised_at) return false;
    const at = nowIso();
    const consent = input.marketingConsent ? (before.marketing_consent_at ?? at) : null;
    await updateCustomerRow(trx, id, { notes: input.notes.trim().slice(0, 1000), language: input.language, marketing_consent_at: consent }, at);
    await recordAudit(trx, { actor, action: "customer.update", entity: "customer", entityId: id, summary: before.full_name, details: { notes: input.notes !== before.notes, language: input.language, marketingConsent: input.marketingConsent }, ip }, at);
    return true;
  });
}

/** One guest's data as the office hands it over (KVKK): the guest and every booking with its personal fields; the export is audit-logged. */
export async function exportCustomer(db: Kysely<Database>, id: string, actor: AuditActor, ip: string | null = null): Promise<CustomerDetail | undefined> {
  const detail = await getCustomer(db, id);
  if (!detail) return undefined;
  await recordAudit(db, { actor, action: "customer.export", entity: "customer", entityId: id, summary: detail.customer.full_name, details: { bookings: detail.bookings.length }, ip });
  return detail;
}

/**
 * Erases a guest (KVKK): their personal fields replaced in every booking, the history kept
 * without them (personal fields' values in the edits blanked), the mails, messages and office
 * notices about their bookings removed, the guest's row kept only as anonymised; audit-logged
 * without the data itself.
 */
export async function eraseCustomer(db: Kysely<Database>, id: string, actor: AuditActor, options: { ip?: string | null; reason?: string } = {}): Promise<{ ok: true; bookings: number } | { ok: false }> {
  return db.transaction().execute(async (trx) => {
    const customer = await customerById(trx, id);
    if (!customer || customer.anonymised_at) return { ok: false as const };
    const at = nowIso();
    const bookingIds = (await bookingsOfCustomer(trx, id)).map((b) => b.id);
    const bookings = await eraseCustomerRows(trx, id, at);
    // their quote requests too (the trip asked for stays, without who asked)
    await scrubQuoteRequests(trx, { customerId: id, bookingIds, email: customer.email, phone: customer.phone }, at);
    await scrubGuestTraces(trx, bookingIds, (changes) => {
      const read = readChanges(changes);
      if (!read) return changes;
      return JSON.stringify({ ...read, fields: read.fields.map((f) => (PERSONAL_FIELDS.has(f.field) ? { ...f, from: null, to: null } : f)) });
    });
    await recordAudit(trx, { actor, action: "customer.erase", entity: "customer", entityId: id, summary: id, details: { bookings, ...(options.reason ? { reason: options.reason } : {}) }, ip: options.ip ?? null }, at);
    return { ok: true as const, bookings };
  });
}

/** The retention rule: guests with no trip in `years` years are erased (a batch per call); 0 turns it off. */
export async function anonymiseStaleCustomers(db: Kysely<Database>, years: number, now = new Date(), batch = 200): Promise<number> {
  if (!Number.isInteger(years) || years <= 0) return 0;
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  const stale = await staleCustomers(db, cutoff.toISOString(), batch);
  // requests that never became a trip are as old as they were sent
  await scrubQuoteRequestsBefore(db, cutoff.toISOString(), nowIso());
  let erased = 0;
  for (const { id } of stale) {
    const done = await eraseCustomer(db, id, { id: null, label: "system" }, { reason: `retention:${years}y` });
    if (done.ok) erased += 1;
  }
  return erased;
}

/** The office's notes for drivers about a booking's guest ("always a child seat"); empty when none or erased. */
export async function guestNotesFor(db: Kysely<Database>, booking: { customer_id?: string | null }): Promise<string> {
  if (!booking.customer_id) return "";
  const customer = await customerById(db, booking.customer_id);
  return customer && !customer.anonymised_at ? customer.notes : "";
}
