import type { Kysely } from "kysely";

/**
 * Staff accounts can be switched off (issue 15): `active` 0 refuses sign-in and ends every session
 * at once; `deactivated_at` says since when.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("users").addColumn("active", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("deactivated_at").execute();
  await db.schema.alterTable("users").dropColumn("active").execute();
}
