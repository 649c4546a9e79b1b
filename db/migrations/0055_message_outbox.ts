import { sql, type Kysely } from "kysely";

/**
 * Guest messages by WhatsApp and SMS (issue 16): the outbox the messaging worker delivers, like
 * mail_outbox, plus the provider's message id and the delivery status its webhooks report
 * (sent → delivered → read, or failed). `dedupe_key` ({kind}:{bookingId}:{channel}:{event}) makes
 * an event queue once.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("message_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('whatsapp', 'sms')`))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("booking_id", "text", (c) => c.references("bookings.id").onDelete("cascade"))
    .addColumn("to_number", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("template_name", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'delivered', 'read', 'failed')`),
    )
    .addColumn("provider_message_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("message_outbox_due_idx").on("message_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("message_outbox_booking_idx").on("message_outbox").columns(["booking_id", "created_at"]).execute();
  await db.schema.createIndex("message_outbox_provider_idx").on("message_outbox").columns(["provider_message_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("message_outbox").execute();
}
