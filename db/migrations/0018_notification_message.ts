import type { Kysely } from "kysely";

/**
 * The notices the app writes itself also keep their text as admin-catalogue keys and values
 * (JSON), so they are shown in the admin language; null for free text and for older rows.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("notifications").addColumn("message", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("notifications").dropColumn("message").execute();
}
