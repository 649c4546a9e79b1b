/**
 * A partner's month in figures (issue 33), pure and browser-safe: which month, its bounds in
 * Istanbul time, and the statement's totals from its bookings.
 *
 * - Every booking picked up in the month is listed; a cancelled one counts 0 (in nothing below).
 * - net = guest price − commission (the partner's commission is fixed on the booking when made).
 * - paid on account: the net of the bookings the partner pays itself on this statement (it
 *   collected the guest's money, or invoices its guest): what the partner owes us.
 * - collected from guests: the guest price of the bookings the guest pays in the car: we hold the
 *   money, and owe the partner its commission on them.
 * - balance = on account − commission on the guest-paid bookings: positive, the partner owes us;
 *   negative, we owe the partner.
 * Money is kuruş in lira (bookings' `total_price` is the lira charged, whatever currency the guest saw).
 */
import { netPrice } from "~/booking/rules/partner-price";
import type { BookingStatus } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";

export const STATEMENT_CURRENCY = "TRY";
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;

/** `YYYY-MM`, a real month (1900–2999). */
export const isStatementMonth = (value: unknown): value is string => typeof value === "string" && MONTH.test(value) && value >= "1900-01" && value < "3000-01";

const monthText = (year: number, monthIndex: number): string => {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
};

/** The month `n` months after (or before, n < 0) `month`. */
export function shiftMonth(month: string, n: number): string {
  const [, y, m] = MONTH.exec(month) ?? [];
  return monthText(Number(y), Number(m) - 1 + n);
}

/** The Istanbul month an instant falls in. */
export function monthOf(instant: string | Date): string {
  const d = new Date(new Date(instant).getTime() + ISTANBUL_OFFSET_MS);
  return monthText(d.getUTCFullYear(), d.getUTCMonth());
}

/** The month a statement opens on: the one before `now`'s (Istanbul). */
export const lastMonth = (now: Date = new Date()): string => shiftMonth(monthOf(now), -1);

/** A month's bounds as UTC instants [start, end): Istanbul midnight of its first day and of the next month's. */
export function monthBounds(month: string): { start: string; end: string } {
  const at = (m: string) => new Date(Date.parse(`${m}-01T00:00:00.000Z`) - ISTANBUL_OFFSET_MS).toISOString();
  return { start: at(month), end: at(shiftMonth(month, 1)) };
}

/** A booking as the statement takes it. */
export interface StatementBooking {
  id: string;
  reference: string;
  pickupDate: string;
  /** "Antalya Airport (AYT) → Belek", in the reader's language */
  route: string;
  guestName: string;
  status: BookingStatus;
  /** what the guest pays, kuruş */
  guestPrice: Kurus;
  /** the partner's commission on it, kuruş */
  commission: Kurus;
  /** the partner pays it on this statement (else the guest pays in the car) */
  partnerPays: boolean;
}

export interface StatementLine extends StatementBooking {
  net: Kurus;
  /** false for a cancelled booking: listed, counted in no total */
  counted: boolean;
}

export interface StatementTotals {
  /** bookings counted (not cancelled) */
  bookings: number;
  /** cancelled bookings listed */
  cancelled: number;
  guestTotal: Kurus;
  netTotal: Kurus;
  commissionTotal: Kurus;
  /** the net of the partner-paid bookings: what the partner owes us */
  onAccountTotal: Kurus;
  /** the guest price of the guest-paid bookings */
  collectedTotal: Kurus;
  /** the commission on the guest-paid bookings: what we owe the partner */
  commissionOnCollected: Kurus;
  /** onAccountTotal − commissionOnCollected: > 0 the partner owes us, < 0 we owe the partner */
  balance: Kurus;
  currency: typeof STATEMENT_CURRENCY;
}

export function statementLines(bookings: readonly StatementBooking[]): StatementLine[] {
  return bookings.map((b) => ({ ...b, net: netPrice(b.guestPrice, b.commission), counted: b.status !== "cancelled" }));
}

export function statementTotals(lines: readonly StatementLine[]): StatementTotals {
  let guest = 0;
  let commission = 0;
  let onAccount = 0;
  let collected = 0;
  let owedToPartner = 0;
  let bookings = 0;
  for (const line of lines) {
    if (!line.counted) continue;
    bookings += 1;
    guest += line.guestPrice;
    commission += line.commission;
    if (line.partnerPays) onAccount += line.net;
    else {
      collected += line.guestPrice;
      owedToPartner += line.commission;
    }
  }
  return {
    bookings,
    cancelled: lines.length - bookings,
    guestTotal: kurus(guest),
    netTotal: kurus(guest - commission),
    commissionTotal: kurus(commission),
    onAccountTotal: kurus(onAccount),
    collectedTotal: kurus(collected),
    commissionOnCollected: kurus(owedToPartner),
    balance: kurus(onAccount - owedToPartner),
    currency: STATEMENT_CURRENCY,
  };
}

/** Who owes whom at the end of the month: the words a statement uses for its balance. */
export const balanceSide = (balance: number): "partnerOwes" | "weOwe" | "settled" => (balance > 0 ? "partnerOwes" : balance < 0 ? "weOwe" : "settled");
