import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("access_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("trip_type", "text", (c) => c.notNull().check(sql`trip_type in ('oneWay', 'roundTrip')`))
    .addColumn("pickup_location", "text", (c) => c.notNull())
    .addColumn("dropoff_location", "text", (c) => c.notNull())
    .addColumn("pickup_lat", "double precision")
    .addColumn("pickup_lng", "double precision")
    .addColumn("dropoff_lat", "double precision")
    .addColumn("dropoff_lng", "double precision")
    .addColumn("pickup_date", "text", (c) => c.notNull())
    .addColumn("return_pickup_location", "text")
    .addColumn("return_dropoff_location", "text")
    .addColumn("return_pickup_lat", "double precision")
    .addColumn("return_pickup_lng", "double precision")
    .addColumn("return_dropoff_lat", "double precision")
    .addColumn("return_dropoff_lng", "double precision")
    .addColumn("return_date", "text")
    .addColumn("passengers", "integer", (c) => c.notNull().check(sql`passengers between 1 and 60`))
    .addColumn("luggage", "integer")
    .addColumn("car_id", "text", (c) => c.references("cars.id").onDelete("restrict"))
    .addColumn("car_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("flight_number", "text")
    .addColumn("total_distance", "double precision", (c) => c.notNull())
    .addColumn("total_duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn("rate_per_km", "integer", (c) => c.notNull())
    .addColumn("minimum_applied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("distance_details", "text", (c) => c.notNull())
    .addColumn("route_source", "text", (c) => c.notNull().defaultTo("builtin"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'confirmed', 'completed', 'cancelled')`),
    )
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("consent_at", "text")
    .addColumn("client_ip", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_created_idx").on("bookings").columns(["created_at"]).execute();
  await db.schema.createIndex("bookings_status_created_idx").on("bookings").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("bookings_pickup_date_idx").on("bookings").columns(["pickup_date"]).execute();
  await db.schema.createIndex("bookings_car_idx").on("bookings").columns(["car_id"]).execute();
  await db.schema.createIndex("bookings_email_idx").on("bookings").columns(["email"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("bookings").execute();
}
