/**
 * The money tables (migration 0130, issue 30), apart from app/server/db/schema.ts so that file
 * stays readable; `Database` there lists them with the others. The words are the booking module's
 * (app/booking/rules/payments.ts reads and explains them).
 */
import type { ColumnType, Selectable } from "kysely";
import type { Kurus } from "~/utils/money";

type DefaultedText = ColumnType<string, string | undefined, string>;

/** What a ledger row records: a charge online, a refund, a driver's collection, the office's adjustment. */
export const PAYMENT_KINDS = ["charge", "refund", "driver_cash", "driver_card", "adjustment"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How the money moved. */
export const PAYMENT_METHODS = ["card", "cash", "bank", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A booking's money as the lists, the CSV and the API name it (`payment_status`). */
export const PAYMENT_STATUSES = ["unpaid", "part_paid", "paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the guest was asked to pay: everything on arrival, a deposit online, or the whole fare online. */
export const PAY_MODES = ["arrival", "deposit", "full"] as const;
export type PayMode = (typeof PAY_MODES)[number];

/** One movement of a booking's money (append-only). */
export interface PaymentsTable {
  id: string;
  booking_id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  /** signed kuruş: money in > 0, money out (a refund) < 0 */
  amount: Kurus;
  /** the currency it moved in (app/pricing/currency.ts) */
  currency: string;
  /** the amount in that currency's minor units, same sign */
  currency_amount: number;
  /** lira × 10,000 per unit used to convert; null for TRY */
  currency_rate: number | null;
  /** iyzico, stripe; null for the office's and the drivers' rows */
  provider: string | null;
  /** the provider's reference (or an idempotency key): unique, so a retried callback adds nothing */
  provider_ref: string | null;
  leg: string | null;
  driver_id: string | null;
  /** why (required for the office's adjustments) */
  reason: DefaultedText;
  actor_id: string | null;
  actor_label: DefaultedText;
  created_at: string;
}

export type PaymentRow = Selectable<PaymentsTable>;

/** A driver's cash day as the office counted it (migration 0140): JSON maps of currency → minor units. */
export interface CashClosingsTable {
  id: string;
  driver_id: string;
  /** the Istanbul date, YYYY-MM-DD */
  day: string;
  /** what the ledger says the driver took in cash, per currency (JSON) */
  expected: string;
  /** what the office counted (JSON) */
  counted: string;
  /** counted − expected, per currency (JSON) */
  difference: string;
  has_difference: ColumnType<number, number | undefined, number>;
  note: DefaultedText;
  closed_by_id: string | null;
  closed_by_label: DefaultedText;
  closed_at: string;
}

export type CashClosingRow = Selectable<CashClosingsTable>;

/** A receipt's number for a ledger row (migration 0150); the PDF is made from it when asked. */
export interface ReceiptsTable {
  id: string;
  /** `{year}-{seq:06}` */
  number: string;
  year: number;
  seq: number;
  payment_id: string;
  booking_id: string;
  issued_at: string;
}

export type ReceiptRow = Selectable<ReceiptsTable>;

/** What a checkout asks: the deposit, the whole fare, or what is left of it (paid later from the private link). */
export const CHECKOUT_PURPOSES = ["deposit", "full", "balance"] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];

/** A checkout as last read from its provider. */
export const CHECKOUT_STATUSES = ["open", "paid", "failed", "expired"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** One time a guest was sent to a provider's hosted page (migration 0160). */
export interface CheckoutsTable {
  id: string;
  booking_id: string;
  /** iyzico, stripe */
  provider: string;
  /** the provider's session (iyzico token, Stripe cs_…); null until the provider answered */
  session_id: string | null;
  purpose: CheckoutPurpose;
  /** kuruş asked */
  amount: Kurus;
  /** the currency charged */
  currency: string;
  /** the amount charged, in hundredths of the currency's unit (kopecks for RUB: the providers' unit) */
  currency_amount: number;
  /** lira × 10,000 per unit; null for TRY */
  currency_rate: number | null;
  status: ColumnType<CheckoutStatus, CheckoutStatus | undefined, CheckoutStatus>;
  /** the hosted page */
  url: string | null;
  /** the provider's reason of a decline or a failure to start, for the office */
  failure: DefaultedText;
  /** the ledger row a paid checkout wrote */
  payment_id: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export type CheckoutRow = Selectable<CheckoutsTable>;
