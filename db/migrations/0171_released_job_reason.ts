import type { Kysely } from "kysely";

/**
 * Why a job link was released (issue 31): `cancelled` (the booking was cancelled, issue 27) or
 * `declined` (the driver turned the job down from the link). The old link then says which.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("released_job_links").addColumn("reason", "text", (c) => c.notNull().defaultTo("cancelled")).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("released_job_links").dropColumn("reason").execute();
}
