/**
 * GET /my-booking/:token/receipts/:number — a payment's receipt as a PDF (issue 30), for the private
 * link's holder only, in the language the page is read in. A link or number that opens nothing
 * answers a short translated 404, never an error page or a 500.
 */
import type { Route } from "./+types/my-booking.receipt";
import { bookingReceipt, findBookingByToken } from "~/booking/index.server";
import { getInstance, getLanguage } from "~/i18n/i18next.server";
import { receiptFileName, receiptPdf } from "~/notify/receipt-pdf.server";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getApp(context).db.kysely;
  const lng = getLanguage(context);
  const t = getInstance(context).getFixedT(lng, "booking");
  const booking = await findBookingByToken(db, params.token);
  const found = booking && /^\d{4}-\d{6}$/.test(params.number) ? await bookingReceipt(db, booking.id, params.number) : undefined;
  if (!found) return new Response(`${t("receipt.notFound")}\n`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE } });
  const pdf = await receiptPdf({ ...found, settings: await getSettings(db), lng, t });
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${receiptFileName(t, found.receipt.number)}"`, ...PRIVATE },
  });
}
