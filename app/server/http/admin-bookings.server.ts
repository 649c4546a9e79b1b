/**
 * GET /api/bookings for the admin (the same filters, order and pagination as /admin/bookings), kept here
 * so app/routes/api/bookings.ts only re-exports it next to the public POST.
 */
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { requireApi } from "~/auth/session.server";
import { getApp } from "../context";
import { checkBookingQuery, parseBookingQuery } from "~/booking/index.server";
import { listAdminBookings } from "~/routes/admin/booking-view.server";
import { withBookingProducts } from "~/routes/api/booking-payload.server";
import { hasProblems } from "~/i18n/problem";
import { validationProblem } from "./validation.server";
import { parseLimit } from "~/utils/paging";

export async function adminBookingsLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  await requireApi(request, context, "bookings.read");
  const { db } = getApp(context);
  const params = new URL(request.url).searchParams;
  // The list's own query (views, trip dates on either leg, car, status, search, order); a value
  // that cannot be read is a 400 naming the parameter, never a silently different list.
  const query = await checkBookingQuery(db.kysely, parseBookingQuery(params));
  if (hasProblems(query.problems)) return validationProblem(query.problems);
  const limit = parseLimit(params.get("limit"), 10);
  const page = await listAdminBookings(db.kysely, query, query.page, limit);
  return data(
    {
      success: true as const,
      data: await withBookingProducts(db.kysely, page.bookings),
      pagination: { page: page.page, pageSize: page.pageSize, total: page.total, pageCount: page.pageCount },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
