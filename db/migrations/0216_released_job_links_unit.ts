import { sql, type Kysely } from "kysely";

/** A released job link names the car's leg it was for (issue 32): `released_job_links.unit`, 1 for every link before. */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("released_job_links").addColumn("unit", "integer", (c) => c.notNull().defaultTo(1).check(sql`unit >= 1`)).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("released_job_links").dropColumn("unit").execute();
}
