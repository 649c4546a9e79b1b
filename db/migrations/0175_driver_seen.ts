import { sql, type Kysely } from "kysely";

/**
 * The driver app (issue 31): `booking_legs.driver_seen_at` (UTC), when the leg's driver last opened
 * its job sheet. What changed in the booking's history after it is shown as changed on the driver's
 * day; null: not opened since the driver was put on the leg ("Yeni"). Legs assigned before this
 * migration count as seen now, so that the upgrade does not mark every leg new.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("booking_legs").addColumn("driver_seen_at", "text").execute();
  await sql`update booking_legs set driver_seen_at = ${new Date().toISOString()}`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("booking_legs").dropColumn("driver_seen_at").execute();
}
