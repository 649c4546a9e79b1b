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
