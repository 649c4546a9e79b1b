/**
 * A partner's price (issue 33): the guest pays the public price; the partner earns its commission,
 * basis points off that price (1250 = 12.5 %), rounded to the kuruş; what the partner owes us for a
 * booking it collected itself is the net, the price less the commission. Pure, browser-safe.
 */
import { kurus, type Kurus } from "~/utils/money";

export function partnerCommission(total: Kurus, commissionBp: number): Kurus {
  const bp = Math.min(Math.max(Math.trunc(commissionBp), 0), 10_000);
  return kurus(Math.round((total * bp) / 10_000));
}

export const netPrice = (total: Kurus, commission: Kurus): Kurus => kurus(total - commission);
