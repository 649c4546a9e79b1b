/**
 * GET /my-booking/:token/calendar.ics — the booking's calendar file, for the private link's holder
 * only (the token is compared by its SHA-256, as on the page). A link that opens nothing answers a
 * short translated 404, never an error page or a 500.
 */
import type { Route } from "./+types/my-booking.calendar";
import { bookingDeps } from "~/booking/deps.server";
import { findBookingByToken } from "~/booking/bookings.server";
import { CALENDAR_CONTENT_TYPE } from "~/booking/calendar";
import { bookingCalendarFile } from "~/booking/calendar.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const deps = bookingDeps(context);
  const booking = await findBookingByToken(deps.db, params.token);
  if (!booking) {
    const t = getInstance(context).getFixedT(getLanguage(context), "booking");
    return new Response(`${t("calendar.notFound")}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  const file = await bookingCalendarFile(deps, booking);
  return new Response(file.content, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
