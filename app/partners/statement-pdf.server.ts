/**
 * A partner's monthly statement as a PDF (issue 33), in the partner's language: our company (the
 * receipts' header), the partner, the month, its bookings in a table (a cancelled one listed, with
 * no amounts: it counts 0), the totals, the balance and whether the office marked it paid. The
 * document and its fonts (Turkish, German and Cyrillic letters) are the receipts' (app/notify).
 */
import type { TFunction } from "i18next";
import { BUSINESS_TIME_ZONE } from "~/booking/rules/datetime";
import { LOCALE_TAGS, type Language } from "~/i18n/config";
import { companyHeader, newPdf } from "~/notify/receipt-pdf.server";
import type { Settings } from "~/settings/settings";
import { dateTimeFormat } from "~/utils/intl";
import { formatMoney, type Kurus } from "~/utils/money";
import { balanceSide } from "./statement";
import type { PartnerStatement } from "./statements.server";

const MARGIN = 40;
const FONT_SIZE = 8;
const PAD = 3;

/** "März 2027", "Mart 2027", "March 2027", "март 2027 г.": the month as the reader writes it. */
export function monthTitle(month: string, lng: Language): string {
  const [y, m] = month.split("-").map(Number);
  return dateTimeFormat(LOCALE_TAGS[lng], { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}

interface Column {
  key: "reference" | "date" | "route" | "guest" | "status" | "pays" | "guestPrice" | "net" | "commission";
  width: number;
  right?: boolean;
}
const COLUMNS: Column[] = [
  { key: "reference", width: 72 },
  { key: "date", width: 78 },
  { key: "route", width: 176 },
  { key: "guest", width: 110 },
  { key: "status", width: 78 },
  { key: "pays", width: 58 },
  { key: "guestPrice", width: 66, right: true },
  { key: "net", width: 62, right: true },
  { key: "commission", width: 62, right: true },
];

/** One table row at the cursor (a new page, with the heading again, when it would not fit); returns nothing, moves the cursor below it. */
function tableRow(doc: PDFKit.PDFDocument, cells: Record<Column["key"], string>, options: { bold?: boolean; grey?: boolean; heading?: () => void }) {
  doc.font(options.bold ? "bold" : "body").fontSize(FONT_SIZE);
  const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key] || " ", { width: c.width - 2 * PAD }))) + 2 * PAD;
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage();
    options.heading?.();
    doc.font(options.bold ? "bold" : "body").fontSize(FONT_SIZE);
  }
  const top = doc.y;
  let x = MARGIN;
  doc.fillColor(options.grey ? "#777777" : "#000000");
  for (const c of COLUMNS) {
    doc.text(cells[c.key], x + PAD, top + PAD, { width: c.width - 2 * PAD, align: c.right ? "right" : "left" });
    x += c.width;
  }
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(x, top + height)
    .lineWidth(0.5)
    .strokeColor("#cccccc")
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

export function statementPdf(statement: PartnerStatement, settings: Pick<Settings, "general" | "payments">, t: TFunction, lng: Language): Promise<Buffer> {
  const { partner, month, lines, totals, paid } = statement;
  const company = settings.payments.companyName || settings.general.siteName;
  const title = t("partnerStatement.title", { month: monthTitle(month, lng) });
  const { doc, done } = newPdf({ Title: `${title} · ${partner.name}`, Subject: `${partner.code} ${month}`, Author: company, Creator: company }, MARGIN, "landscape");
  const money = (k: Kurus) => formatMoney(k, lng);
  const when = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "short", timeStyle: "short", timeZone: BUSINESS_TIME_ZONE });

  companyHeader(doc, settings, t);
  doc.moveDown(1).fillColor("#000000").font("bold").fontSize(18).text(title);
  doc.font("body").fontSize(10).text(`${t("partnerStatement.partner")}: ${partner.name} (${partner.code})`);
  const contact = [partner.contactName, partner.email, partner.phone].filter(Boolean).join(" · ");
  if (contact) doc.fontSize(9).fillColor("#333333").text(contact);
  doc.fillColor("#000000").fontSize(9).text(t("partnerStatement.byPickup"));
  doc.moveDown(0.8);

  const heading = () => tableRow(doc, Object.fromEntries(COLUMNS.map((c) => [c.key, t(`partnerStatement.columns.${c.key}`)])) as Record<Column["key"], string>, { bold: true });
  heading();
  if (lines.length === 0) doc.moveDown(0.5).font("body").fontSize(9).text(t("partnerStatement.noBookings"));
  for (const line of lines) {
    const status = t(`partnerStatement.status.${line.status}`);
    tableRow(
      doc,
      {
        reference: line.reference,
        date: when.format(new Date(line.pickupDate)),
        route: line.route,
        guest: line.guestName,
        status: line.counted ? status : `${status} (${t("partnerStatement.notCounted")})`,
        pays: t(line.partnerPays ? "partnerStatement.pays.partner" : "partnerStatement.pays.guest"),
        guestPrice: line.counted ? money(line.guestPrice) : "—",
        net: line.counted ? money(line.net) : "—",
        commission: line.counted ? money(line.commission) : "—",
      },
      { grey: !line.counted, heading },
    );
  }

  // the totals, label and amount side by side
  doc.moveDown(1);
  if (doc.y > doc.page.height - MARGIN - 170) doc.addPage();
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "bold" : "body").fontSize(bold ? 11 : 10).fillColor("#000000");
    doc.text(label, MARGIN, y, { width: 420 });
    const after = doc.y;
    doc.text(value, MARGIN + 420, y, { width: 130, align: "right" });
    doc.x = MARGIN;
    doc.y = Math.max(after, doc.y) + 2;
  };
  total(t("partnerStatement.totals.bookings"), String(totals.bookings));
  if (totals.cancelled > 0) total(t("partnerStatement.totals.cancelled"), String(totals.cancelled));
  total(t("partnerStatement.totals.guest"), money(totals.guestTotal));
  total(t("partnerStatement.totals.commission"), money(totals.commissionTotal));
  total(t("partnerStatement.totals.net"), money(totals.netTotal));
  total(t("partnerStatement.totals.onAccount"), money(totals.onAccountTotal));
  total(t("partnerStatement.totals.collected"), money(totals.collectedTotal));
  total(t("partnerStatement.totals.commissionOnCollected"), money(totals.commissionOnCollected));
  const side = balanceSide(totals.balance);
  total(`${t("partnerStatement.totals.balance")}: ${t(`partnerStatement.balance.${side}`, { partner: partner.name, company })}`, money(totals.balance), true);

  doc.moveDown(1).font("bold").fontSize(10);
  if (paid) {
    const at = dateTimeFormat(LOCALE_TAGS[lng], { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE }).format(new Date(paid.at));
    doc.fillColor("#166534").text(t("partnerStatement.paidOn", { date: at }));
    if (statement.changedSincePaid) doc.font("body").fontSize(9).fillColor("#000000").text(t("partnerStatement.changedSincePaid", { balance: money(paid.totals.balance) }));
  } else doc.fillColor("#000000").text(t("partnerStatement.notPaid"));
  doc.moveDown(1.5).font("body").fontSize(8).fillColor("#555555").text(t("partnerStatement.footnote"));
  doc.end();
  return done;
}
