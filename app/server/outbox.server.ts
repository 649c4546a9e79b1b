/**
 * The back office's view of the mail outbox (/admin/outbox): counts per status, a page of
 * messages newest first, and "Yeniden gönder" (a failed or stuck message back to pending with its
 * attempts reset). Rows are never deleted.
 */
import type { Kysely } from "kysely";
import { nowIso, toCount } from "./db/convert";
import type { Database, MailStatus } from "./db/schema";

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const satisfies readonly MailStatus[];
export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxItem {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
  /** a worker holds it right now */
  sending: boolean;
  /** "Yeniden gönder" applies */
  resendable: boolean;
}

export function parseOutboxStatus(value: string | null): MailStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value ?? "") ? (value as MailStatus) : "pending";
}

export async function countOutbox(db: Kysely<Database>): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = toCount(row.n as number | string);
  return counts;
}

/** A pending message that has failed before and no worker holds: it may be stuck. */
function isResendable(row: { status: MailStatus; attempts: number; locked_until: string | null }, now: string): boolean {
  if (row.status === "failed") return true;
  const held = row.locked_until !== null && row.locked_until > now;
  return row.status === "pending" && row.attempts > 0 && !held;
}

export async function listOutbox(db: Kysely<Database>, status: MailStatus, page = 1, pageSize = OUTBOX_PAGE_SIZE) {
  const counts = await countOutbox(db);
  const total = counts[status];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "kind", "status", "attempts", "last_error", "next_attempt_at", "created_at", "sent_at", "locked_until"])
    .where("status", "=", status)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  const now = nowIso();
  const items: OutboxItem[] = rows.map(({ locked_until, ...row }) => ({
    ...row,
    attempts: Number(row.attempts),
    sending: locked_until !== null && locked_until > now,
    resendable: isResendable({ ...row, attempts: Number(row.attempts), locked_until }, now),
  }));
  return { items, counts, total, page: current, pageSize, pageCount };
}

/**
 * Puts a failed message, or a pending one that has failed before and is not being sent right now,
 * back in the queue: due at once, attempts from zero. False when the row is not (or no longer) in
 * such a state.
 */
export async function resendMail(db: Kysely<Database>, id: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, locked_until: null })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "failed"),
        eb.and([
          eb("status", "=", "pending"),
          eb("attempts", ">", 0),
          eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
