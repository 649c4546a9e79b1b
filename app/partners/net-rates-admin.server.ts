/**
 * The office's net-rates page of a partner (/admin/partners/{id}/rates): the public route fares
 * with the partner's fare per car category beside each public one, and its rates per km and per
 * hour by category; one plain form post (no JavaScript needed), saved whole through
 * savePartnerNetRates (audited), everything typed kept with its problems on a refusal.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import { liraFieldText } from "~/admin/route-fares";
import type { AuditActor } from "~/audit/audit.server";
import { fareEndLabel } from "~/booking/rules/fares";
import type { PartnerNetRates } from "~/booking/rules/partner-price";
import { CAR_CATEGORIES } from "~/fleet/car";
import { problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import { readRouteFares, readZones } from "~/pricing/pricing.server";
import type { Database } from "~/server/db/schema";
import type { Kurus } from "~/utils/money";
import { fareField, faresAbovePublic, NET_RATES, netRatesFromForm, perHourField, perKmField } from "./net-rates";
import { readPartnerNetRates, savePartnerNetRates } from "./net-rates.server";
import type { PartnerRateRule } from "./partners";
import { getPartner } from "./partners.server";

/** A public route fare as the page lists it. */
export interface NetRatesRoute {
  id: string;
  label: string;
  oneWay: boolean;
  active: boolean;
  /** the public fare per category (kuruş) */
  prices: Record<string, Kurus>;
}

export interface NetRatesFormState {
  /** the inputs as typed, by field name (fareField, perKmField, perHourField) */
  values: Record<string, string>;
  fields: Record<string, string[]>;
  message?: string;
  /** fields whose net fare is above the public fare (the partner earns nothing there) */
  above: string[];
}

export interface NetRatesPage {
  partner: { id: string; name: string; code: string; rateRule: PartnerRateRule };
  routes: NetRatesRoute[];
  categories: readonly string[];
  state: NetRatesFormState;
}

/** The stored rates as the form's texts ("1250" or "1250,50"). */
function valuesOf(rates: PartnerNetRates): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [routeFareId, byCategory] of Object.entries(rates.fares)) for (const [category, fare] of Object.entries(byCategory)) values[fareField(routeFareId, category)] = liraFieldText(fare);
  for (const [category, r] of Object.entries(rates.categories)) {
    if (r.perKm !== null) values[perKmField(category)] = liraFieldText(r.perKm);
    if (r.perHour !== null) values[perHourField(category)] = liraFieldText(r.perHour);
  }
  return values;
}

async function routesOf(db: Kysely<Database>) {
  const [fares, zones] = await Promise.all([readRouteFares(db), readZones(db)]);
  const byId = new Map(zones.map((z) => [z.id, z]));
  const routes: NetRatesRoute[] = fares.map((f) => ({ id: f.id, label: `${fareEndLabel(f.from, byId)} → ${fareEndLabel(f.to, byId)}`, oneWay: f.oneWay, active: f.active, prices: f.prices }));
  return { fares, routes };
}

/** The page's data; undefined for an unknown partner. */
export async function loadNetRatesPage(db: Kysely<Database>, partnerId: string): Promise<NetRatesPage | undefined> {
  const partner = await getPartner(db, partnerId);
  if (!partner) return undefined;
  const [{ fares, routes }, rates] = await Promise.all([routesOf(db), readPartnerNetRates(db, partnerId)]);
  const above = faresAbovePublic(rates, fares).map((a) => fareField(a.routeFareId, a.category));
  return {
    partner: { id: partner.id, name: partner.name, code: partner.code, rateRule: partner.rateRule },
    routes,
    categories: CAR_CATEGORIES,
    state: { values: valuesOf(rates), fields: {}, above },
  };
}

export type NetRatesFormOutcome = { saved: true } | { state: NetRatesFormState; status: number };

/** Saves the posted rates; on a problem, the form back with everything typed and the problems in the admin language. */
export async function handleNetRatesForm(db: Kysely<Database>, request: Request, { id, lng, actor }: { id: string; lng: AdminLanguage; actor: AuditActor }): Promise<NetRatesFormOutcome> {
  const say = (code: Parameters<typeof problem>[0]) => translate(lng, problem(code));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { state: { values: {}, fields: {}, above: [], message: say(NET_RATES.saveFailed) }, status: 400 };
  }
  const { routes } = await routesOf(db);
  const input = netRatesFromForm(form, routes);
  const values = Object.fromEntries([...input.fares.map((f) => f.amount), ...input.categories.flatMap((c) => [c.perKm, c.perHour])].map((a) => [a.field, String(a.value ?? "")]));
  const result = await savePartnerNetRates(db, id, input, actor);
  if (result.ok) return { saved: true };
  if (result.reason === "not_found") return { state: { values, fields: {}, above: [], message: say(NET_RATES.saveFailed) }, status: 404 };
  return { state: { values, fields: translateFields(lng, result.fields), above: [], message: say(NET_RATES.saveFailed) }, status: 400 };
}
