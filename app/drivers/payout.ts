/**
 * How a driver is paid (issue 34), pure and browser-safe: one rule per driver, read from the
 * office's form or the API and applied to the legs the driver drove in a report's period.
 *
 * - "trip": a fixed amount per leg (kuruş);
 * - "km": an amount per kilometre of the legs (kuruş per km), rounded once on the period's sum;
 * - "share": a share of the legs' price (percent, two decimals), rounded once on the period's sum.
 * Stored as `payout_rule`, `payout_kurus` and `payout_share_bp` (migration 0229).
 */
import { problem, type FieldProblems } from "~/i18n/problem";
import { adminCodes } from "~/admin/codes";
import { kurus, kurusToLira, liraToKurus, type Kurus } from "~/utils/money";

export const PAYOUT_RULES = ["trip", "km", "share"] as const;
export type PayoutRule = (typeof PAYOUT_RULES)[number];
export const isPayoutRule = (v: unknown): v is PayoutRule => typeof v === "string" && (PAYOUT_RULES as readonly string[]).includes(v);

export type DriverPayout = { rule: "trip"; perTripKurus: Kurus } | { rule: "km"; perKmKurus: Kurus } | { rule: "share"; /** basis points: 25 % = 2500 */ shareBp: number };

export const PAYOUT = adminCodes("drivers.messages", ["payoutRuleInvalid", "payoutAmountInvalid", "payoutShareInvalid"]);

/** 100,000 TL per leg or per km is a typo, not a rule. */
export const MAX_PAYOUT_KURUS = 10_000_000;

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const NUMBER = /^\d{1,9}([.,]\d{1,2})?$/;

/**
 * The rule from what was typed: `rule` ("" for none), `amount` in lira ("250", "12,50") for "trip"
 * and "km", `share` in percent ("25", "12,5") for "share". Undefined `rule`: no change asked.
 */
export function parsePayout(input: { rule?: unknown; amount?: unknown; share?: unknown }): { ok: true; value: DriverPayout | null } | { ok: false; fields: FieldProblems } {
  const rule = text(input.rule);
  if (rule === "") return { ok: true, value: null };
  if (!isPayoutRule(rule)) return { ok: false, fields: { payoutRule: [problem(PAYOUT.payoutRuleInvalid)] } };
  if (rule === "share") {
    const share = text(input.share);
    const value = NUMBER.test(share) ? Number(share.replace(",", ".")) : Number.NaN;
    if (!(value > 0 && value <= 100)) return { ok: false, fields: { payoutShare: [problem(PAYOUT.payoutShareInvalid)] } };
    return { ok: true, value: { rule, shareBp: Math.round(value * 100) } };
  }
  const amount = text(input.amount);
  const value = NUMBER.test(amount) ? liraToKurus(amount) : Number.NaN;
  if (!(value > 0 && value <= MAX_PAYOUT_KURUS)) return { ok: false, fields: { payoutAmount: [problem(PAYOUT.payoutAmountInvalid, { max: MAX_PAYOUT_KURUS / 100 })] } };
  return { ok: true, value: rule === "trip" ? { rule, perTripKurus: kurus(value) } : { rule, perKmKurus: kurus(value) } };
}

/** The rule's columns (migration 0229). */
export function payoutColumns(payout: DriverPayout | null): { payout_rule: PayoutRule | null; payout_kurus: Kurus | null; payout_share_bp: number | null } {
  if (!payout) return { payout_rule: null, payout_kurus: null, payout_share_bp: null };
  if (payout.rule === "share") return { payout_rule: "share", payout_kurus: null, payout_share_bp: payout.shareBp };
  return { payout_rule: payout.rule, payout_kurus: payout.rule === "trip" ? payout.perTripKurus : payout.perKmKurus, payout_share_bp: null };
}

/** The rule of a row; a row that does not make a whole rule is no rule. */
export function payoutFromColumns(row: { payout_rule: string | null; payout_kurus: number | null; payout_share_bp: number | null }): DriverPayout | null {
  if (row.payout_rule === "trip" && row.payout_kurus !== null) return { rule: "trip", perTripKurus: kurus(Number(row.payout_kurus)) };
  if (row.payout_rule === "km" && row.payout_kurus !== null) return { rule: "km", perKmKurus: kurus(Number(row.payout_kurus)) };
  if (row.payout_rule === "share" && row.payout_share_bp !== null) return { rule: "share", shareBp: Number(row.payout_share_bp) };
  return null;
}

/** The rule as the form's fields show it, as the office types it: lira with two decimals and the percent, with a decimal comma ("4,50", "12,5"). */
export function payoutFormText(payout: DriverPayout | null): { payoutRule: string; payoutAmount: string; payoutShare: string } {
  if (!payout) return { payoutRule: "", payoutAmount: "", payoutShare: "" };
  if (payout.rule === "share") return { payoutRule: "share", payoutAmount: "", payoutShare: String(payout.shareBp / 100).replace(".", ",") };
  return { payoutRule: payout.rule, payoutAmount: kurusToLira(payout.rule === "trip" ? payout.perTripKurus : payout.perKmKurus).toFixed(2).replace(".", ","), payoutShare: "" };
}

/** What the driver earns for `legs` legs of `km` kilometres priced `price` in all. */
export function payoutFor(payout: DriverPayout | null, legs: { count: number; km: number; price: Kurus }): Kurus {
  if (!payout) return kurus(0);
  if (payout.rule === "trip") return kurus(payout.perTripKurus * legs.count);
  if (payout.rule === "km") return kurus(payout.perKmKurus * legs.km);
  return kurus((legs.price * payout.shareBp) / 10_000);
}
