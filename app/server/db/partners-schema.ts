/**
 * The partners' table (migration 0220, issue 33), apart from app/server/db/schema.ts so that file
 * stays readable; `Database` there lists it with the others.
 */
import type { ColumnType, Selectable } from "kysely";

type Instant = string;
type DefaultedText = ColumnType<string, string | undefined, string>;
type DefaultedInt = ColumnType<number, number | undefined, number>;

/** Who sells our transfers: a hotel's desk, a travel agency, a tour operator, a reseller. */
export const PARTNER_KINDS = ["hotel", "agency", "tour_operator", "reseller"] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** Who pays for a partner's booking: the guest on arrival, or the partner on its monthly invoice. */
export const PARTNER_CREDIT_TERMS = ["guest_pays", "monthly_invoice"] as const;
export type PartnerCreditTerms = (typeof PARTNER_CREDIT_TERMS)[number];

/** How a partner earns (migration 0226): a commission off the public price, or the public price less its own net fares. */
export const PARTNER_RATE_RULES = ["commission", "net"] as const;
export type PartnerRateRule = (typeof PARTNER_RATE_RULES)[number];

export interface PartnersTable {
  id: string;
  /** upper case, unique: the deep link's `?partner=CODE` */
  code: string;
  name: string;
  kind: PartnerKind;
  contact_name: DefaultedText;
  email: DefaultedText;
  phone: DefaultedText;
  /** the language of the partner's copies and statements (tr, en, de, ru) */
  language: DefaultedText;
  /** the commission, in basis points off the public price (1250 = 12.5 %) */
  commission_bp: DefaultedInt;
  /** how it earns (0226): "commission" (commission_bp off the public price) or "net" (its own fares, partner_net_rates) */
  rate_rule: ColumnType<PartnerRateRule, PartnerRateRule | undefined, PartnerRateRule>;
  credit_terms: ColumnType<PartnerCreditTerms, PartnerCreditTerms | undefined, PartnerCreditTerms>;
  /** 0 | 1 */
  active: DefaultedInt;
  notes: DefaultedText;
  /** name, code, contact, e-mail and phone digits, folded for the list's search */
  search_text: DefaultedText;
  created_at: Instant;
  updated_at: Instant;
}
export type PartnerRow = Selectable<PartnersTable>;

/**
 * A partner's own rates (migration 0226), kuruş: with `route_fare_id`, its fare on that public
 * route fare for `category` (`fare`); without, the category's net rate per km and per hour.
 */
export interface PartnerNetRatesTable {
  id: string;
  partner_id: string;
  route_fare_id: ColumnType<string | null, string | null | undefined, string | null>;
  category: string;
  fare: ColumnType<number | null, number | null | undefined, number | null>;
  per_km: ColumnType<number | null, number | null | undefined, number | null>;
  per_hour: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Instant;
}
export type PartnerNetRateRow = Selectable<PartnerNetRatesTable>;

/** A partner's API key (migration 0221): stored as its SHA-256, shown once; revoked, never deleted. */
export interface PartnerApiKeysTable {
  id: string;
  partner_id: string;
  /** what the partner calls it ("Booking engine", "Test") */
  name: string;
  /** the key's first characters, shown in lists */
  prefix: string;
  /** SHA-256 of the whole key, hex */
  key_hash: string;
  /** who made it (the staff member's name or e-mail) */
  created_by: DefaultedText;
  created_at: Instant;
  last_used_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  revoked_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}
export type PartnerApiKeyRow = Selectable<PartnerApiKeysTable>;

/** A partner's webhook (migration 0222): a URL, the events it hears, the secret its deliveries are signed with. */
export interface PartnerWebhooksTable {
  id: string;
  partner_id: string;
  url: string;
  description: DefaultedText;
  /** JSON list of event names ("booking.created", …) */
  events: DefaultedText;
  /** `whsec_…`: signs every delivery (HMAC-SHA256); kept in clear, it is needed to sign */
  secret: string;
  /** 0 | 1: switched off, it hears nothing */
  active: DefaultedInt;
  created_by: DefaultedText;
  created_at: Instant;
  updated_at: Instant;
  disabled_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** deleted: gone from the lists, hears nothing; its delivery log stays */
  deleted_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
}
export type PartnerWebhookRow = Selectable<PartnerWebhooksTable>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event for one webhook (migration 0222): the webhooks' outbox and its log. */
export interface PartnerWebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  partner_id: string;
  booking_id: string | null;
  /** the event's stable key, unique per webhook (a replay's: `replay:<delivery>:<n>`) */
  event_id: string;
  /** "booking.created", … */
  event: string;
  /** the exact body sent */
  payload: string;
  /** the delivery this one replays */
  replay_of: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: DefaultedInt;
  next_attempt_at: Instant;
  /** the lease of the worker sending it */
  locked_until: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  delivered_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  created_at: Instant;
}
export type PartnerWebhookDeliveryRow = Selectable<PartnerWebhookDeliveriesTable>;

/**
 * A partner's month (migration 0223): written when the office marks the statement paid, with the
 * totals of that moment frozen (kuruş, in `currency`); undone, `paid_at` is null again.
 */
export interface PartnerStatementsTable {
  id: string;
  partner_id: string;
  /** `YYYY-MM`, Istanbul, by the bookings' pickup */
  month: string;
  paid_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** who marked it (the staff member's name or e-mail) */
  paid_by: DefaultedText;
  paid_note: DefaultedText;
  /** bookings counted (cancelled ones are listed, not counted) */
  bookings: DefaultedInt;
  guest_total: DefaultedInt;
  net_total: DefaultedInt;
  commission_total: DefaultedInt;
  /** the net of the bookings the partner pays itself: what it owes us */
  on_account_total: DefaultedInt;
  /** the guest price of the bookings the guests pay in the car */
  collected_total: DefaultedInt;
  /** on account − commission on the guest-paid bookings: > 0 the partner owes us, < 0 we owe it */
  balance: DefaultedInt;
  currency: DefaultedText;
  created_at: Instant;
  updated_at: Instant;
}
export type PartnerStatementRow = Selectable<PartnerStatementsTable>;
