import { sql, type Kysely } from "kysely";

/**
 * Each car of a party is a leg on the board (issue 32, decision 017): `booking_legs` gets `unit`
 * (1: the booking's own car, 2, 3, …: its further cars in `booking_cars`), and its key becomes
 * (booking, leg, unit), so every car of one booking has its own driver, job link and steps.
 * SQLite cannot change a primary key in place: the table is built anew under another name, its
 * rows copied (all unit 1, the only car there was), the old one dropped and the new one renamed;
 * the same statements run on PostgreSQL.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_legs_by_unit")
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("leg", "text", (c) => c.notNull().check(sql`leg in ('outbound', 'return')`))
    .addColumn("unit", "integer", (c) => c.notNull().defaultTo(1).check(sql`unit >= 1`))
    .addColumn("driver_id", "text", (c) => c.notNull().references("drivers.id"))
    .addColumn("pickup_at", "text", (c) => c.notNull())
    .addColumn("job_nonce", "text", (c) => c.notNull())
    .addColumn("job_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("job_status", "text", (c) => c.notNull().defaultTo("assigned"))
    .addColumn("job_status_at", "text")
    .addColumn("assigned_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("driver_seen_at", "text")
    .addPrimaryKeyConstraint("booking_legs_unit_pk", ["booking_id", "leg", "unit"])
    .execute();
  await sql`insert into booking_legs_by_unit (booking_id, leg, unit, driver_id, pickup_at, job_nonce, job_token_hash, job_status, job_status_at, assigned_at, updated_at, driver_seen_at)
    select booking_id, leg, 1, driver_id, pickup_at, job_nonce, job_token_hash, job_status, job_status_at, assigned_at, updated_at, driver_seen_at from booking_legs`.execute(db);
  await db.schema.dropTable("booking_legs").execute();
  await db.schema.alterTable("booking_legs_by_unit").renameTo("booking_legs").execute();
  await db.schema.createIndex("booking_legs_driver_idx").on("booking_legs").columns(["driver_id", "pickup_at"]).execute();
}

/** Back to one leg per booking and leg (a further car's legs are dropped), rebuilt the same way. */
export async function down(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_legs_one_car")
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
    .addColumn("driver_seen_at", "text")
    .addPrimaryKeyConstraint("booking_legs_one_car_pk", ["booking_id", "leg"])
    .execute();
  await sql`insert into booking_legs_one_car (booking_id, leg, driver_id, pickup_at, job_nonce, job_token_hash, job_status, job_status_at, assigned_at, updated_at, driver_seen_at)
    select booking_id, leg, driver_id, pickup_at, job_nonce, job_token_hash, job_status, job_status_at, assigned_at, updated_at, driver_seen_at from booking_legs where unit = 1`.execute(db);
  await db.schema.dropTable("booking_legs").execute();
  await db.schema.alterTable("booking_legs_one_car").renameTo("booking_legs").execute();
  await db.schema.createIndex("booking_legs_driver_idx").on("booking_legs").columns(["driver_id", "pickup_at"]).execute();
}
