import { type Kysely } from "kysely";

/**
 * The job links of legs whose driver was released because the booking was cancelled (issue 27).
 * Cancelling deletes the leg's booking_legs row, so the driver is off the leg everywhere (their
 * trips, the dispatch board, availability, the guest's page) without any reader filtering; this
 * row only lets the old link say "the booking was cancelled" instead of "not found". It keeps the
 * link's SHA-256 (as booking_legs did), never the guest's data.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("released_job_links")
    .addColumn("job_token_hash", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("leg", "text", (c) => c.notNull())
    .addColumn("released_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("released_job_links_booking_idx").on("released_job_links").column("booking_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("released_job_links").execute();
}
