import type { Route } from "./+types/payments.export";
import { data } from "react-router";
import { adminLanguage, adminText } from "~/admin/i18n.server";
import { paymentsIssuedBetween } from "~/booking/index.server";
import { splitKdv } from "~/booking/rules/payments";
import { CURRENCY_DECIMALS, isCurrency } from "~/pricing/currency";
import { getApp } from "~/server/context";
import { getSettings } from "~/settings/settings.server";
import { BOM, csvFileName, csvRow, decimalComma, excelDateTime } from "~/utils/csv";
import { kurus } from "~/utils/money";

const COLUMNS = ["receipt", "date", "reference", "customer", "kind", "method", "currency", "currencyAmount", "rate", "amount", "base", "kdv", "provider", "reason"] as const;

/** A month (YYYY-MM, Istanbul) as UTC bounds [from, until). */
function monthRange(month: string): { from: string; until: string } | undefined {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return undefined;
  const year = Number(match[1]);
  const m = Number(match[2]);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: new Date(`${month}-01T00:00:00+03:00`).toISOString(), until: new Date(`${next}-01T00:00:00+03:00`).toISOString() };
}

/**
 * GET /admin/payments/export?month=YYYY-MM (issue 30): the month's movements, one row each in
 * receipt order, for the accountant in Turkish Excel (semicolons, BOM, decimal commas, Istanbul
 * time): the amount in the currency it moved in and the rate, the lira, and the KDV split by the
 * settings' rate. A month that cannot be read is a 400 in the admin language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const lng = await adminLanguage(db.kysely);
  const month = (new URL(request.url).searchParams.get("month") ?? "").trim().slice(0, 20);
  const range = monthRange(month);
  if (!range) throw data(adminText(lng, "payments.errors.month"), { status: 400 });
  const [rows, settings] = await Promise.all([paymentsIssuedBetween(db.kysely, range.from, range.until), getSettings(db.kysely)]);
  const say = (key: string) => adminText(lng, key);
  const lines = rows.map((r) => {
    const amount = kurus(r.amount);
    const { base, kdv } = splitKdv(amount, settings.payments.kdvPercent);
    const decimals = isCurrency(r.currency) ? CURRENCY_DECIMALS[r.currency] : 2;
    const cells: Record<(typeof COLUMNS)[number], string | number | null> = {
      receipt: r.number,
      date: excelDateTime(r.issued_at),
      reference: r.reference,
      customer: r.full_name,
      kind: say(`payments.kinds.${r.kind}`),
      method: say(`payments.methods.${r.method}`),
      currency: r.currency,
      currencyAmount: decimalComma(r.currency_amount / 10 ** decimals, decimals),
      rate: r.currency_rate === null ? null : decimalComma(r.currency_rate / 10_000, 4),
      amount: decimalComma(amount / 100, 2),
      base: decimalComma(base / 100, 2),
      kdv: decimalComma(kdv / 100, 2),
      provider: r.provider,
      reason: r.reason,
    };
    return csvRow(COLUMNS.map((c) => cells[c]));
  });
  const body = BOM + csvRow(COLUMNS.map((c) => say(`payments.csv.${c}`))) + lines.join("");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(`${say("payments.csv.fileName")}-${month}`)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
