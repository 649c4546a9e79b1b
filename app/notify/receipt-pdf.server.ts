/**
 * A payment's receipt as a PDF (issue 30), in the guest's language: the company's details and tax
 * number (settings → Ödeme), the receipt's number and date, the guest and the trip, what moved (in
 * the currency it moved in and in lira, with the rate) and the KDV included. Made when asked (the
 * mail, the private page, the office) from the ledger row, so it always says what the ledger says.
 * It is a receipt, not a tax invoice: docs/decisions/012 says how an e-Arşiv integrator plugs in.
 */
import type { TFunction } from "i18next";
import PDFDocument from "pdfkit";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { splitKdv } from "~/booking/rules/payments";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import { formatCurrency, isCurrency } from "~/pricing/currency";
import type { BookingRow, PaymentRow, ReceiptRow } from "~/server/db/schema";
import type { Settings } from "~/settings/settings";
import { dateTimeFormat } from "~/utils/intl";
import { formatMoney, kurus } from "~/utils/money";
import { formatWhen } from "./booking-details.server";

/**
 * DejaVu Sans (assets/fonts, its licence beside it): Turkish, German and Cyrillic letters in one
 * face. Found from this module upward (app/notify/ in the sources, build/server/assets/ once built)
 * or from the working directory, whichever holds it.
 */
function fontFile(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "../../assets/fonts", name), join(here, "../../../assets/fonts", name), join(process.cwd(), "assets/fonts", name)];
  return candidates.find((file) => existsSync(file)) ?? candidates[0]!;
}
const FONT = fontFile("DejaVuSans.ttf");
const BOLD = fontFile("DejaVuSans-Bold.ttf");

/**
 * A new A4 document with the two faces registered ("body", "bold"), and its bytes once `end()` is
 * called (receipts, the no-show evidence).
 */
export function newPdf(info: PDFKit.DocumentInfo, margin = 56, layout: "portrait" | "landscape" = "portrait"): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin, info, layout });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", BOLD);
  return { doc, done };
}

export interface ReceiptInput {
  receipt: Pick<ReceiptRow, "number" | "issued_at">;
  payment: PaymentRow;
  booking: BookingRow;
  settings: Pick<Settings, "general" | "payments">;
  lng: Language;
  /** the booking catalogue in `lng` */
  t: TFunction;
}

/** What moved, in its currency with the lira beside it ("€44.06 (₺2,308.74)"), or lira alone; unsigned. */
export function movedText(p: Pick<PaymentRow, "amount" | "currency" | "currency_amount">, lng: string): string {
  const lira = formatMoney(kurus(Math.abs(p.amount)), lng);
  return isCurrency(p.currency) && p.currency !== "TRY" ? `${formatCurrency(Math.abs(p.currency_amount), p.currency, lng)} (${lira})` : lira;
}

/** The receipt's file name: "receipt-2026-000123.pdf" in the reader's words. */
export const receiptFileName = (t: TFunction, number: string) => `${t("receipt.fileName")}-${number}.pdf`;

/** The company as our documents open (receipts, partners' statements): name, address, contacts, tax office and number. */
export function companyHeader(doc: PDFKit.PDFDocument, settings: Pick<Settings, "general" | "payments">, t: TFunction): void {
  doc.font("bold").fontSize(16).text(settings.payments.companyName || settings.general.siteName);
  doc.font("body").fontSize(9).fillColor("#333333").text(settings.general.address).text(`${settings.general.contactPhone} · ${settings.general.contactEmail}`);
  if (settings.payments.taxOffice || settings.payments.taxNumber) doc.text(t("receipt.tax", { office: settings.payments.taxOffice || "—", number: settings.payments.taxNumber || "—" }));
}

export function receiptPdf({ receipt, payment, booking, settings, lng, t }: ReceiptInput): Promise<Buffer> {
  const company = settings.payments.companyName || settings.general.siteName;
  const refund = payment.amount < 0;
  const title = t(refund ? "receipt.refundTitle" : "receipt.title");
  const { doc, done } = newPdf({ Title: `${title} ${receipt.number}`, Subject: booking.reference, Author: company, Creator: company });

  companyHeader(doc, settings, t);

  // the receipt
  doc.moveDown(1.5).fillColor("#000000").font("bold").fontSize(20).text(title);
  const issued = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "long", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE }).format(new Date(receipt.issued_at));
  doc.font("body").fontSize(10).text(`${t("receipt.number")}: ${receipt.number}`).text(`${t("receipt.date")}: ${issued}`);

  const row = (label: string, value: string) => {
    doc.moveDown(0.4).font("bold").fontSize(10).text(label, { continued: false });
    doc.font("body").fontSize(11).text(value);
  };
  doc.moveDown(1);
  row(t("receipt.guest"), booking.full_name);
  row(t("receipt.booking"), booking.reference);
  const route = booking.hours !== null ? placeNameIn(booking.pickup_location, lng) : `${placeNameIn(booking.pickup_location, lng)} → ${placeNameIn(booking.dropoff_location, lng)}`;
  row(t("receipt.trip"), `${route}, ${formatWhen(booking.pickup_date, lng)}`);
  row(t("receipt.what"), `${t(`receipt.kinds.${payment.kind}`)} · ${t(`receipt.methods.${payment.method}`)}`);

  const amount = kurus(payment.amount);
  doc.moveDown(1).font("bold").fontSize(10).text(t("receipt.amount"));
  doc.font("bold").fontSize(18).text(movedText(payment, lng));
  if (payment.currency !== "TRY" && payment.currency_rate) {
    doc.font("body").fontSize(9).text(t("receipt.rate", { currency: payment.currency, rate: formatMoney(kurus(Math.round(payment.currency_rate / 100)), lng) }));
  }
  const { base, kdv } = splitKdv(amount, settings.payments.kdvPercent);
  doc.moveDown(0.5).font("body").fontSize(10).text(t("receipt.kdv", { percent: settings.payments.kdvPercent, kdv: formatMoney(kdv, lng), base: formatMoney(base, lng) }));

  doc.moveDown(2).fontSize(8).fillColor("#555555").text(t("receipt.notInvoice"));
  doc.end();
  return done;
}
