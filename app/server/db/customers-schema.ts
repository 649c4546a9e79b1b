/**
 * The guests' and quote requests' tables (migrations 0110 and 0120, issue 29), apart from app/server/db/schema.ts so that file
 * stays readable; `Database` there lists it with the others.
 */
import type { ColumnType, Selectable } from "kysely";

type Instant = string;
type DefaultedText = ColumnType<string, string | undefined, string>;

/** A guest the office knows (migration 0110, issue 29), matched from bookings by phone or e-mail. */
export interface CustomersTable {
  id: string;
  full_name: string;
  email: DefaultedText;
  /** lower-case e-mail, for matching */
  email_key: DefaultedText;
  phone: DefaultedText;
  /** the phone's digits in the international form the bookings list searches (phoneSearchDigits) */
  phone_key: DefaultedText;
  language: DefaultedText;
  /** notes for drivers ("always a child seat", "VIP, meet inside") */
  notes: DefaultedText;
  marketing_consent_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  search_text: DefaultedText;
  last_booked_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** the latest pickup of their bookings (the retention job reads it) */
  last_trip_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** when the guest's personal data was erased (KVKK); the row stays without it */
  anonymised_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  created_at: Instant;
  updated_at: Instant;
}
export type CustomerRow = Selectable<CustomersTable>;

/** Where a quote request stands (migration 0120): open → offered → accepted; open or offered → closed. */
export const QUOTE_REQUEST_STATUSES = ["open", "offered", "accepted", "closed"] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

/** A trip the site could not price, sent to the office (migration 0120, issue 29). */
export interface QuoteRequestsTable {
  id: string;
  /** `TQ-7K3Q9X`, read out on the phone */
  reference: string;
  status: ColumnType<QuoteRequestStatus, QuoteRequestStatus | undefined, QuoteRequestStatus>;
  /** JSON list of why the site could not price it (QUOTE_REASONS) */
  reasons: DefaultedText;
  trip_type: string;
  /** the places as the guest typed them */
  pickup: string;
  dropoff: DefaultedText;
  pickup_at: Instant;
  return_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  hours: ColumnType<number | null, number | null | undefined, number | null>;
  passengers: number;
  luggage: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: the special luggage by kind (issue 32, migration 0217), as `bookings.luggage_items`; null: none */
  luggage_items: ColumnType<string | null, string | null | undefined, string | null>;
  full_name: string;
  email: string;
  phone: string;
  language: string;
  message: DefaultedText;
  /** the guest the office knows by this phone or e-mail, when there is one */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the booking the office offers (the API's booking body, the office's entry, the language) */
  offer: ColumnType<string | null, string | null | undefined, string | null>;
  /** the offered price, kuruş */
  offer_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** the office's words to the guest with the offer */
  offer_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the offer link's token */
  offer_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  offered_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** the staff member's id */
  offered_by: ColumnType<string | null, string | null | undefined, string | null>;
  offer_expires_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  booking_id: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  closed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  close_reason: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Instant;
  updated_at: Instant;
}
export type QuoteRequestRow = Selectable<QuoteRequestsTable>;
