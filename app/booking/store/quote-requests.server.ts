/**
 * The quote requests' table (migration 0120): the only code that names `quote_requests`. Each
 * move of a request is one conditional update on its status, so two clicks (an offer sent twice,
 * an offer accepted as it is closed) leave one outcome.
 */
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { toCount } from "~/server/db/convert";
import { QUOTE_REQUEST_STATUSES, type Database, type QuoteRequestRow, type QuoteRequestStatus, type QuoteRequestsTable } from "~/server/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export async function insertQuoteRequest(db: Db, row: Insertable<QuoteRequestsTable>): Promise<QuoteRequestRow> {
  await db.insertInto("quote_requests").values(row).execute();
  return (await quoteRequestById(db, row.id))!;
}

export function quoteRequestById(db: Db, id: string): Promise<QuoteRequestRow | undefined> {
  return db.selectFrom("quote_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export function quoteRequestByTokenHash(db: Db, hash: string): Promise<QuoteRequestRow | undefined> {
  return db.selectFrom("quote_requests").selectAll().where("offer_token_hash", "=", hash).executeTakeFirst();
}

/** A page of requests in one status, the oldest open first (they wait longest), the others newest first. */
export async function quoteRequestPage(db: Db, status: QuoteRequestStatus, page: number, pageSize: number): Promise<{ rows: QuoteRequestRow[]; total: number }> {
  const base = db.selectFrom("quote_requests").where("status", "=", status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", status === "open" ? "asc" : "desc")
      .orderBy("id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toCount(count.n as number | string) };
}

export async function countQuoteRequestsByStatus(db: Db): Promise<Record<QuoteRequestStatus, number>> {
  const rows = await db
    .selectFrom("quote_requests")
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(QUOTE_REQUEST_STATUSES.map((s) => [s, 0])) as Record<QuoteRequestStatus, number>;
  for (const row of rows) counts[row.status] = toCount(row.n as number | string);
  return counts;
}

/** Moves a request from one of `from` with these fields; false when it was no longer in one of them. */
export async function moveQuoteRequest(db: Db, id: string, from: readonly QuoteRequestStatus[], set: Updateable<QuoteRequestsTable> & { updated_at: string }): Promise<boolean> {
  const result = await db.updateTable("quote_requests").set(set).where("id", "=", id).where("status", "in", [...from]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const SCRUBBED = { full_name: "—", email: "", phone: "", message: "", offer: null, offer_note: null, offer_token_hash: null, ip: null, customer_id: null } as const;

/** The requests' personal fields replaced and the mails and office notices about them removed; what was asked stays. */
async function scrub(db: Db, ids: readonly string[], at: string): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom("mail_outbox").where("related_id", "in", [...ids]).execute();
  await db.deleteFrom("notifications").where("related_id", "in", [...ids]).execute();
  const result = await db.updateTable("quote_requests").set({ ...SCRUBBED, updated_at: at }).where("id", "in", [...ids]).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A guest's requests scrubbed (KVKK erasure): those matched to them, those that became their
 * bookings, and those sent with their phone or e-mail before the office knew them.
 */
export async function scrubQuoteRequests(db: Db, where: { customerId: string; bookingIds: readonly string[]; email: string; phone: string }, at: string): Promise<number> {
  const rows = await db
    .selectFrom("quote_requests")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("customer_id", "=", where.customerId),
        ...(where.bookingIds.length ? [eb("booking_id", "in", [...where.bookingIds])] : []),
        ...(where.email ? [eb(eb.fn("lower", ["email"]), "=", where.email.toLowerCase())] : []),
        ...(where.phone ? [eb("phone", "=", where.phone)] : []),
      ]),
    )
    .execute();
  return scrub(db, rows.map((r) => r.id), at);
}

/** Requests received before `before` scrubbed (the retention setting), an offer still standing excepted; a batch per call. */
export async function scrubQuoteRequestsBefore(db: Db, before: string, at: string, batch = 500): Promise<number> {
  const rows = await db
    .selectFrom("quote_requests")
    .select("id")
    .where("created_at", "<", before)
    .where("full_name", "!=", SCRUBBED.full_name)
    .where("status", "!=", "offered")
    .limit(batch)
    .execute();
  return scrub(db, rows.map((r) => r.id), at);
}
