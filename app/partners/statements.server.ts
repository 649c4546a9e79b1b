/**
 * A partner's monthly statement (issue 33): its bookings picked up in the month (Istanbul) as the
 * booking module's store reads them, the totals by the pure rules of ./statement.ts, and whether
 * the office marked it paid, with the totals frozen at that moment (table partner_statements).
 * The office's pages, the PDF, the CSV and the partner portal all read it from `partnerStatement`;
 * marking paid and undoing it are audited here and nowhere else.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { recordAudit, type AuditContext } from "~/audit/audit.server";
import { partnerMonthBookings, partnerPickupsBetween } from "~/booking/index.server";
import { fixedT } from "~/i18n/translate.server";
import type { Language } from "~/i18n/config";
import { placeNameIn } from "~/places/gazetteer.server";
import { nowIso, toBool } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import type { PartnerStatementRow } from "~/server/db/partners-schema";
import { kurus, type Kurus } from "~/utils/money";
import type { Partner } from "./partners";
import { getPartner } from "./partners.server";
import { isStatementMonth, monthBounds, monthOf, shiftMonth, statementLines, statementTotals, type StatementLine, type StatementTotals } from "./statement";

/** What was settled: when, by whom, and the totals as they stood then. */
export interface StatementPayment {
  at: string;
  by: string;
  note: string;
  totals: Omit<StatementTotals, "cancelled" | "commissionOnCollected" | "currency"> & { currency: string };
}

export interface PartnerStatement {
  partner: Partner;
  month: string;
  lines: StatementLine[];
  totals: StatementTotals;
  /** null: not marked paid */
  paid: StatementPayment | null;
  /** marked paid, and a booking of the month changed since: today's totals differ from those settled */
  changedSincePaid: boolean;
}

const paymentOf = (row: PartnerStatementRow | undefined): StatementPayment | null =>
  row?.paid_at
    ? {
        at: row.paid_at,
        by: row.paid_by,
        note: row.paid_note,
        totals: {
          bookings: row.bookings,
          guestTotal: kurus(row.guest_total),
          netTotal: kurus(row.net_total),
          commissionTotal: kurus(row.commission_total),
          onAccountTotal: kurus(row.on_account_total),
          collectedTotal: kurus(row.collected_total),
          balance: kurus(row.balance),
          currency: row.currency,
        },
      }
    : null;

const FROZEN = ["bookings", "guestTotal", "netTotal", "commissionTotal", "onAccountTotal", "collectedTotal", "balance"] as const;
const sameTotals = (a: StatementPayment["totals"], b: StatementTotals) => FROZEN.every((k) => a[k] === b[k]);

function statementRow(db: Kysely<Database>, partnerId: string, month: string) {
  return db.selectFrom("partner_statements").selectAll().where("partner_id", "=", partnerId).where("month", "=", month).executeTakeFirst();
}

/**
 * The statement of `partnerId` for `month` (`YYYY-MM`); undefined for an unknown partner or a
 * month that cannot be read. Places are named in `lng` (default: the partner's language).
 */
export async function partnerStatement(db: Kysely<Database>, partnerId: string, month: string, options: { lng?: Language } = {}): Promise<PartnerStatement | undefined> {
  if (!isStatementMonth(month)) return undefined;
  const partner = await getPartner(db, partnerId);
  if (!partner) return undefined;
  const lng = options.lng ?? partner.language;
  const t = fixedT(lng, "booking");
  const { start, end } = monthBounds(month);
  const [rows, stored] = await Promise.all([partnerMonthBookings(db, partnerId, start, end), statementRow(db, partnerId, month)]);
  const lines = statementLines(
    rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      pickupDate: r.pickup_date,
      route:
        r.hours !== null
          ? `${placeNameIn(r.pickup_location, lng)} · ${t("partnerStatement.byTheHour", { count: r.hours })}`
          : `${placeNameIn(r.pickup_location, lng)} → ${placeNameIn(r.dropoff_location, lng)}${r.trip_type === "roundTrip" ? ` · ${t("partnerStatement.roundTrip")}` : ""}`,
      guestName: r.full_name,
      status: r.status,
      guestPrice: kurus(r.total_price),
      commission: kurus(r.partner_commission),
      partnerPays: toBool(r.partner_pays),
    })),
  );
  const totals = statementTotals(lines);
  const paid = paymentOf(stored);
  return { partner, month, lines, totals, paid, changedSincePaid: paid !== null && !sameTotals(paid.totals, totals) };
}

export type MarkPaidResult = { ok: true; statement: PartnerStatement } | { ok: false; code: "not_found" | "already_paid" | "not_paid" };

/**
 * Marks the month paid (the office settled it with the partner): the statement's totals of this
 * moment are frozen on its row, and the audit log says who, when and what. Twice is refused.
 */
