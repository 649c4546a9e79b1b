/**
 * A payment's mail to the guest (issue 30): "we recorded your payment" (or "we refunded") with
 * what moved, in their currency and in lira, and the receipt as a PDF attached, in their language;
 * once per ledger row (its dedupe key), and only when the office's e-mails are on.
 */
import { paymentReceipt } from "~/booking/index.server";
import { getSettings } from "~/settings/settings.server";
import { guestLanguage, queueGuestMail, type GuestMailDeps } from "./guest-mail.server";
import { movedText, receiptFileName, receiptPdf } from "./receipt-pdf.server";

/** Queues the receipt's mail of a ledger row; true when queued. */
export async function sendReceiptMail(deps: GuestMailDeps, paymentId: string): Promise<boolean> {
  const settings = await getSettings(deps.db);
  if (!settings.notifications.emailNotifications) return false;
  const found = await paymentReceipt(deps.db, paymentId);
  if (!found) return false;
  const { receipt, payment, booking } = found;
  const lng = guestLanguage(booking);
  const t = deps.translator(lng);
  const pdf = await receiptPdf({ receipt, payment, booking, settings, lng, t });
  const amount = movedText(payment, lng);
  const refund = payment.amount < 0;
  await queueGuestMail(
    deps,
    booking,
    "receipt",
    {
      outboxKind: "payment-receipt",
      dedupeKey: `payment-receipt:${payment.id}`,
      attachments: [{ filename: receiptFileName(t, receipt.number), contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }],
    },
    () => ({
      subject: t(refund ? "mail.refundSubject" : "mail.receiptSubject", { number: receipt.number, reference: booking.reference }),
      title: t(refund ? "mail.refundTitle" : "mail.receiptTitle"),
      paragraphs: [t("mail.customerHello", { name: booking.full_name }), t(refund ? "mail.refundIntro" : "mail.receiptIntro", { amount, number: receipt.number })],
      details: [
        [t("summary.reference"), booking.reference],
        [t("receipt.number"), receipt.number],
        [t("receipt.amount"), amount],
      ],
    }),
  );
  return true;
}
