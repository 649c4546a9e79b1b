import type { Route } from "./+types/stats.dashboard";
import { getDashboard } from "~/admin/stats.server";
import { requireApi } from "~/auth/session.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";

/**
 * GET /api/stats/dashboard → the spec's stats fields (totalBookings, totalCars, activeBookings,
 * monthlyRevenue in lira, bookingCompletionRate, carOccupancyRate, cancellationRate, in percent),
 * the month-over-month `changes`, `recentBookings` (5) and `popularCars` (3). Formulas: app/admin/stats.server.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "dashboard");
  const { stats, recentBookings, popularCars } = await getDashboard(getApp(context).db.kysely);
  return apiOk({ ...stats, recentBookings, popularCars });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
