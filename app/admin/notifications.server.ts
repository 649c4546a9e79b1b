/**
 * Back-office notifications (table `notifications`): new bookings, new contact messages, cars due
 * for maintenance. Written by the flows that cause them; read and marked in the admin shell.
 * A (kind, related_id) pair is stored once, so repeating a notice is harmless.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "~/server/db/convert";
import type { Database } from "~/server/db/schema";

export type NotificationKind = "booking" | "contact" | "maintenance";

export interface NewNotification {
  kind: NotificationKind;
  /** Turkish, as the back office shows it */
  title: string;
  body?: string;
  link?: string;
  relatedId?: string;
}

export async function notify(db: Kysely<Database>, notice: NewNotification): Promise<void> {
  await db
    .insertInto("notifications")
    .values({
      id: randomUUID(),
      kind: notice.kind,
      title: notice.title,
      body: notice.body ?? "",
      link: notice.link ?? null,
      related_id: notice.relatedId ?? null,
      created_at: nowIso(),
      read_at: null,
    })
    .onConflict((oc) => oc.columns(["kind", "related_id"]).doNothing())
    .execute();
}
