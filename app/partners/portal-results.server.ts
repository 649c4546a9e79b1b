/**
 * The results page for a partner user (issue 33): the partner's net price beside each car's guest
 * price, by the partner's rule (app/booking/partner-prices.server.ts), and who pays by default. Null
 * for everyone else, so the public page (and its kept copies) never carries a partner's figures.
 */
import type { RouterContextProvider } from "react-router";
import { partnerPrices, type Quote } from "~/booking/index.server";
import type { Language } from "~/i18n/config";
import { getApp } from "~/server/context";
import { formatMoney } from "~/utils/money";
import { portalPartnerOf } from "./attribution.server";

export interface PortalResults {
  partner: string;
  /** the payer chosen unless the user says otherwise */
  payer: "guest" | "partner";
  /** by car id: the guest's price, the partner's net and its commission, in lira */
  prices: Record<string, { guest: string; net: string; commission: string }>;
}

export async function portalResultsView(request: Request, context: Readonly<RouterContextProvider>, quotes: readonly Quote[], lng: Language): Promise<PortalResults | null> {
  const portal = await portalPartnerOf(request, context);
  if (!portal) return null;
  const prices = await partnerPrices(getApp(context).db.kysely, portal.partner.id, quotes.map((q) => ({ carId: q.car.id, price: q.price, request: q.request })));
  return {
    partner: portal.partner.name,
    payer: portal.partner.creditTerms === "monthly_invoice" ? "partner" : "guest",
    prices: Object.fromEntries(prices.map((p) => [p.carId, { guest: formatMoney(p.guest, lng), net: formatMoney(p.net, lng), commission: formatMoney(p.commission, lng) }])),
  };
}
