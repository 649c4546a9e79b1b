/**
 * A partner's statement as files (issue 33), by partner id and month, for the office's download
 * links and the partner portal alike: the PDF (./statement-pdf.server.ts) and the CSV for Turkish
 * Excel (the office's CSV conventions, ~/utils/csv: BOM, semicolons, decimal commas, dates
 * `GG.AA.YYYY SS:DD` in Istanbul time, formula injection neutralised), both in the partner's
 * language. In the CSV a cancelled booking's amounts are 0, so the columns add up to the totals;
 * the second-last row sums every column and the last one is the balance, in the column of whoever
 * owes it (on account: the partner; commission owed: we), so no amount is negative (the formula
 * guard would quote a leading minus as text).
 */
import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { fixedT } from "~/i18n/translate.server";
import type { Database } from "~/server/db/schema";
import { getSettings } from "~/settings/settings.server";
import { BOM, csvRow, decimalComma, excelDateTime } from "~/utils/csv";
import { kurus, type Kurus } from "~/utils/money";
import { balanceSide } from "./statement";
import { statementPdf } from "./statement-pdf.server";
import { partnerStatement, type PartnerStatement } from "./statements.server";

const CSV_COLUMNS = ["reference", "date", "route", "guest", "status", "pays", "guestPrice", "net", "commission", "onAccount", "collected", "commissionOwed"] as const;

export interface StatementFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** "abrechnung-BELEKPALM-2027-03.pdf" (ASCII: it travels in a header) */
  fileName: string;
}

const amount = (k: Kurus) => decimalComma(k / 100, 2);

export function statementCsv(statement: PartnerStatement, t: TFunction, company: string): string {
  const rows = statement.lines.map((line) => {
    const zero = kurus(0);
    const counted = (k: Kurus) => amount(line.counted ? k : zero);
    const status = t(`partnerStatement.status.${line.status}`);
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      reference: line.reference,
      date: excelDateTime(line.pickupDate),
      route: line.route,
      guest: line.guestName,
      status: line.counted ? status : `${status} (${t("partnerStatement.notCounted")})`,
      pays: t(line.partnerPays ? "partnerStatement.pays.partner" : "partnerStatement.pays.guest"),
      guestPrice: counted(line.guestPrice),
      net: counted(line.net),
      commission: counted(line.commission),
      onAccount: counted(line.partnerPays ? line.net : zero),
      collected: counted(line.partnerPays ? zero : line.guestPrice),
      commissionOwed: counted(line.partnerPays ? zero : line.commission),
    };
    return CSV_COLUMNS.map((c) => cells[c]);
  });
  const { totals } = statement;
  const empty = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ""])) as Record<(typeof CSV_COLUMNS)[number], string>;
  const sums = {
    ...empty,
    reference: t("partnerStatement.csv.total"),
    status: t("partnerStatement.csv.bookings", { count: totals.bookings }),
    guestPrice: amount(totals.guestTotal),
    net: amount(totals.netTotal),
    commission: amount(totals.commissionTotal),
    onAccount: amount(totals.onAccountTotal),
    collected: amount(totals.collectedTotal),
    commissionOwed: amount(totals.commissionOnCollected),
  };
  const side = balanceSide(totals.balance);
  const owed = amount(kurus(Math.abs(totals.balance)));
  const balance = {
    ...empty,
    reference: t("partnerStatement.totals.balance"),
    route: t(`partnerStatement.balance.${side}`, { partner: statement.partner.name, company }),
    onAccount: side === "weOwe" ? "" : owed,
    commissionOwed: side === "weOwe" ? owed : "",
  };
  return BOM + [CSV_COLUMNS.map((c) => t(`partnerStatement.columns.${c}`)), ...rows, CSV_COLUMNS.map((c) => sums[c]), CSV_COLUMNS.map((c) => balance[c])].map(csvRow).join("");
}

const asciiName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "-");
const fileName = (t: TFunction, statement: PartnerStatement, ext: "pdf" | "csv") => asciiName(`${t("partnerStatement.fileName")}-${statement.partner.code}-${statement.month}.${ext}`);

/** The statement's PDF in the partner's language; undefined for an unknown partner or month. */
export async function statementPdfFile(db: Kysely<Database>, partnerId: string, month: string): Promise<StatementFile | undefined> {
  const statement = await partnerStatement(db, partnerId, month);
  if (!statement) return undefined;
  const lng = statement.partner.language;
  const t = fixedT(lng, "booking");
  const body = await statementPdf(statement, await getSettings(db), t, lng);
  return { body: new Uint8Array(body), contentType: "application/pdf", fileName: fileName(t, statement, "pdf") };
}

/** The statement's CSV for Turkish Excel, headed in the partner's language; undefined for an unknown partner or month. */
export async function statementCsvFile(db: Kysely<Database>, partnerId: string, month: string): Promise<StatementFile | undefined> {
  const statement = await partnerStatement(db, partnerId, month);
  if (!statement) return undefined;
  const t = fixedT(statement.partner.language, "booking");
  const settings = await getSettings(db);
  const company = settings.payments.companyName || settings.general.siteName;
  return { body: new TextEncoder().encode(statementCsv(statement, t, company)), contentType: "text/csv; charset=utf-8", fileName: fileName(t, statement, "csv") };
}

/** A statement file as a download. */
export function statementFileResponse(file: StatementFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
