import { sql, type Kysely } from "kysely";

/**
 * The booking's events, written in the same transaction as the booking (DESIGN.md §8): the
 * notify worker (app/notify) claims each row (a lease: `claimed_at` + `claimed_by`; SKIP LOCKED on
 * PostgreSQL), turns it into mails, WhatsApp/SMS and office notices with their dedupe keys, and
 * marks it done; a failure is retried after `next_attempt_at`. Bookings whose confirmation mails
 * a busy server had left for later (0070, `mails_pending_at`) get their "created" event here, so
 * nothing waiting at the upgrade is lost.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("claimed_by", "text")
    .addColumn("done_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
  await db.schema.createIndex("booking_outbox_due_idx").on("booking_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("booking_outbox_booking_idx").on("booking_outbox").columns(["booking_id", "status"]).execute();
  await sql`insert into booking_outbox (id, booking_id, kind, payload, status, created_at, next_attempt_at, attempts)
    select 'pending-mails-' || id, id, 'created', '{}', 'pending', mails_pending_at, mails_pending_at, 0 from bookings where mails_pending_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("booking_outbox").execute();
}
