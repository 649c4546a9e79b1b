import type { Kysely } from "kysely";

/**
 * Partners' webhooks (issue 33): the URLs a partner registers, with the booking events each one
 * hears (`events`, a JSON list) and the secret its deliveries are signed with (`secret`, kept in
 * clear: it is needed to sign, and shown to whoever manages the webhook). A webhook is switched off
 * (`active` 0) or deleted (`deleted_at`), never removed, so its delivery log stays.
 *
 * `partner_webhook_deliveries` is the webhooks' outbox and log: one row per webhook and event
 * (`event_id`, unique per webhook, so an event handled twice queues nothing twice; a replay has a
 * key of its own), the exact body sent (`payload`), and its fate: pending, delivered or failed,
 * with attempts, the next try, a lease (`locked_until`) and the last answer's status, time and error.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("partner_webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("partner_id", "text", (c) => c.notNull().references("partners.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("events", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("partner_webhooks_partner_idx").on("partner_webhooks").columns(["partner_id", "created_at"]).execute();

  await db.schema
    .createTable("partner_webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("webhook_id", "text", (c) => c.notNull().references("partner_webhooks.id").onDelete("cascade"))
    .addColumn("partner_id", "text", (c) => c.notNull())
    // no foreign key: a deleted booking's deliveries stay in the log
    .addColumn("booking_id", "text")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("replay_of", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("last_duration_ms", "integer")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("partner_webhook_deliveries_event_idx").on("partner_webhook_deliveries").columns(["webhook_id", "event_id"]).unique().execute();
  await db.schema.createIndex("partner_webhook_deliveries_log_idx").on("partner_webhook_deliveries").columns(["webhook_id", "created_at"]).execute();
  await db.schema.createIndex("partner_webhook_deliveries_due_idx").on("partner_webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_webhook_deliveries").execute();
  await db.schema.dropTable("partner_webhooks").execute();
}
