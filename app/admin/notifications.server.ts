/**
 * Back-office notifications (table `notifications`): new bookings, new contact messages, cars due
 * for maintenance. Written by the flows that cause them; read and marked in the admin shell.
 * A (kind, related_id) pair is stored once, so repeating a notice is harmless.
 *
 * Notices are stored as catalogue keys with values (`message`) and shown in the admin language
 * when read. Rows written before migration 0018, without a message, show their stored text as it is.
 */
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import { nowIso, parseJson, toJson } from "~/server/db/convert";
import type { Database, NotificationsTable } from "~/server/db/schema";
import { formatAdminDate, formatCalendarDay } from "./format";
import { adminText, type AdminLanguage } from "./i18n.server";

export type NotificationKind = "booking" | "contact" | "maintenance" | "quote" | "payment" | "driver" | "flight" | "document";

/** A notice's text as admin catalogue keys ("notifications.maintenanceDue") and their values. */
export interface NoticeMessage {
  title: string;
  body?: string;
  values?: Record<string, string>;
}

export interface NewNotification {
  kind: NotificationKind;
  message: NoticeMessage;
  link?: string;
  relatedId?: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LOCAL_CLOCK = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/**
 * A value as the admin language writes it: an instant (a maintenance date) and an Istanbul clock
 * time "2026-12-01 14:05" (a flight's pickup; notices stored before issue 34) read "01.12.2026
 * 14:05" (~/admin/format); other values as they are.
 */
function valueIn(lng: AdminLanguage, value: string): string {
  if (INSTANT.test(value)) return formatAdminDate(value, value, lng);
  const clock = LOCAL_CLOCK.exec(value);
  return clock ? `${formatCalendarDay(clock[1]!, lng)} ${clock[2]}` : value;
}

const render = (lng: AdminLanguage, message: NoticeMessage) => {
  const values = message.values ? Object.fromEntries(Object.entries(message.values).map(([k, v]) => [k, valueIn(lng, v)])) : undefined;
  return { title: adminText(lng, message.title, values), body: message.body ? adminText(lng, message.body, values) : "" };
};

/** A notice's row as `notify` stores it (the bench writes its bookings' notices with it too). */
export function notificationRow(notice: NewNotification, at: string = nowIso()): Insertable<NotificationsTable> {
  // Also stored rendered in Turkish, for whoever reads the table.
  const text = render("tr", notice.message);
  return {
    id: randomUUID(),
    kind: notice.kind,
    title: text.title,
    body: text.body,
    message: toJson(notice.message),
    link: notice.link ?? null,
    related_id: notice.relatedId ?? null,
    created_at: at,
    read_at: null,
  };
}

export async function notify(db: Kysely<Database>, notice: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values(notificationRow(notice))
    .onConflict((oc) => oc.columns(["kind", "related_id"]).doNothing())
    .execute();
}

/** How far ahead a maintenance date raises a notice. */
export const MAINTENANCE_NOTICE_DAYS = 7;

export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

type NotificationRow = Pick<Selectable<NotificationsTable>, "id" | "kind" | "title" | "body" | "message" | "link" | "created_at" | "read_at">;

const isMessage = (v: unknown): v is NoticeMessage => typeof v === "object" && v !== null && typeof (v as NoticeMessage).title === "string";

/** The row in the admin language: rendered from its message; a row from before messages, as stored. */
function toItem(row: NotificationRow, lng: AdminLanguage): NotificationItem {
  const message = parseJson<NoticeMessage | null>(row.message, null, isMessage);
  const text = message ? render(lng, message) : { title: row.title, body: row.body };
  return { id: row.id, kind: row.kind, ...text, link: row.link, createdAt: row.created_at, read: row.read_at !== null };
}

/**
 * Raises a notice for every car in maintenance or due within MAINTENANCE_NOTICE_DAYS (or overdue).
 * Keyed by car and due date, so each due date (or each spell in maintenance) is announced once.
 */
export async function syncMaintenanceNotices(db: Kysely<Database>, now = new Date()): Promise<void> {
  const horizon = new Date(now.getTime() + MAINTENANCE_NOTICE_DAYS * 24 * 3600_000).toISOString();
  const cars = await db
    .selectFrom("cars")
    .select(["id", "name", "status", "maintenance_due_at"])
    .where((eb) => eb.or([eb("status", "=", "maintenance"), eb.and([eb("maintenance_due_at", "is not", null), eb("maintenance_due_at", "<=", horizon)])]))
    .execute();
  if (cars.length === 0) return;
  const keyOf = (car: (typeof cars)[number]) => (car.status === "maintenance" ? `${car.id}:status` : `${car.id}:${car.maintenance_due_at}`);
  const known = new Set(
    (
      await db
        .selectFrom("notifications")
        .select("related_id")
        .where("kind", "=", "maintenance")
        .where("related_id", "in", cars.map(keyOf))
        .execute()
    ).map((r) => r.related_id),
  );
  for (const car of cars) {
    const key = keyOf(car);
    if (known.has(key)) continue;
    const due = car.maintenance_due_at;
    const message: NoticeMessage =
      car.status === "maintenance" || !due
        ? { title: "notifications.maintenanceTitle", body: "notifications.inMaintenance", values: { car: car.name } }
        : {
            title: "notifications.maintenanceTitle",
            body: due < now.toISOString() ? "notifications.maintenanceOverdue" : "notifications.maintenanceDue",
            // an instant, written in the admin language's format when the notice is read
            values: { car: car.name, date: due },
          };
    await notify(db, { kind: "maintenance", message, link: `/admin/cars/edit/${car.id}`, relatedId: key });
  }
}

/**
 * The unread notices; with `upTo`, counted only that far (the shell's badge says "99+"): every
 * booking leaves a notice, and an office that never marks them read has tens of thousands, which
 * every back-office page counted in full (issue 18).
 */
export async function countUnread(db: Kysely<Database>, options: { upTo?: number } = {}): Promise<number> {
  const unread = db.selectFrom("notifications").where("read_at", "is", null);
  const row =
    options.upTo === undefined
      ? await unread.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()
      : await db
          .selectFrom(unread.select(sql<number>`1`.as("one")).limit(options.upTo).as("unread"))
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest notices (the shell's menu), in `lng`, without counting them all. */
export async function latestNotifications(db: Kysely<Database>, options: { limit: number; lng: AdminLanguage }): Promise<NotificationItem[]> {
  const rows = await db
    .selectFrom("notifications")
    .select(["id", "kind", "title", "body", "message", "link", "created_at", "read_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(options.limit)
    .execute();
  return rows.map((row) => toItem(row, options.lng));
}

/** Newest first, in `lng` (Turkish by default, as the JSON API speaks); `unreadOnly` for the dropdown's filter. */
export async function listNotifications(
  db: Kysely<Database>,
  options: { limit: number; offset?: number; unreadOnly?: boolean; lng?: AdminLanguage },
): Promise<{ items: NotificationItem[]; total: number }> {
  let base = db.selectFrom("notifications");
  if (options.unreadOnly) base = base.where("read_at", "is", null);
  const [rows, count] = await Promise.all([
    base
      .select(["id", "kind", "title", "body", "message", "link", "created_at", "read_at"])
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(options.limit)
      .offset(options.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { items: rows.map((row) => toItem(row, options.lng ?? "tr")), total: Number(count?.n ?? 0) };
}

/** Marks the given notices (or every unread one) as read. */
export async function markNotificationsRead(db: Kysely<Database>, ids: string[] | "all", now = new Date()): Promise<number> {
  let query = db.updateTable("notifications").set({ read_at: now.toISOString() }).where("read_at", "is", null);
  if (ids !== "all") {
    if (ids.length === 0) return 0;
    query = query.where("id", "in", ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
