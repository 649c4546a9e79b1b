import { sql, type Kysely } from "kysely";

/**
 * Partners (issue 33): the hotels, travel agencies, tour operators and resellers who sell our
 * transfers. One row per partner: a short `code` (unique, upper case; the deep link's
 * `?partner=CODE`), its kind, a contact, the language its copies and statements are written in,
 * its rule (`commission_bp`: basis points off the public price, 1250 = 12.5 %), its credit terms
 * (the guest pays on arrival, or the partner is invoiced monthly), and whether it is active.
 * Bookings point at the partner that sold them (`partner_id`); a partner with bookings is
 * deactivated, never deleted.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("partners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("contact_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("commission_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("credit_terms", "text", (c) => c.notNull().defaultTo("guest_pays"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("partners_code_idx").on("partners").column("code").unique().execute();
  await db.schema.createIndex("partners_name_idx").on("partners").column("name").execute();
  await db.schema.alterTable("bookings").addColumn("partner_id", "text", (c) => c.references("partners.id").onDelete("restrict")).execute();
  await db.schema
    .createIndex("bookings_partner_idx")
    .on("bookings")
    .columns(["partner_id", "pickup_date"])
    .where(sql.ref("partner_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_partner_idx").execute();
  await db.schema.alterTable("bookings").dropColumn("partner_id").execute();
  await db.schema.dropTable("partners").execute();
}
