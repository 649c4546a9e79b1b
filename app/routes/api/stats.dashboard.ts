import type { Route } from "./+types/stats.dashboard";
import { getDashboard } from "~/admin/stats.server";
import { requireApi } from "~/auth/session.server";
import { apiOk, methodNotAllowed } from "~/server/api";
import { getApp } from "~/server/context";
import { figuresJson } from "~/partners/partner-figures.server";

/**
 * GET /api/stats/dashboard → the spec's stats fields (totalBookings, totalCars, activeBookings,
 * monthlyRevenue in lira, bookingCompletionRate, carOccupancyRate, cancellationRate, in percent),
 * the month-over-month `changes`, `recentBookings` (5), `popularCars` (3) this month's bookings by `channels`, and `operations` (today's and tomorrow's legs: without a car or driver, colliding, pickups within 2 hours, with a flight; bookings awaiting confirmation), and `partners` (issue 33: this month's bookings per partner with revenue and commission in lira, and the `direct` ones). Formulas: app/admin/stats.server.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApi(request, context, "dashboard");
  const { stats, recentBookings, popularCars, channels, operations, byPartner } = await getDashboard(getApp(context).db.kysely);
  return apiOk({ ...stats, recentBookings, popularCars, channels, operations, partners: figuresJson(byPartner) });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
