/**
 * The partner portal's reads (issue 33): who is signed in and for which partner, and that
 * partner's bookings only. Every portal page starts with `requirePortal`; a booking of another
 * partner (or of the office) is "not found", never shown.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { can, homeFor } from "~/auth/policy";
import { getCurrentSession, type CurrentSession } from "~/auth/session.server";
import { getBooking, listBookings, privatePagePath, type BookingRecord } from "~/booking/index.server";
import { BOOKING_STATUSES, type BookingStatus } from "~/server/db/schema";
import { getApp } from "~/server/context";
import { formatDeadline } from "~/booking/rules/date-text";
import { netPrice } from "~/booking/rules/partner-price";
import type { Language } from "~/i18n/config";
import { formatMoney, kurus } from "~/utils/money";
import type { Partner } from "./partners";
import { getPartner } from "./partners.server";

export const PORTAL_PAGE_SIZE = 20;

export interface PortalUser {
  session: CurrentSession;
  partner: Partner;
}

/** The signed-in partner user and their (active) partner; anyone else is sent to sign in, or to their own home. */
export async function requirePortal(request: Request, context: Readonly<RouterContextProvider>): Promise<PortalUser> {
  const session = await getCurrentSession(request, context);
  const url = new URL(request.url);
  if (!session) throw redirect(`/partner/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (!session.verified) throw redirect(`/admin/two-factor?redirectTo=${encodeURIComponent("/partner")}`);
  if (!can(session.user.role, "portal.own") || !session.user.partnerId) throw redirect(homeFor(session.user.role));
  const partner = await getPartner(getApp(context).db.kysely, session.user.partnerId);
  // an inactive partner's users cannot work in the portal: the sign-in page says why
  if (!partner?.active) throw redirect("/partner/login?inactive=1");
  return { session, partner };
}

/** A safe place in the portal to go back to after signing in. */
export function portalRedirect(target: unknown): string {
  const path = typeof target === "string" ? target : "";
  return /^\/partner(?:[/?]|$)/.test(path) && !/^\/partner\/(login|logout|welcome)/.test(path) && !path.includes("//") ? path : "/partner";
}

export interface PortalQuery {
  q: string;
  status: BookingStatus | "";
  page: number;
}

export function parsePortalQuery(url: URL): PortalQuery {
  const status = url.searchParams.get("status") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    status: (BOOKING_STATUSES as readonly string[]).includes(status) ? (status as BookingStatus) : "",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** A page of the partner's bookings, newest pickup first. */
export function portalBookings(context: Readonly<RouterContextProvider>, partnerId: string, query: PortalQuery) {
  return listBookings(getApp(context).db.kysely, { partnerId, q: query.q || undefined, status: query.status || undefined, sort: "desc" }, query.page, PORTAL_PAGE_SIZE);
}

/** One of the partner's bookings; undefined when it is not theirs. */
export async function portalBooking(context: Readonly<RouterContextProvider>, partnerId: string, id: string): Promise<BookingRecord | undefined> {
  if (!/^[\w-]{1,64}$/.test(id)) return undefined;
  const booking = await getBooking(getApp(context).db.kysely, id);
  return booking && booking.partner_id === partnerId ? booking : undefined;
}

/** The booking's private page (change, cancel, pay), where the policy's rules apply as for the guest. */
export async function portalManagePath(context: Readonly<RouterContextProvider>, bookingId: string): Promise<string | undefined> {
  const { db, env } = getApp(context);
  return privatePagePath(db.kysely, env.SESSION_SECRET ?? "", bookingId);
}

/** A booking as the portal lists and shows it: the guest's price, the partner's net and commission, who pays. */
export function portalRow(b: BookingRecord, lng: Language) {
  const price = kurus(b.total_price);
  const commission = kurus(b.partner_commission);
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    pickup: formatDeadline(b.pickup_date, lng),
    returnPickup: b.return_date ? formatDeadline(b.return_date, lng) : null,
    from: b.pickup_location,
    to: b.dropoff_location,
    guest: b.full_name,
    phone: b.phone,
    email: b.email,
    passengers: b.passengers,
    car: b.current_car_name ?? b.car_name,
    flight: b.flight_number ?? "",
    notes: b.notes ?? "",
    language: b.locale,
    price: formatMoney(price, lng),
    commission: formatMoney(commission, lng),
    net: formatMoney(netPrice(price, commission), lng),
    partnerPays: b.partner_pays === 1,
  };
}
export type PortalRow = ReturnType<typeof portalRow>;
