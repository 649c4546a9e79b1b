import type { Kysely } from "kysely";

/**
 * The audit log's free-text search (issue 15): `search_text` holds who and the summary folded as
 * ~/utils/search-text folds them (Turkish letters, case, accents), written by recordAudit, so
 * `/admin/audit?q=` matches "İsmail" with "ismail" on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("audit_log").addColumn("search_text", "text", (c) => c.notNull().defaultTo("")).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("audit_log").dropColumn("search_text").execute();
}
