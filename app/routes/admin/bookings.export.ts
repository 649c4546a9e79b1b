import type { Route } from "./+types/bookings.export";
import { requireAdmin } from "~/auth/session.server";
import { bookingsCsvStream, parseBookingQuery } from "~/booking/admin-bookings.server";
import { csvFileName } from "~/booking/csv";
import { getApp } from "~/server/context";

/** GET /admin/bookings/export?q=&status=&sort= — the current filter as CSV, streamed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getApp(context);
  const query = parseBookingQuery(new URL(request.url).searchParams);
  const name = csvFileName("rezervasyonlar");
  return new Response(bookingsCsvStream(db.kysely, query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
