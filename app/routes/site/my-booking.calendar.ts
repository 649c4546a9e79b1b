/**
 * GET /my-booking/:token/calendar.ics — the booking's calendar file, for the private link's holder
 * only (the token is compared by its SHA-256, as on the page). A link that opens nothing answers a
 * short translated 404, never an error page or a 500.
 */
import type { Route } from "./+types/my-booking.calendar";
import { findBookingByToken } from "~/booking/index.server";
import { CALENDAR_CONTENT_TYPE } from "~/notify/calendar";
import { bookingCalendarFile } from "~/notify/calendar.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { getApp } from "~/server/context";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getApp(context).db.kysely;
  const i18n = getInstance(context);
  const booking = await findBookingByToken(db, params.token);
  if (!booking) {
    const t = i18n.getFixedT(getLanguage(context), "booking");
    return new Response(`${t("calendar.notFound")}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  // In the booking's language, whichever language the visitor's browser asks for.
  const file = await bookingCalendarFile({ db, translator: (lng) => i18n.getFixedT(lng, "booking") }, booking);
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
