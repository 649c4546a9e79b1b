/**
 * GET /admin/bookings/:id/receipts/:number — a payment's receipt as the guest has it (issue 30):
 * the same PDF, in the booking's language. Staff who may read bookings.
 */
import type { Route } from "./+types/bookings.$id.receipt";
import { data } from "react-router";
import { bookingReceipt } from "~/booking/index.server";
import { getInstance } from "~/i18n/i18next.server";
import { guestLanguage } from "~/notify/guest-mail.server";
import { receiptFileName, receiptPdf } from "~/notify/receipt-pdf.server";
import { getApp } from "~/server/context";
import { isPlausibleId } from "~/server/http/ids";
import { getSettings } from "~/settings/settings.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getApp(context).db.kysely;
  const found = isPlausibleId(params.id) && /^\d{4}-\d{6}$/.test(params.number) ? await bookingReceipt(db, params.id, params.number) : undefined;
  if (!found) throw data(null, { status: 404 });
  const lng = guestLanguage(found.booking);
  const t = getInstance(context).getFixedT(lng, "booking");
  const pdf = await receiptPdf({ ...found, settings: await getSettings(db), lng, t });
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${receiptFileName(t, found.receipt.number)}"`, "Cache-Control": "private, no-store" },
  });
}
