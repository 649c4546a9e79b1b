import type { Kysely } from "kysely";

/**
 * The audit log filtered by action (e.g. every failed sign-in), newest first, without walking the
 * whole log: (action, at, id). Time, entity and user already have theirs (0047).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "at", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("audit_log_action_idx").execute();
}
