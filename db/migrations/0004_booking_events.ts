import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) =>
      c.notNull().check(sql`to_status in ('pending', 'confirmed', 'completed', 'cancelled')`),
    )
    .addColumn("by_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("by_label", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("booking_events_booking_idx")
    .on("booking_events")
    .columns(["booking_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("booking_events").execute();
}
