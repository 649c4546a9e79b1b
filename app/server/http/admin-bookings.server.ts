/**
 * GET /api/bookings for the admin (the same filters and pagination as /admin/bookings), kept here
 * so app/routes/api/bookings.ts only re-exports it next to the public POST.
 */
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { requireAdminApi } from "~/auth/session.server";
import { getApp } from "../context";
import { listBookings, parseBookingQuery } from "~/booking/admin-bookings.server";

export async function adminBookingsLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  await requireAdminApi(request, context);
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  const query = parseBookingQuery(params);
  const limit = Math.min(100, Math.max(1, Number.parseInt(params.get("limit") ?? "10", 10) || 10));
  const page = await listBookings(db.kysely, query, query.page, limit);
  return data(
    {
      success: true as const,
      data: page.bookings,
      pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
