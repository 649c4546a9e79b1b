/**
 * The audit log read back: the filtered entries newest first in keyset pages of 100 (the
 * (at, id) index, and (action, at, id), (entity, at), (user_id, at) when filtered), the choices
 * of the filters, and the CSV export for Turkish Excel (streamed in batches).
 */
import type { Kysely } from "kysely";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { BOM, csvRow, excelDateTime } from "~/utils/csv";
import { toBusinessDateTime, toInstant } from "~/booking/rules/datetime";
import { parseJson } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { likePattern } from "~/utils/search-text";
import { formatAdminDate, formatCalendarDay } from "~/admin/format";
import { actionLabelKey, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, NO_USER, type AuditCursor, type AuditFilter } from "./audit-log";
import { auditDetailLines, auditDetailText, type Say } from "./audit-words";

export interface AuditEntryView {
  id: string;
  at: string;
  userId: string | null;
  userLabel: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  details: Record<string, unknown>;
  ip: string | null;
  /** the page of the record when it still exists (booking, car, driver, partner) */
  href: string | null;
}

/** The day after an Istanbul calendar day, as text. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom("audit_log");
  const start = filter.from ? toInstant(toBusinessDateTime(filter.from, "00:00")) : null;
  const end = filter.to ? toInstant(toBusinessDateTime(nextDay(filter.to), "00:00")) : null;
  if (start) query = query.where("at", ">=", start);
  if (end) query = query.where("at", "<", end);
  if (filter.user === NO_USER) query = query.where("user_id", "is", null);
  else if (filter.user) query = query.where("user_id", "=", filter.user);
  if (filter.entity) query = query.where("entity", "=", filter.entity);
  if (filter.action) query = query.where("action", "=", filter.action);
  const q = filter.q?.trim();
  if (q) query = query.where("search_text", "like", likePattern(q));
  return query;
}

const COLUMNS = ["id", "at", "user_id", "user_label", "action", "entity", "entity_id", "summary", "details", "ip"] as const;

function page(db: Kysely<Database>, filter: AuditFilter, cursor: AuditCursor | undefined, limit: number) {
  let query = filtered(db, filter).select([...COLUMNS]);
  if (cursor) query = query.where((eb) => eb.or([eb("at", "<", cursor.at), eb.and([eb("at", "=", cursor.at), eb("id", "<", cursor.id)])]));
  return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

const LINKED: Record<string, { table: "bookings" | "cars" | "drivers" | "partners"; href: (id: string) => string }> = {
  booking: { table: "bookings", href: (id) => `/admin/bookings/${id}` },
  car: { table: "cars", href: (id) => `/admin/cars/edit/${id}` },
  driver: { table: "drivers", href: (id) => `/admin/drivers/edit/${id}` },
  partner: { table: "partners", href: (id) => `/admin/partners/${id}` },
};

/** Which of these records still exist, so only live ones are linked. */
async function existing(db: Kysely<Database>, rows: ReadonlyArray<{ entity: string; entity_id: string | null }>): Promise<Set<string>> {
  const live = new Set<string>();
  for (const [entity, { table }] of Object.entries(LINKED)) {
    const ids = [...new Set(rows.filter((r) => r.entity === entity && r.entity_id).map((r) => r.entity_id!))];
    if (ids.length === 0) continue;
    const found = await db.selectFrom(table).select("id").where("id", "in", ids).execute();
    for (const row of found) live.add(`${entity}:${row.id}`);
  }
  return live;
}

/** One page of the log, newest first, and the cursor of the next (older) page when there is one. */
export async function listAuditLog(
  db: Kysely<Database>,
  filter: AuditFilter,
  cursor?: AuditCursor,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ entries: AuditEntryView[]; next: AuditCursor | null }> {
  const rows = await page(db, filter, cursor, limit + 1);
  const shown = rows.slice(0, limit);
  const live = await existing(db, shown);
  const entries = shown.map((r) => ({
    id: r.id,
    at: r.at,
    userId: r.user_id,
    userLabel: r.user_label,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    summary: r.summary,
    details: parseJson<Record<string, unknown>>(r.details, {}),
    ip: r.ip,
    href: r.entity_id && live.has(`${r.entity}:${r.entity_id}`) ? LINKED[r.entity]!.href(r.entity_id) : null,
  }));
  const last = shown[shown.length - 1];
  return { entries, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}

/** The filters' choices: staff accounts (and who appears in the log without one still being there), and the actions. */
export async function auditChoices(db: Kysely<Database>): Promise<{ users: Array<{ id: string; label: string }>; actions: string[] }> {
  const users = await db.selectFrom("users").select(["id", "name", "email"]).orderBy("name").orderBy("email").execute();
  const logged = await db.selectFrom("audit_log").select("action").distinct().execute();
  const actions = [...new Set([...AUDIT_ACTIONS, ...logged.map((r) => r.action)])].sort();
  return { users: users.map((u) => ({ id: u.id, label: u.name ? `${u.name} (${u.email})` : u.email })), actions };
}

/** An action in words (`audit.actions.*`), its key when the catalogue has none. */
export function actionLabel(lng: AdminLanguage, action: string): string {
  const key = actionLabelKey(action);
  const text = adminText(lng, key);
  return text === key ? action : text;
}

/** The server's catalogue lookup as audit-words asks for it: undefined for a key without words. */
const sayIn =
  (lng: AdminLanguage): Say =>
  (key) => {
    const text = adminText(lng, key);
    return text === key ? undefined : text;
  };

const CSV_COLUMNS = ["at", "user", "action", "actionKey", "entity", "entityId", "summary", "details", "ip"] as const;

/**
 * The filtered log as CSV (BOM, `;`, formula cells neutralised by csvRow), newest first, read in
 * keyset batches so memory stays flat; headed and labelled in the admin language.
 */
export function auditCsvStream(db: Kysely<Database>, filter: AuditFilter, lng: AdminLanguage = "tr", batchSize = 1000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: AuditCursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvRow(CSV_COLUMNS.map((column) => adminText(lng, `audit.csv.${column}`)))));
        return;
      }
      const rows = await page(db, filter, cursor, batchSize);
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        cursor = { at: last.at, id: last.id };
        const say = sayIn(lng);
        const format = {
          date: (iso: string) => formatAdminDate(iso, "", lng),
          day: (day: string) => formatCalendarDay(day, lng),
        };
        const entity = (e: string) => say(`audit.entities.${e}`) ?? e;
        const details = (json: string) =>
          auditDetailText(auditDetailLines(parseJson<Record<string, unknown>>(json, {}), say, format));
        const lines = rows.map((r) =>
          csvRow([excelDateTime(r.at), r.user_label, actionLabel(lng, r.action), r.action, entity(r.entity), r.entity_id, r.summary, details(r.details), r.ip]),
        );
        controller.enqueue(encoder.encode(lines.join("")));
      }
      if (rows.length < batchSize) controller.close();
    },
  });
}
