import { sql, type Kysely } from "kysely";

/**
 * A leg's driver and job (issue 15), one row per assigned leg (`leg` outbound | return): the driver,
 * the private job link (`job_token_hash`: SHA-256 of the token; the token itself is derived from
 * `job_nonce` with the server's secret, so the office can show the link again, and a new nonce on
 * reassignment revokes the old link), and the driver's last reported step with its time.
 * `pickup_at` copies the leg's pickup so a driver's legs are found by time without a join.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_legs")
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("leg", "text", (c) => c.notNull().check(sql`leg in ('outbound', 'return')`))
    .addColumn("driver_id", "text", (c) => c.notNull().references("drivers.id"))
    .addColumn("pickup_at", "text", (c) => c.notNull())
    .addColumn("job_nonce", "text", (c) => c.notNull())
    .addColumn("job_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("job_status", "text", (c) => c.notNull().defaultTo("assigned"))
    .addColumn("job_status_at", "text")
    .addColumn("assigned_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("booking_legs_pk", ["booking_id", "leg"])
    .execute();
  await db.schema.createIndex("booking_legs_driver_idx").on("booking_legs").columns(["driver_id", "pickup_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("booking_legs").execute();
}
