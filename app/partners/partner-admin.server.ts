/**
 * The office's partner screens (/admin/partners, new, edit): the form's state (what was typed,
 * problems translated into the admin language) and its post. The write itself is
 * partners.server.ts (createPartner/updatePartner, audited), as for the API.
 */
import type { Kysely } from "kysely";
import type { AdminLanguage } from "~/admin/i18n.server";
import type { AuditActor } from "~/audit/audit.server";
import { problem } from "~/i18n/problem";
import { translate, translateFields } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import { PARTNERS, type Partner } from "./partners";
import { createPartner, updatePartner } from "./partners.server";
import { faresAbovePublic } from "./net-rates";
import { readPartnerNetRates } from "./net-rates.server";
import { readRouteFares } from "~/pricing/pricing.server";

/** The form as shown: the values as typed (text), problems by field in the admin language. */
export interface PartnerFormState {
  values: {
    code: string;
    name: string;
    kind: string;
    contactName: string;
    email: string;
    phone: string;
    language: string;
    commissionPercent: string;
    rateRule: string;
    creditTerms: string;
    active: boolean;
    notes: string;
  };
  fields: Record<string, string[]>;
  message?: string;
  /** the partner's net fares above the public price, when on the net rule (it earns nothing on those) */
  netAbovePublic?: number;
}

const EMPTY_VALUES: PartnerFormState["values"] = {
  code: "",
  name: "",
  kind: "hotel",
  contactName: "",
  email: "",
  phone: "",
  language: "en",
  commissionPercent: "10",
  rateRule: "commission",
  creditTerms: "guest_pays",
  active: true,
  notes: "",
};

/** A percentage as the Turkish office writes it ("12,5"). */
const typedPercent = (value: number, lng: AdminLanguage) => (lng === "tr" || lng === "de" || lng === "ru" ? String(value).replace(".", ",") : String(value));

export function stateFromPartner(partner: Partner | undefined, lng: AdminLanguage): PartnerFormState {
  if (!partner) return { values: { ...EMPTY_VALUES, commissionPercent: typedPercent(10, lng) }, fields: {} };
  return {
    values: {
      code: partner.code,
      name: partner.name,
      kind: partner.kind,
      contactName: partner.contactName,
      email: partner.email,
      phone: partner.phone,
      language: partner.language,
      commissionPercent: typedPercent(partner.commissionPercent, lng),
      rateRule: partner.rateRule,
      creditTerms: partner.creditTerms,
      active: partner.active,
      notes: partner.notes,
    },
    fields: {},
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A posted form as typed; an unticked "active" box posts nothing, which means inactive. */
export function partnerFormValues(form: FormData): PartnerFormState["values"] {
  return {
    code: field(form, "code"),
    name: field(form, "name"),
    kind: field(form, "kind"),
    contactName: field(form, "contactName"),
    email: field(form, "email"),
    phone: field(form, "phone"),
    language: field(form, "language"),
    commissionPercent: field(form, "commissionPercent"),
    rateRule: field(form, "rateRule"),
    creditTerms: field(form, "creditTerms"),
    active: form.get("active") === "on",
    notes: field(form, "notes"),
  };
}

/** The edit form of a partner, with how many of its net fares are above the public price when it is on the net rule. */
export async function partnerEditState(db: Kysely<Database>, partner: Partner, lng: AdminLanguage): Promise<PartnerFormState> {
  const state = stateFromPartner(partner, lng);
  if (partner.rateRule !== "net") return state;
  const above = faresAbovePublic(await readPartnerNetRates(db, partner.id), await readRouteFares(db));
  return above.length > 0 ? { ...state, netAbovePublic: above.length } : state;
}

export type PartnerFormOutcome = { saved: Partner } | { state: PartnerFormState; status: number };

/** Saves the posted form (a new partner without `id`); on a problem, the form back with everything typed. */
export async function handlePartnerForm(
  db: Kysely<Database>,
  request: Request,
  { id, lng, actor }: { id?: string; lng: AdminLanguage; actor: AuditActor },
): Promise<PartnerFormOutcome> {
  const say = (code: Parameters<typeof problem>[0]) => translate(lng, problem(code));
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { state: { ...stateFromPartner(undefined, lng), message: say(PARTNERS.saveFailed) }, status: 400 };
  }
  const values = partnerFormValues(form);
  const result = id ? await updatePartner(db, id, values, actor) : await createPartner(db, values, actor);
  if (result.ok) return { saved: result.partner };
  if (result.reason === "not_found") return { state: { values, fields: {}, message: say(PARTNERS.notFound) }, status: 404 };
  return { state: { values, fields: translateFields(lng, result.fields), message: say(PARTNERS.saveFailed) }, status: 400 };
}
