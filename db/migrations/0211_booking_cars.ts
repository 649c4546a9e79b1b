import { sql, type Kysely } from "kysely";

/**
 * A party in several cars (issue 32, decision 017): one booking, one reference, one price, and its
 * cars after the first (the booking's own `car_id`, unit 1) as units 2, 3, … of the same trip,
 * each with the car's name when booked, how many of the party ride in it and its part of the
 * price (kuruş, the transport only: extras are the booking's). Each car is a leg of its own on
 * the board.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_cars")
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("unit", "integer", (c) => c.notNull().check(sql`unit >= 2`))
    .addColumn("car_id", "text", (c) => c.notNull().references("cars.id").onDelete("restrict"))
    .addColumn("car_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("passengers", "integer", (c) => c.notNull())
    .addColumn("luggage", "integer")
    .addColumn("price", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("booking_cars_pk", ["booking_id", "unit"])
    .execute();
  await db.schema.createIndex("booking_cars_car_idx").on("booking_cars").columns(["car_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("booking_cars").execute();
}
