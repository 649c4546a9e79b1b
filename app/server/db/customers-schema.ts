/**
 * The guests' table (migration 0110, issue 29), apart from app/server/db/schema.ts so that file
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