export async function markStatementPaid(db: Kysely<Database>, partnerId: string, month: string, { actor, ip }: AuditContext, note = ""): Promise<MarkPaidResult> {
  const statement = await partnerStatement(db, partnerId, month);
  if (!statement) return { ok: false, code: "not_found" };
  const { totals } = statement;
  const at = nowIso();
  const frozen = {
    paid_at: at,
    paid_by: actor.label.slice(0, 200),
    paid_note: note.trim().slice(0, 500),
    bookings: totals.bookings,
    guest_total: totals.guestTotal as number,
    net_total: totals.netTotal as number,
    commission_total: totals.commissionTotal as number,
    on_account_total: totals.onAccountTotal as number,
    collected_total: totals.collectedTotal as number,
    balance: totals.balance as number,
    currency: totals.currency,
    updated_at: at,
  };
  const marked = await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable("partner_statements").set(frozen).where("partner_id", "=", partnerId).where("month", "=", month).where("paid_at", "is", null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom("partner_statements").select("id").where("partner_id", "=", partnerId).where("month", "=", month).executeTakeFirst();
      if (exists) return false;
      await trx.insertInto("partner_statements").values({ id: randomUUID(), partner_id: partnerId, month, ...frozen, created_at: at }).execute();
    }
    await recordAudit(trx, {
      actor,
      ip,
      action: "partner.statement.paid",
      entity: "partner",
      entityId: partnerId,
      summary: `${statement.partner.name}: ${month}`,
      details: { month, note: frozen.paid_note, totals: frozenDetails(totals) },
    });
    return true;
  });
  if (!marked) return { ok: false, code: "already_paid" };
  return { ok: true, statement: (await partnerStatement(db, partnerId, month))! };
}

/** Undoes the mark (an admin's correction): the row stays, unpaid, its frozen totals cleared; audited with what they were. */
export async function markStatementUnpaid(db: Kysely<Database>, partnerId: string, month: string, { actor, ip }: AuditContext): Promise<MarkPaidResult> {
  const statement = await partnerStatement(db, partnerId, month);
  if (!statement) return { ok: false, code: "not_found" };
  if (!statement.paid) return { ok: false, code: "not_paid" };
  const was = statement.paid;
  const undone = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("partner_statements")
      .set({ paid_at: null, paid_by: "", paid_note: "", bookings: 0, guest_total: 0, net_total: 0, commission_total: 0, on_account_total: 0, collected_total: 0, balance: 0, updated_at: nowIso() })
      .where("partner_id", "=", partnerId)
      .where("month", "=", month)
      .where("paid_at", "is not", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await recordAudit(trx, {
      actor,
      ip,
      action: "partner.statement.unpaid",
      entity: "partner",
      entityId: partnerId,
      summary: `${statement.partner.name}: ${month}`,
      details: { month, paidAt: was.at, paidBy: was.by, totals: was.totals },
    });
    return true;
  });
  if (!undone) return { ok: false, code: "not_paid" };
  return { ok: true, statement: (await partnerStatement(db, partnerId, month))! };
}

const frozenDetails = (t: StatementTotals) => ({
  bookings: t.bookings,
  guestTotal: t.guestTotal,
  netTotal: t.netTotal,
  commissionTotal: t.commissionTotal,
  onAccountTotal: t.onAccountTotal,
  collectedTotal: t.collectedTotal,
  balance: t.balance,
  currency: t.currency,
});

/** One month in the statements' list: its bookings counted and whether it was marked paid. */
export interface StatementMonth {
  month: string;
  bookings: number;
  paidAt: string | null;
  /** the balance settled (kuruş), when paid */
  paidBalance: Kurus | null;
}

/** The `count` months up to `upTo` (newest first), each with its bookings counted and its paid state. */
export async function statementMonths(db: Kysely<Database>, partnerId: string, upTo: string, count = 12): Promise<StatementMonth[]> {
  const first = shiftMonth(upTo, -(count - 1));
  const [pickups, rows] = await Promise.all([
    partnerPickupsBetween(db, partnerId, monthBounds(first).start, monthBounds(upTo).end),
    db.selectFrom("partner_statements").selectAll().where("partner_id", "=", partnerId).where("month", ">=", first).where("month", "<=", upTo).execute(),
  ]);
  const counts = new Map<string, number>();
  for (const at of pickups) counts.set(monthOf(at), (counts.get(monthOf(at)) ?? 0) + 1);
  const paid = new Map(rows.filter((r) => r.paid_at).map((r) => [r.month, r]));
  return Array.from({ length: count }, (_, i) => shiftMonth(upTo, -i)).map((month) => {
    const row = paid.get(month);
    return { month, bookings: counts.get(month) ?? 0, paidAt: row?.paid_at ?? null, paidBalance: row ? kurus(row.balance) : null };
  });
}
