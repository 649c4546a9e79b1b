/**
 * What else holds a guest's personal data beside their bookings (KVKK erasure): the history's
 * edit values, the mails and WhatsApp/SMS messages about the bookings (addresses, names, bodies),
 * the office's notices naming them, and their flights as tracked (issue 31: the number). Blanked or removed here, in the erasure's transaction.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/server/db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export async function scrubGuestTraces(db: Db, bookingIds: readonly string[], scrubChanges: (changes: string) => string): Promise<void> {
  if (bookingIds.length === 0) return;
  for (let i = 0; i < bookingIds.length; i += 200) {
    const ids = bookingIds.slice(i, i + 200);
    const history = await db.selectFrom("booking_events").select(["id", "changes"]).where("booking_id", "in", ids).where("changes", "is not", null).execute();
    for (const row of history) {
      const scrubbed = scrubChanges(row.changes!);
      if (scrubbed !== row.changes) await db.updateTable("booking_events").set({ changes: scrubbed }).where("id", "=", row.id).execute();
    }
    await db.deleteFrom("mail_outbox").where("related_id", "in", ids).execute();
    await db.deleteFrom("message_outbox").where("booking_id", "in", ids).execute();
    await db.deleteFrom("notifications").where("related_id", "in", ids).execute();
    await db.deleteFrom("notifications").where("kind", "=", "flight").where("link", "in", ids.map((id) => `/admin/bookings/${id}`)).execute();
    await db.deleteFrom("flight_watches").where("booking_id", "in", ids).execute();
  }
}
