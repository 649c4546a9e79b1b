import type { Route } from "./+types/bookings.export";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { checkBookingQuery, parseBookingQuery } from "~/booking/index.server";
import { bookingsCsvStream } from "~/routes/admin/bookings-csv.server";
import { csvFileName } from "~/utils/csv";
import { getApp } from "~/server/context";

/**
 * GET /admin/bookings/export?view=&from=&to=&car=&status=&q=&sort= — the list's filter, read by the
 * list's own parse (what the page ignores as unreadable, the file ignores too), as CSV for Turkish
 * Excel, streamed, headed in the admin language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const query = await checkBookingQuery(db.kysely, parseBookingQuery(new URL(request.url).searchParams));
  const lng = await adminLanguage(db.kysely);
  const name = csvFileName(adminText(lng, "bookings.csv.fileName"));
  return new Response(bookingsCsvStream(db.kysely, query, undefined, lng), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
