import type { Kysely } from "kysely";

/**
 * The driver's consent to share the phone's position with their steps (issue 31): when they gave
 * it from a job link (null: not given, or taken back). Without it no position is stored.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("drivers").addColumn("position_consent_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("drivers").dropColumn("position_consent_at").execute();
}
