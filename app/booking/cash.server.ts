/**
 * Drivers' cash (issue 30): the driver records from the job link what the guest paid at the end of
 * the leg (an amount, a currency, cash or card: a `driver_cash` / `driver_card` ledger row through
 * `recordPayment`), and the office sees each driver's day (what was collected, per currency, and
 * the legs whose guest still owes) and closes it with a count; a count that does not match the
 * ledger is flagged and kept with its difference.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { problem, type FieldProblems, type Problem } from "~/i18n/problem";
import { isCurrency, type Currency, type CurrencyRates } from "~/pricing/currency";
import { nowIso } from "~/server/db/convert";
import type { Database, JobStatus, PaymentRow } from "~/server/db/schema";
import { hashToken } from "~/utils/token";
import { kurus, type Kurus } from "~/utils/money";
import { recordPayment, type PaymentNotify } from "./payments.server";
import type { LegName } from "./rules/availability";
import { addAmount, cashDifference, dayRange, readAmounts, sameAmounts, type CurrencyAmounts } from "./rules/cash";
import { isJobTokenShape } from "./rules/job-link";
import { amountDueOf } from "./rules/payments";
import { bookingRowById } from "./store/reads.server";
import { cashClosingsOfDay, driverCollectionsBetween, driverNameOf, drivenLegsBetween, insertCashClosing } from "./store/cash.server";
import { legByJobTokenHash } from "./store/legs.server";
import { paymentRowsOf } from "./store/payments.server";

/** A leg's steps after which the driver records what the guest paid: on board, or at the drop-off. */
const COLLECTING: readonly JobStatus[] = ["picked_up", "completed"];

export interface CollectionInput {
  /** in `currency`'s minor units, > 0 */
  amount: number;
  currency: Currency;
  method: "cash" | "card";
  /** the form's one-time key: a second press of the same form adds nothing */
  nonce: string;
}

export type CollectionResult =
  | { ok: true; added: boolean }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_now" | "invalid"; problem: Problem; fields: FieldProblems };

const driverCode = (key: string) => problem(`driver:collect.errors.${key}`);

/** Records what the driver took from the guest on the leg behind `token`. */
export async function recordDriverCollection(db: Kysely<Database>, token: string, input: CollectionInput, rates: CurrencyRates, notify: PaymentNotify = {}): Promise<CollectionResult> {
  const leg = isJobTokenShape(token) ? await legByJobTokenHash(db, hashToken(token)) : undefined;
  if (!leg) return { ok: false, reason: "not_found" };
  const booking = await bookingRowById(db, leg.booking_id);
  if (!booking) return { ok: false, reason: "not_found" };
  if (booking.status === "cancelled" || !COLLECTING.includes(leg.job_status)) return { ok: false, reason: "not_now", problem: driverCode("notNow"), fields: {} };
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(input.nonce)) return { ok: false, reason: "invalid", problem: driverCode("invalid"), fields: {} };
  if (!isCurrency(input.currency)) return { ok: false, reason: "invalid", problem: driverCode("invalid"), fields: { currency: [driverCode("currency")] } };
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return { ok: false, reason: "invalid", problem: driverCode("invalid"), fields: { amount: [driverCode("amount")] } };
  const driver = await driverNameOf(db, leg.driver_id);
  const result = await recordPayment(db, {
    bookingId: booking.id,
    kind: input.method === "cash" ? "driver_cash" : "driver_card",
    method: input.method,
    amount: input.amount,
    currency: input.currency,
    actor: { kind: "driver", id: null, label: driver?.name ?? "driver" },
    providerRef: `job:${booking.id}:${leg.leg}:${input.nonce}`,
    leg: leg.leg,
    driverId: leg.driver_id,
    rates,
  }, notify);
  if (!result.ok) return result.reason === "not_found" ? { ok: false, reason: "not_found" } : { ok: false, reason: "invalid", problem: driverCode("invalid"), fields: { amount: [driverCode("amount")] } };
  return { ok: true, added: result.added };
}

/** What the drivers took on a leg (the job sheet lists it). */
export async function legCollections(db: Kysely<Database>, bookingId: string, leg: LegName): Promise<PaymentRow[]> {
  return (await paymentRowsOf(db, bookingId)).filter((p) => p.leg === leg && (p.kind === "driver_cash" || p.kind === "driver_card"));
}

export interface CashCollection {
  id: string;
  reference: string;
  bookingId: string;
  leg: string | null;
  method: string;
  currency: Currency;
  /** minor units of `currency` */
  currencyAmount: number;
  amount: Kurus;
  at: string;
}

export interface CashLeg {
  bookingId: string;
  reference: string;
  guest: string;
  leg: string;
  pickupAt: string;
  jobStatus: JobStatus;
  bookingStatus: string;
  /** what the booking still owes now, kuruş, and in the guest's currency */
  due: Kurus;
  dueCurrency: Currency;
  dueInCurrency: number;
}

