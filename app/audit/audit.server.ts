/**
 * The audit log's one write (issue 15): every change of data by staff (bookings, cars, drivers,
 * users, settings, deletions) and every sign-in and failed sign-in, with who, when and what.
 * Written right after the change it describes, in the same transaction where there is one.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { foldSearchText } from "~/utils/search-text";
import type { AuditAction } from "./audit-log";

/** Who did it: the staff member (id and name or e-mail at the time); null for the system. */
export interface AuditActor {
  id: string | null;
  label: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  /** "<entity>.<verb>", e.g. "booking.update", "user.deactivate", "auth.login.failed": one of AUDIT_ACTIONS, each with its words */
  action: AuditAction;
  entity: string;
  entityId?: string | null;
  /** one line: a name, a reference, an e-mail */
  summary?: string;
  /** what changed, raw values (JSON) */
  details?: Record<string, unknown>;
  ip?: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, label: "system" };

/** Who and from where, as the write functions take it (optional: no audit row without it). */
export interface AuditContext {
  actor: AuditActor;
  ip?: string | null;
}

/** A staff member as the log names them: their name, else their e-mail. */
export const staffActor = (user: { id: string; name: string | null; email: string }): AuditActor => ({ id: user.id, label: user.name || user.email });

/**
 * The fields whose values differ, as `{ field: [before, after] }` (raw values; JSON-equal values
 * are the same), for an entry's details.
 */
export function changedFields<T extends object>(before: T, after: T, fields: ReadonlyArray<keyof T & string>): Record<string, [unknown, unknown]> {
  const changed: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changed[field] = [a, b];
  }
  return changed;
}

/** The longest stored details (JSON characters): a runaway value is cut, not refused. */
const MAX_DETAILS = 20_000;

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry, at = nowIso()): Promise<void> {
  let details = JSON.stringify(entry.details ?? {});
  const label = (entry.actor ?? SYSTEM_ACTOR).label.slice(0, 200);
  const summary = (entry.summary ?? "").slice(0, 300);
  if (details.length > MAX_DETAILS) details = JSON.stringify({ truncated: true, size: details.length });
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at,
      user_id: entry.actor?.id ?? null,
      user_label: label,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      summary,
      details,
      ip: entry.ip ?? null,
      search_text: foldSearchText(label, summary, entry.entityId),
    })
    .execute();
}
