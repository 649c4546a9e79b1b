import { sql, type Kysely } from "kysely";

/** A step is reported on one car's leg (issue 32): `leg_steps.unit`, 1 for every step before (one car a booking). */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("leg_steps").addColumn("unit", "integer", (c) => c.notNull().defaultTo(1).check(sql`unit >= 1`)).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("leg_steps").dropColumn("unit").execute();
}
