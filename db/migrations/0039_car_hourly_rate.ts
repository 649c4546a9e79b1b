import type { Kysely } from "kysely";

/** A car's rate for hourly hire, kuruş per hour (issue 14); null: not hired by the hour. */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("cars").addColumn("price_per_hour", "integer").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("cars").dropColumn("price_per_hour").execute();
}
