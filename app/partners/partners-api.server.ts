/**
 * The /api/partners workflows beside the office's pages (the same write path, partners.server.ts):
 * a JSON body read into a partner's fields and a partner written out, both in the API's snake case
 * (`commission_percent`, as the bookings' fields are); a POST replayed under its Idempotency-Key.
 */
import type { Kysely } from "kysely";
import { adminCodes } from "~/admin/codes";
import { problem, type FieldProblems } from "~/i18n/problem";
import type { Database } from "~/server/db/schema";
import { rememberCreateId, replayedCreateId } from "~/server/idempotent-create.server";
import type { PartnerApiKey } from "./api-keys.server";
import type { Partner, PartnerInput } from "./partners";
import { getPartner } from "./partners.server";

/** What the API says beyond the partner's own rules (partners.messages). */
export const PARTNERS_API = adminCodes("partners.messages", ["activeInvalid", "fieldType", "keyNameInvalid", "keyNotFound", "keyRefused"]);

/** The API's field → the partner's input field. */
const FIELDS: Record<string, keyof PartnerInput> = {
  code: "code",
  name: "name",
  kind: "kind",
  contact_name: "contactName",
  email: "email",
  phone: "phone",
  language: "language",
  commission_percent: "commissionPercent",
  rate_rule: "rateRule",
  credit_terms: "creditTerms",
  active: "active",
  notes: "notes",
};

/**
 * A JSON body as the partner's fields: only the known ones (others are ignored). A field absent
 * stays undefined (PATCH keeps the partner's value); null clears an optional one. `active` must be
 * a boolean, `commission_percent` a number, the others strings.
 */
export function partnerInputFromJson(body: Record<string, unknown>): { ok: true; input: PartnerInput } | { ok: false; fields: FieldProblems } {
  const input: PartnerInput = {};
  const fields: FieldProblems = {};
  for (const [name, key] of Object.entries(FIELDS)) {
    if (!(name in body)) continue;
    const value = body[name];
    if (name === "active") {
      if (typeof value !== "boolean") fields[name] = [problem(PARTNERS_API.activeInvalid)];
      else input.active = value;
    } else if (name === "commission_percent") {
      if (value !== null && typeof value !== "number") fields[name] = [problem(PARTNERS_API.fieldType)];
      else input.commissionPercent = value ?? 0;
    } else if (value !== null && typeof value !== "string") fields[name] = [problem(PARTNERS_API.fieldType)];
    else input[key] = value ?? "";
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, input };
}

/** The input's field names in the API's words, for the problems parsePartner gives. */
export function apiFieldProblems(fields: FieldProblems): FieldProblems {
  const byInput = Object.fromEntries(Object.entries(FIELDS).map(([api, key]) => [key, api]));
  return Object.fromEntries(Object.entries(fields).map(([key, problems]) => [byInput[key] ?? key, problems]));
}

/** A partner as the API answers it. */
export function partnerJson(p: Partner) {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    kind: p.kind,
    contact_name: p.contactName,
    email: p.email,
    phone: p.phone,
    language: p.language,
    commission_percent: p.commissionPercent,
    rate_rule: p.rateRule,
    credit_terms: p.creditTerms,
    active: p.active,
    notes: p.notes,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** A POST /api/partners answered before under the same key: the partner, "mismatch" for another body, undefined when new. */
export async function replayedPartnerCreate(db: Kysely<Database>, key: string, hash: string): Promise<Partner | "mismatch" | undefined> {
  const id = await replayedCreateId(db, "partners", key, hash);
  return id === "mismatch" ? id : id ? getPartner(db, id) : undefined;
}

export const rememberPartnerCreate = (db: Kysely<Database>, key: string, hash: string, partner: Partner) => rememberCreateId(db, "partners", key, hash, partner.id);

/** A key as the API lists it (never the key itself). */
export const apiKeyJson = (k: PartnerApiKey) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_by: k.createdBy,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
  revoked_at: k.revokedAt,
});
