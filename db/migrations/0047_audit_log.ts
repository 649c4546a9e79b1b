import type { Kysely } from "kysely";

/**
 * The audit log (issue 15): every change of data by staff, every sign-in and failed sign-in, with
 * who (`user_id` and the name or e-mail at the time, kept if the account goes), when, what
 * (`action` such as "booking.update", the `entity` and its id, a one-line `summary` of raw values)
 * and the details as JSON; `ip` of the request when known.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("user_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "at"]).execute();
  await db.schema.createIndex("audit_log_user_idx").on("audit_log").columns(["user_id", "at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("audit_log").execute();
}