export interface CashClosingView {
  expected: CurrencyAmounts;
  counted: CurrencyAmounts;
  difference: CurrencyAmounts;
  hasDifference: boolean;
  note: string;
  by: string;
  at: string;
  /** collections were recorded for the day after it was closed: the count no longer covers them */
  stale: boolean;
}

export interface DriverCashDay {
  driverId: string;
  name: string;
  collections: CashCollection[];
  /** cash taken, per currency (minor units) */
  cash: CurrencyAmounts;
  /** card payments taken, per currency */
  card: CurrencyAmounts;
  legs: CashLeg[];
  closing: CashClosingView | null;
}

/** Every driver's cash on an Istanbul day: who collected, drove or was closed that day, by name. */
export async function cashDay(db: Kysely<Database>, day: string): Promise<DriverCashDay[]> {
  const { from, until } = dayRange(day);
  const [collections, legs, closings] = await Promise.all([driverCollectionsBetween(db, from, until), drivenLegsBetween(db, from, until), cashClosingsOfDay(db, day)]);
  const drivers = new Map<string, DriverCashDay>();
  const driverOf = (id: string, name: string | null) => {
    let entry = drivers.get(id);
    if (!entry) {
      entry = { driverId: id, name: name ?? "—", collections: [], cash: {}, card: {}, legs: [], closing: null };
      drivers.set(id, entry);
    }
    return entry;
  };
  for (const c of collections) {
    if (!c.driver_id || !isCurrency(c.currency)) continue;
    const entry = driverOf(c.driver_id, c.driver_name);
    entry.collections.push({ id: c.id, reference: c.reference, bookingId: c.booking_id, leg: c.leg, method: c.method, currency: c.currency, currencyAmount: c.currency_amount, amount: kurus(c.amount), at: c.created_at });
    if (c.kind === "driver_cash") entry.cash = addAmount(entry.cash, c.currency, c.currency_amount);
    else entry.card = addAmount(entry.card, c.currency, c.currency_amount);
  }
  for (const l of legs) {
    const due = amountDueOf({ status: l.status, total_price: l.total_price, amount_paid: l.amount_paid, currency: l.currency, currency_rate: l.currency_rate, partner_pays: l.partner_pays });
    driverOf(l.driver_id, l.driver_name).legs.push({
      bookingId: l.booking_id,
      reference: l.reference,
      guest: l.full_name,
      leg: l.leg,
      pickupAt: l.pickup_at,
      jobStatus: l.job_status,
      bookingStatus: l.status,
      due: due.due,
      dueCurrency: due.currency,
      dueInCurrency: due.inCurrency,
    });
  }
  for (const c of closings) {
    const entry = driverOf(c.driver_id, c.driver_name);
    const expected = readAmounts(c.expected);
    entry.closing = {
      expected,
      counted: readAmounts(c.counted),
      difference: readAmounts(c.difference),
      hasDifference: c.has_difference === 1,
      note: c.note,
      by: c.closed_by_label,
      at: c.closed_at,
      stale: !sameAmounts(expected, entry.cash),
    };
  }
  return [...drivers.values()].sort((a, b) => a.name.localeCompare(b.name, "tr"));
}

export type CloseResult =
  | { ok: true; hasDifference: boolean; difference: CurrencyAmounts }
  | { ok: false; reason: "not_found" | "closed" };

/**
 * Closes a driver's cash day with what the office counted: the expected amounts are read from the
 * ledger in the same transaction, the difference kept and flagged, the audit log names who.
 */
export async function closeCashDay(
  db: Kysely<Database>,
  input: { driverId: string; day: string; counted: CurrencyAmounts; note: string; actor: AuditActor; ip?: string | null },
): Promise<CloseResult> {
  const driver = await driverNameOf(db, input.driverId);
  if (!driver) return { ok: false, reason: "not_found" };
  const { from, until } = dayRange(input.day);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    let expected: CurrencyAmounts = {};
    for (const c of await driverCollectionsBetween(trx, from, until, input.driverId)) {
      if (c.kind === "driver_cash" && isCurrency(c.currency)) expected = addAmount(expected, c.currency, c.currency_amount);
    }
    const { difference, hasDifference } = cashDifference(expected, input.counted);
    const written = await insertCashClosing(trx, {
      id: randomUUID(),
      driver_id: input.driverId,
      day: input.day,
      expected: JSON.stringify(expected),
      counted: JSON.stringify(input.counted),
      difference: JSON.stringify(difference),
      has_difference: hasDifference ? 1 : 0,
      note: input.note.trim().slice(0, 300),
      closed_by_id: input.actor.id,
      closed_by_label: input.actor.label,
      closed_at: at,
    });
    if (!written) return { ok: false as const, reason: "closed" as const };
    await recordAudit(trx, { actor: input.actor, action: "cash.close", entity: "driver", entityId: input.driverId, summary: `${driver.name} · ${input.day}`, details: { expected, counted: input.counted, difference }, ip: input.ip ?? null }, at);
    return { ok: true as const, hasDifference, difference };
  });
}
