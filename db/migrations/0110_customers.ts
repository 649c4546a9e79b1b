import { sql, type Kysely } from "kysely";

/**
 * The guests the office knows (issue 29): one row per guest, matched from each booking by phone
 * (its digits in the international form the bookings list searches, `phone_key`) or e-mail
 * (`email_key`, lower case): name, contacts, language, notes for drivers, marketing consent, when
 * they last booked and travelled (the retention job reads `last_trip_at`), and when the guest was
 * anonymised (KVKK). One live guest per phone (a unique index on `phone_key` among the rows not
 * anonymised), so two bookings of a new guest at once make one row. Bookings point at their guest
 * (`customer_id`); bookings made before are linked by the app at start-up, through the same
 * matching (app/booking/customers.server.ts `linkUnmatchedBookings`).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("customers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("tr"))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("marketing_consent_at", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_booked_at", "text")
    .addColumn("last_trip_at", "text")
    .addColumn("anonymised_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customers_phone_key_live_idx").on("customers").column("phone_key").unique().where(sql.ref("anonymised_at"), "is", null).execute();
  await db.schema.createIndex("customers_email_key_idx").on("customers").column("email_key").execute();
  await db.schema.createIndex("customers_last_trip_idx").on("customers").column("last_trip_at").execute();
  await db.schema.alterTable("bookings").addColumn("customer_id", "text", (c) => c.references("customers.id").onDelete("set null")).execute();
  await db.schema.createIndex("bookings_customer_idx").on("bookings").columns(["customer_id", "pickup_date"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_customer_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("customer_id").execute();
  await db.schema.dropTable("customers").execute();
}
