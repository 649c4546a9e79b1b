/**
 * The partners' one write path (issue 33): the office's pages, the API, the seed and the tests'
 * factories all create and change partners here, and every change is written to the audit log.
 * A partner is never deleted (its bookings point at it): the office makes it inactive.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { isLanguage } from "~/i18n/config";
import { problem, type FieldProblems } from "~/i18n/problem";
import { fromBool, nowIso, toBool } from "~/server/db/convert";
import type { Database, PartnerRow } from "~/server/db/schema";
import { foldSearchText, phoneSearchDigits, searchTextPatterns } from "~/utils/search-text";
import { PARTNERS, parsePartner, percentOf, type Partner, type PartnerInput, type PartnerKind, type PartnerValues } from "./partners";

export function partnerFromRow(row: PartnerRow): Partner {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    language: isLanguage(row.language) ? row.language : "en",
    commissionPercent: percentOf(row.commission_bp),
    rateRule: row.rate_rule === "net" ? "net" : "commission",
    creditTerms: row.credit_terms,
    active: toBool(row.active),
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const searchText = (v: PartnerValues) => `${foldSearchText(v.name, v.code, v.contactName, v.email)} ${v.phone ? phoneSearchDigits(v.phone) : ""}`.trim();

const columns = (v: PartnerValues) => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  contact_name: v.contactName,
  email: v.email,
  phone: v.phone,
  language: v.language,
  commission_bp: v.commissionBp,
  rate_rule: v.rateRule,
  credit_terms: v.creditTerms,
  active: fromBool(v.active),
  notes: v.notes,
  search_text: searchText(v),
});

export async function getPartner(db: Kysely<Database>, id: string): Promise<Partner | undefined> {
  const row = await db.selectFrom("partners").selectAll().where("id", "=", id).executeTakeFirst();
  return row && partnerFromRow(row);
}

/** A partner by its code, in any case ("belekpalm" finds BELEKPALM). */
export async function partnerByCode(db: Kysely<Database>, code: string): Promise<Partner | undefined> {
  const row = await db.selectFrom("partners").selectAll().where("code", "=", code.trim().toLocaleUpperCase("en")).executeTakeFirst();
  return row && partnerFromRow(row);
}

export interface PartnerListOptions {
  /** only the active ones */
  active?: boolean;
  kind?: PartnerKind;
  /** a folded name, code, contact, e-mail or phone search */
  q?: string;
}

/** Partners by name (Turkish order). */
export async function listPartners(db: Kysely<Database>, options: PartnerListOptions = {}): Promise<Partner[]> {
  let query = db.selectFrom("partners").selectAll();
  if (options.active) query = query.where("active", "=", 1);
  if (options.kind) query = query.where("kind", "=", options.kind);
  const q = options.q?.trim();
  if (q) query = query.where((eb) => eb.or(searchTextPatterns(q).map((pattern) => eb("search_text", "like", pattern))));
  const rows = await query.orderBy("name").orderBy("id").execute();
  // by name as the Turkish office reads a list ("Öztürk" after "Otel", not after "Z"): a few hundred partners at most
  return rows.map(partnerFromRow).sort((a, b) => byName.compare(a.name, b.name));
}

const byName = new Intl.Collator("tr", { sensitivity: "base", numeric: true });

async function codeProblems(db: Kysely<Database>, code: string, partnerId: string | null): Promise<FieldProblems> {
  const other = await db.selectFrom("partners").select("id").where("code", "=", code).executeTakeFirst();
  return other && other.id !== partnerId ? { code: [problem(PARTNERS.codeTaken)] } : {};
}

/** The unique index answers a race between two partners of one code. */
const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

export type PartnerSaveResult = { ok: true; partner: Partner } | { ok: false; reason: "invalid"; fields: FieldProblems } | { ok: false; reason: "not_found" };

export async function createPartner(db: Kysely<Database>, input: PartnerInput, actor: AuditActor | null): Promise<PartnerSaveResult> {
  const parsed = parsePartner(input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  const taken = await codeProblems(db, v.code, null);
  if (Object.keys(taken).length > 0) return { ok: false, reason: "invalid", fields: taken };
  const id = randomUUID();
  const at = nowIso();
  try {
    await db
      .insertInto("partners")
      .values({ id, ...columns(v), created_at: at, updated_at: at })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "invalid", fields: { code: [problem(PARTNERS.codeTaken)] } };
    throw error;
  }
  await recordAudit(db, { actor, action: "partner.create", entity: "partner", entityId: id, summary: `${v.name} (${v.code})`, details: { after: v } });
  return { ok: true, partner: (await getPartner(db, id))! };
}

const valuesOf = (p: Partner): PartnerInput => ({
  code: p.code,
  name: p.name,
  kind: p.kind,
  contactName: p.contactName,
  email: p.email,
  phone: p.phone,
  language: p.language,
  commissionPercent: p.commissionPercent,
  rateRule: p.rateRule,
  creditTerms: p.creditTerms,
  active: p.active,
  notes: p.notes,
});

/** A partial change: fields not in `input` keep their value. */
export async function updatePartner(db: Kysely<Database>, id: string, input: PartnerInput, actor: AuditActor | null): Promise<PartnerSaveResult> {
  const existing = await getPartner(db, id);
  if (!existing) return { ok: false, reason: "not_found" };
  const before = parsePartner(valuesOf(existing));
  const merged: PartnerInput = { ...valuesOf(existing) };
  for (const key of Object.keys(input) as Array<keyof PartnerInput>) if (input[key] !== undefined) merged[key] = input[key];
  const parsed = parsePartner(merged);
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const v = parsed.value;
  const taken = await codeProblems(db, v.code, id);
  if (Object.keys(taken).length > 0) return { ok: false, reason: "invalid", fields: taken };
  try {
    await db
      .updateTable("partners")
      .set({ ...columns(v), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "invalid", fields: { code: [problem(PARTNERS.codeTaken)] } };
    throw error;
  }
  const then = before.ok ? before.value : undefined;
  const changed = Object.fromEntries(
    (Object.keys(v) as Array<keyof PartnerValues>).filter((k) => JSON.stringify(v[k]) !== JSON.stringify(then?.[k])).map((k) => [k, { from: then?.[k] ?? null, to: v[k] }]),
  );
  await recordAudit(db, { actor, action: "partner.update", entity: "partner", entityId: id, summary: `${v.name} (${v.code})`, details: { changed } });
  return { ok: true, partner: (await getPartner(db, id))! };
}
