/**
 * Partners' API keys (issue 33): made by the office for a partner and shown once
 * (`vtp_` + 32 random bytes, base64url), stored as their SHA-256, revocable, audited. A request
 * with `Authorization: Bearer vtp_…` acts as that partner, and only while the key is not revoked
 * and the partner is active.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { nowIso } from "~/server/db/convert";
import type { Database, PartnerApiKeyRow } from "~/server/db/schema";
import type { Partner } from "./partners";
import { getPartner } from "./partners.server";

export const API_KEY_PREFIX = "vtp_";
export const MAX_KEY_NAME = 60;

/** Whether a bearer token is shaped as a partner's key (else it is a staff session's token). */
export const isPartnerKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** A key as lists show it: never the key itself. */
export interface PartnerApiKey {
  id: string;
  name: string;
  /** the key's first characters ("vtp_AbC123xy…") */
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const keyFromRow = (row: PartnerApiKeyRow): PartnerApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdBy: row.created_by,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/** The name as typed, on one line; undefined when empty or too long. */
export function keyName(value: unknown): string | undefined {
  const name = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  return name && name.length <= MAX_KEY_NAME ? name : undefined;
}

/** A new key for the partner: the key itself (shown once) and its record; undefined for an unknown partner. */
export async function createPartnerApiKey(
  db: Kysely<Database>,
  partnerId: string,
  name: string,
  actor: AuditActor,
): Promise<{ key: string; record: PartnerApiKey } | undefined> {
  const partner = await getPartner(db, partnerId);
  if (!partner) return undefined;
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: randomUUID(),
    partner_id: partnerId,
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 8),
    key_hash: hashKey(key),
    created_by: actor.label,
    created_at: nowIso(),
  };
  await db.insertInto("partner_api_keys").values(row).execute();
  await recordAudit(db, { actor, action: "partner.key.create", entity: "partner", entityId: partnerId, summary: `${partner.name}: ${name} (${row.prefix}…)`, details: { keyId: row.id } });
  return { key, record: keyFromRow({ ...row, last_used_at: null, revoked_at: null }) };
}

/** A partner's keys, newest first (revoked ones too, marked). */
export async function listPartnerApiKeys(db: Kysely<Database>, partnerId: string): Promise<PartnerApiKey[]> {
  const rows = await db.selectFrom("partner_api_keys").selectAll().where("partner_id", "=", partnerId).orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(keyFromRow);
}

/** Revokes one of the partner's keys (at once: the next request with it is refused); already revoked is fine. */
export async function revokePartnerApiKey(db: Kysely<Database>, partnerId: string, keyId: string, actor: AuditActor): Promise<PartnerApiKey | undefined> {
  const row = await db.selectFrom("partner_api_keys").selectAll().where("id", "=", keyId).where("partner_id", "=", partnerId).executeTakeFirst();
  if (!row) return undefined;
  if (row.revoked_at) return keyFromRow(row);
  const at = nowIso();
  await db.updateTable("partner_api_keys").set({ revoked_at: at }).where("id", "=", keyId).execute();
  await recordAudit(db, { actor, action: "partner.key.revoke", entity: "partner", entityId: partnerId, summary: `${row.name} (${row.prefix}…)`, details: { keyId } });
  return keyFromRow({ ...row, revoked_at: at });
}

/**
 * The partner a key acts for: undefined when the key is unknown or revoked, or its partner
 * inactive. Remembers when it was used (at most once a minute, not a write per request).
 */
export async function partnerOfKey(db: Kysely<Database>, key: string): Promise<Partner | undefined> {
  if (!isPartnerKey(key) || key.length > 200) return undefined;
  const row = await db.selectFrom("partner_api_keys").selectAll().where("key_hash", "=", hashKey(key)).executeTakeFirst();
  if (!row || row.revoked_at) return undefined;
  const partner = await getPartner(db, row.partner_id);
  if (!partner?.active) return undefined;
  const now = new Date();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    await db.updateTable("partner_api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
  }
  return partner;
}
