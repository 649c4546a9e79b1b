/**
 * A partner's net rates (issue 33) in the database (`partner_net_rates`, migration 0226): read as
 * the price function takes them, and written whole in one transaction, audited, by the office's
 * rates page and `PUT /api/partners/{id}/net-rates` alike. Which rule the partner is on is the
 * partner's own field (`rate_rule`, partners.server.ts).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "~/audit/audit.server";
import { NO_NET_RATES, type PartnerNetRates, type PartnerTerms } from "~/booking/rules/partner-price";
import type { FieldProblems } from "~/i18n/problem";
import { readRouteFares } from "~/pricing/pricing.server";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { kurus, type Kurus } from "~/utils/money";
import { parseNetRates, type NetRatesInput } from "./net-rates";

/** The partner's own rates (none: empty). */
export async function readPartnerNetRates(db: Kysely<Database>, partnerId: string): Promise<PartnerNetRates> {
  const rows = await db.selectFrom("partner_net_rates").selectAll().where("partner_id", "=", partnerId).orderBy("category").execute();
  if (rows.length === 0) return NO_NET_RATES;
  const fares: Record<string, Record<string, Kurus>> = {};
  const categories: Record<string, { perKm: Kurus | null; perHour: Kurus | null }> = {};
  for (const row of rows) {
    if (row.route_fare_id !== null) {
      if (row.fare !== null) fares[row.route_fare_id] = { ...fares[row.route_fare_id], [row.category]: kurus(Number(row.fare)) };
    } else categories[row.category] = { perKm: row.per_km === null ? null : kurus(Number(row.per_km)), perHour: row.per_hour === null ? null : kurus(Number(row.per_hour)) };
  }
  return { fares, categories };
}

/** How the partner earns (its rule, its commission, its own rates when on the net rule); undefined for an unknown partner. */
export async function readPartnerTerms(db: Kysely<Database>, partnerId: string): Promise<PartnerTerms | undefined> {
  const row = await db.selectFrom("partners").select(["commission_bp", "rate_rule"]).where("id", "=", partnerId).executeTakeFirst();
  if (!row) return undefined;
  const rule = row.rate_rule === "net" ? "net" : "commission";
  return { rule, commissionBp: Number(row.commission_bp), rates: rule === "net" ? await readPartnerNetRates(db, partnerId) : NO_NET_RATES };
}

export type NetRatesSaveResult = { ok: true; rates: PartnerNetRates } | { ok: false; reason: "invalid"; fields: FieldProblems } | { ok: false; reason: "not_found" };

/** Replaces the partner's rates with these (blank ones left out), in one transaction, audited with what was and what is. */
export async function savePartnerNetRates(db: Kysely<Database>, partnerId: string, input: NetRatesInput, actor: AuditActor | null): Promise<NetRatesSaveResult> {
  const partner = await db.selectFrom("partners").select(["id", "name", "code"]).where("id", "=", partnerId).executeTakeFirst();
  if (!partner) return { ok: false, reason: "not_found" };
  const routeFares = await readRouteFares(db);
  const parsed = parseNetRates(input, new Set(routeFares.map((f) => f.id)));
  if (!parsed.ok) return { ok: false, reason: "invalid", fields: parsed.fields };
  const { rates } = parsed;
  const before = await readPartnerNetRates(db, partnerId);
  const at = nowIso();
  const rows = [
    ...Object.entries(rates.fares).flatMap(([routeFareId, byCategory]) =>
      Object.entries(byCategory).map(([category, fare]) => ({ id: randomUUID(), partner_id: partnerId, route_fare_id: routeFareId, category, fare, updated_at: at })),
    ),
    ...Object.entries(rates.categories).map(([category, r]) => ({ id: randomUUID(), partner_id: partnerId, route_fare_id: null, category, per_km: r.perKm, per_hour: r.perHour, updated_at: at })),
  ];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("partner_net_rates").where("partner_id", "=", partnerId).execute();
    for (const row of rows) await trx.insertInto("partner_net_rates").values(row).execute();
    await recordAudit(trx, { actor, action: "partner.net_rates.update", entity: "partner", entityId: partnerId, summary: `${partner.name} (${partner.code})`, details: { before, after: rates } }, at);
  });
  return { ok: true, rates };
}
