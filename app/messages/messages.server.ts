/**
 * The office's inbox: contact-form messages (read/unread, search, delete) and newsletter
 * subscribers (search, delete, CSV export). Filtering and paging happen in the database.
 */
import type { Kysely } from "kysely";
import { recordAudit, type AuditContext } from "~/audit/audit.server";
import { nowIso, toCount } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";
import { likePattern } from "~/utils/search-text";
import { adminText, type AdminLanguage } from "~/admin/i18n.server";
import { BOM, csvRow, excelDateTime } from "~/utils/csv";

export const MESSAGES_PAGE_SIZE = 20;
export const SUBSCRIBERS_PAGE_SIZE = 50;

export type ReadFilter = "read" | "unread";

export interface MessageFilter {
  q?: string;
  read?: ReadFilter;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  start_date: string | null;
  end_date: string | null;
  preferred_vehicle: string | null;
  locale: string;
  read_at: string | null;
  created_at: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const clampPage = (page: number, total: number, size: number) => {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return { pageCount, page: Math.min(Math.max(1, page), pageCount) };
};


function messagesWhere(db: Kysely<Database>, filter: MessageFilter) {
  let query = db.selectFrom("contact_messages");
  if (filter.read === "read") query = query.where("read_at", "is not", null);
  if (filter.read === "unread") query = query.where("read_at", "is", null);
  const q = filter.q?.trim();
  if (q) query = query.where("search_text", "like", likePattern(q));
  return query;
}

const MESSAGE_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "message",
  "start_date",
  "end_date",
  "preferred_vehicle",
  "locale",
  "read_at",
  "created_at",
] as const;

export async function listMessages(db: Kysely<Database>, filter: MessageFilter, page = 1, pageSize = MESSAGES_PAGE_SIZE): Promise<Paged<ContactMessage>> {
  const row = await messagesWhere(db, filter).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = toCount(row?.n as number | string);
  const paging = clampPage(page, total, pageSize);
  const items = await messagesWhere(db, filter)
    .select(MESSAGE_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((paging.page - 1) * pageSize)
    .execute();
  return { items, total, pageSize, ...paging };
}

export async function countUnreadMessages(db: Kysely<Database>): Promise<number> {
  const row = await messagesWhere(db, { read: "unread" }).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return toCount(row?.n as number | string);
}

export async function getMessage(db: Kysely<Database>, id: string): Promise<ContactMessage | undefined> {
  return db.selectFrom("contact_messages").select(MESSAGE_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function markMessage(db: Kysely<Database>, id: string, read: boolean): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set({ read_at: read ? nowIso() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a contact message; with `audit`, logged with its sender. */
export async function deleteMessage(db: Kysely<Database>, id: string, audit?: AuditContext): Promise<boolean> {
  const before = audit ? await db.selectFrom("contact_messages").select(["name", "email", "phone", "created_at"]).where("id", "=", id).executeTakeFirst() : undefined;
  const result = await db.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted && audit && before) {
    await recordAudit(db, { ...audit, action: "message.delete", entity: "message", entityId: id, summary: `${before.name} <${before.email}>`, details: { before } });
  }
  return deleted;
}

export interface Subscriber {
  id: string;
  email: string;
  locale: string;
  created_at: string;
}

function subscribersWhere(db: Kysely<Database>, q?: string) {
  let query = db.selectFrom("newsletter_subscribers");
  const term = q?.trim();
  if (term) query = query.where("email_normalized", "like", likePattern(term));
  return query;
}

export async function listSubscribers(db: Kysely<Database>, q: string | undefined, page = 1, pageSize = SUBSCRIBERS_PAGE_SIZE): Promise<Paged<Subscriber>> {
  const row = await subscribersWhere(db, q).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = toCount(row?.n as number | string);
  const paging = clampPage(page, total, pageSize);
  const items = await subscribersWhere(db, q)
    .select(["id", "email", "locale", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((paging.page - 1) * pageSize)
    .execute();
  return { items, total, pageSize, ...paging };
}

/** Deletes a newsletter subscriber; with `audit`, logged with the address. */
export async function deleteSubscriber(db: Kysely<Database>, id: string, audit?: AuditContext): Promise<boolean> {
  const before = audit ? await db.selectFrom("newsletter_subscribers").select(["email", "locale", "created_at"]).where("id", "=", id).executeTakeFirst() : undefined;
  const result = await db.deleteFrom("newsletter_subscribers").where("id", "=", id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted && audit && before) {
    await recordAudit(db, { ...audit, action: "subscriber.delete", entity: "subscriber", entityId: id, summary: before.email, details: { before } });
  }
  return deleted;
}

/**
 * Subscribers of the current search as CSV (UTF-8 with BOM, injection-safe), read in keyset
 * batches; headed in the admin language (Turkish by default).
 */
export function subscribersCsvStream(db: Kysely<Database>, q: string | undefined, batchSize = 1000, lng: AdminLanguage = "tr"): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { at: string; id: string } | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const header = (["email", "language", "signedUp"] as const).map((column) => adminText(lng, `subscribers.csv.${column}`));
        controller.enqueue(encoder.encode(BOM + csvRow(header)));
        return;
      }
      let query = subscribersWhere(db, q).select(["id", "email", "locale", "created_at"]);
      if (cursor) {
        const { at, id } = cursor;
        query = query.where((eb) => eb.or([eb("created_at", "<", at), eb.and([eb("created_at", "=", at), eb("id", "<", id)])]));
      }
      const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(batchSize).execute();
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        cursor = { at: last.created_at, id: last.id };
        controller.enqueue(
          encoder.encode(
            rows
              .map((r) => csvRow([r.email, r.locale, excelDateTime(r.created_at) || adminText(lng, "ui.notSpecified")]))
              .join(""),
          ),
        );
      }
      if (rows.length < batchSize) controller.close();
    },
  });
}
