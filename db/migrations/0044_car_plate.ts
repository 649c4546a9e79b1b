import type { Kysely } from "kysely";

/**
 * A car's plate number and colour (issue 15), told to the customer when a driver is assigned;
 * null when not entered.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("cars").addColumn("plate_number", "text").execute();
  await db.schema.alterTable("cars").addColumn("colour", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("cars").dropColumn("colour").execute();
  await db.schema.alterTable("cars").dropColumn("plate_number").execute();
}
