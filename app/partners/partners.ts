/**
 * Partners (issue 33): what a partner record holds and how a form or API body is read into one.
 * Pure, shared by the office's pages, the API, the seed and the tests. Problems are codes of the
 * admin catalogue's `partners.messages` (Turkish there first).
 */
import { adminCodes } from "~/admin/codes";
import { isAccountEmail } from "~/auth/email";
import { isPhoneNumber, normalizePhone } from "~/booking/rules/contact";
import { isLanguage, type Language } from "~/i18n/config";
import { problem, type FieldProblems } from "~/i18n/problem";
import { PARTNER_CREDIT_TERMS, PARTNER_KINDS, PARTNER_RATE_RULES, type PartnerCreditTerms, type PartnerKind, type PartnerRateRule } from "~/server/db/partners-schema";

export { PARTNER_CREDIT_TERMS, PARTNER_KINDS, PARTNER_RATE_RULES, type PartnerCreditTerms, type PartnerKind, type PartnerRateRule };

export const PARTNERS = adminCodes("partners.messages", [
  "nameRequired",
  "nameTooLong",
  "codeInvalid",
  "codeTaken",
  "kindInvalid",
  "contactTooLong",
  "emailInvalid",
  "phoneInvalid",
  "languageInvalid",
  "commissionInvalid",
  "rateRuleInvalid",
  "creditTermsInvalid",
  "notesTooLong",
  "notFound",
  "saveFailed",
  "idempotencyMismatch",
]);

export const MAX_PARTNER_NAME = 120;
export const MAX_PARTNER_CONTACT = 120;
export const MAX_PARTNER_NOTES = 2000;
/** A code: 3–20 of A–Z, 0–9 and "-", starting with a letter or digit (typed in any case, kept upper). */
export const PARTNER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;
/** The highest commission the office may give: a partner never gets the whole price. */
export const MAX_COMMISSION_PERCENT = 50;

export const isPartnerKind = (v: unknown): v is PartnerKind => typeof v === "string" && (PARTNER_KINDS as readonly string[]).includes(v);
export const isRateRule = (v: unknown): v is PartnerRateRule => typeof v === "string" && (PARTNER_RATE_RULES as readonly string[]).includes(v);
export const isCreditTerms = (v: unknown): v is PartnerCreditTerms => typeof v === "string" && (PARTNER_CREDIT_TERMS as readonly string[]).includes(v);

/** A partner as the pages and the API read it. */
export interface Partner {
  id: string;
  code: string;
  name: string;
  kind: PartnerKind;
  contactName: string;
  email: string;
  phone: string;
  language: Language;
  /** the commission off the public price, in percent with up to two decimals (12.5) */
  commissionPercent: number;
  /** how it earns: the commission off the public price, or its own net rates (partner_net_rates) */
  rateRule: PartnerRateRule;
  creditTerms: PartnerCreditTerms;
  active: boolean;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

/** What the office types (form fields or API body; the API's names in snake case are read too). */
export interface PartnerInput {
  code?: unknown;
  name?: unknown;
  kind?: unknown;
  contactName?: unknown;
  email?: unknown;
  phone?: unknown;
  language?: unknown;
  commissionPercent?: unknown;
  rateRule?: unknown;
  creditTerms?: unknown;
  active?: unknown;
  notes?: unknown;
}

export interface PartnerValues {
  code: string;
  name: string;
  kind: PartnerKind;
  contactName: string;
  email: string;
  phone: string;
  language: Language;
  /** basis points (1250 = 12.5 %) */
  commissionBp: number;
  rateRule: PartnerRateRule;
  creditTerms: PartnerCreditTerms;
  active: boolean;
  notes: string;
}

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "");
const oneLine = (v: unknown): string => text(v).replace(/\s+/g, " ");

/**
 * A percentage as typed: "12,5", "12.5", "12,5 %" or the number 12.5, at most two decimals, 0 to
 * MAX_COMMISSION_PERCENT; its basis points, or undefined when it is not one.
 */
export function commissionBasisPoints(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return 0;
  let typed: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    typed = String(value);
  } else if (typeof value === "string") typed = value.trim().replace(/\s*%$/, "").replace(",", ".");
  else return undefined;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(typed)) return undefined;
  const [whole, fraction = ""] = typed.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= MAX_COMMISSION_PERCENT * 100 ? bp : undefined;
}

/** Basis points as the office reads a percentage (1250 → 12.5). */
export const percentOf = (bp: number): number => bp / 100;

/** Reads and checks a partner; the code is kept upper case, the phone in the office's one form. */
export function parsePartner(input: PartnerInput): { ok: true; value: PartnerValues } | { ok: false; fields: FieldProblems } {
  const fields: FieldProblems = {};
  const name = oneLine(input.name);
  if (!name) fields.name = [problem(PARTNERS.nameRequired)];
  else if (name.length > MAX_PARTNER_NAME) fields.name = [problem(PARTNERS.nameTooLong, { max: MAX_PARTNER_NAME })];
  const code = oneLine(input.code).toLocaleUpperCase("en");
  if (!PARTNER_CODE_PATTERN.test(code)) fields.code = [problem(PARTNERS.codeInvalid)];
  const kind = text(input.kind);
  if (!isPartnerKind(kind)) fields.kind = [problem(PARTNERS.kindInvalid)];
  const contactName = oneLine(input.contactName);
  if (contactName.length > MAX_PARTNER_CONTACT) fields.contactName = [problem(PARTNERS.contactTooLong, { max: MAX_PARTNER_CONTACT })];
  const email = text(input.email).toLowerCase();
  if (email && !isAccountEmail(email)) fields.email = [problem(PARTNERS.emailInvalid)];
  const phoneTyped = text(input.phone);
  const phone = phoneTyped ? normalizePhone(phoneTyped) : "";
  if (phone && !isPhoneNumber(phone)) fields.phone = [problem(PARTNERS.phoneInvalid)];
  const language = text(input.language) || "en";
  if (!isLanguage(language)) fields.language = [problem(PARTNERS.languageInvalid)];
  const commissionBp = commissionBasisPoints(input.commissionPercent);
  if (commissionBp === undefined) fields.commissionPercent = [problem(PARTNERS.commissionInvalid, { max: MAX_COMMISSION_PERCENT })];
  const rateRule = text(input.rateRule) || "commission";
  if (!isRateRule(rateRule)) fields.rateRule = [problem(PARTNERS.rateRuleInvalid)];
  const creditTerms = text(input.creditTerms) || "guest_pays";
  if (!isCreditTerms(creditTerms)) fields.creditTerms = [problem(PARTNERS.creditTermsInvalid)];
  const notes = text(input.notes);
  if (notes.length > MAX_PARTNER_NOTES) fields.notes = [problem(PARTNERS.notesTooLong, { max: MAX_PARTNER_NOTES })];
  const active =
    input.active === undefined ? true : input.active === true || input.active === "on" || input.active === "true" || input.active === 1 || input.active === "1";
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      code,
      name,
      kind: kind as PartnerKind,
      contactName,
      email,
      phone,
      language: language as Language,
      commissionBp: commissionBp!,
      rateRule: rateRule as PartnerRateRule,
      creditTerms: creditTerms as PartnerCreditTerms,
      active,
      notes,
    },
  };
}
