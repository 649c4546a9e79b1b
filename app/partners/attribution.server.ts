/**
 * Whose booking a visit on the public site makes (issue 33):
 *
 * - a partner user signed in to the portal books for their guests with the site's own search,
 *   results and form: the booking is their partner's, and they choose who pays;
 * - a visitor who came by a partner's link or embedded form (`?partner=CODE`) keeps the code in a
 *   cookie for `LINK_DAYS`: their booking is attributed to that partner at its commission, and the
 *   guest pays as on any site booking.
 *
 * An unknown or inactive code attributes nothing (the visitor books as anyone would).
 */
import { createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { can } from "~/auth/policy";
import { getCurrentSession, type CurrentSession } from "~/auth/session.server";
import type { BookingPartner } from "~/booking/index.server";
import { getApp } from "~/server/context";
import type { Partner } from "./partners";
import { getPartner, partnerByCode } from "./partners.server";

/** How long a partner's link keeps attributing the visitor's bookings. */
export const LINK_DAYS = 30;

export const partnerLinkCookie = createCookie("ptn", { path: "/", sameSite: "lax", httpOnly: true, maxAge: LINK_DAYS * 24 * 60 * 60 });

const CODE = /^[A-Za-z0-9][A-Za-z0-9-]{2,19}$/;

/** `?partner=CODE` on a page: the active partner's code is kept in the cookie (a wrong code is ignored). */
export const persistPartnerLinkMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const asked = new URL(request.url).searchParams.get("partner");
  if (request.method !== "GET" || !asked || !CODE.test(asked)) return response;
  const partner = await partnerByCode(getApp(context).db.kysely, asked).catch(() => undefined);
  if (partner?.active) response.headers.append("Set-Cookie", await partnerLinkCookie.serialize(partner.code));
  return response;
};

/** The partner a signed-in portal user books for; undefined for anyone else. */
export async function portalPartnerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<{ session: CurrentSession; partner: Partner } | undefined> {
  const session = await getCurrentSession(request, context);
  if (!session?.verified || !can(session.user.role, "portal.own") || !session.user.partnerId) return undefined;
  const partner = await getPartner(getApp(context).db.kysely, session.user.partnerId);
  return partner?.active ? { session, partner } : undefined;
}

/** What the booking's front door needs of its partner: who, its rate, and who pays. */
export const bookingPartner = (partner: Partner, pays: boolean, desk = false): BookingPartner => ({ id: partner.id, pays, desk });

/** Whether a partner's booking is paid by the partner, from the portal form's "payer" (else the partner's credit terms). */
export function partnerPays(partner: Partner, asked: unknown): boolean {
  if (asked === "partner") return true;
  if (asked === "guest") return false;
  return partner.creditTerms === "monthly_invoice";
}

export interface SiteBookingPartner {
  partner: Partner;
  /** "portal": a partner user booked; "link": a visitor came by the partner's link */
  via: "portal" | "link";
}

/** Whose booking the site's form makes: the portal user's partner, else the partner whose link brought the visitor. */
export async function siteBookingPartner(request: Request, context: Readonly<RouterContextProvider>): Promise<SiteBookingPartner | undefined> {
  const portal = await portalPartnerOf(request, context);
  if (portal) return { partner: portal.partner, via: "portal" };
  const code: unknown = await partnerLinkCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof code !== "string" || !CODE.test(code)) return undefined;
  const partner = await partnerByCode(getApp(context).db.kysely, code);
  return partner?.active ? { partner, via: "link" } : undefined;
}
