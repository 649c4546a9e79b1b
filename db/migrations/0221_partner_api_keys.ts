import type { Kysely } from "kysely";

/**
 * Partners' API keys and the commission on their bookings (issue 33). A key is shown once and
 * stored as its SHA-256 (`key_hash`, unique: the key is 32 random bytes, so a fast hash is enough);
 * `prefix` is the key's first characters, shown in lists so the partner knows which is which. A key
 * is revoked, never deleted (`revoked_at`), and remembers when it was last used. A booking a
 * partner made keeps the commission it earned at the time (`partner_commission`, kuruş): the
 * partner's later change of rate does not rewrite its past bookings.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("partner_api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("partner_id", "text", (c) => c.notNull().references("partners.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("partner_api_keys_hash_idx").on("partner_api_keys").column("key_hash").unique().execute();
  await db.schema.createIndex("partner_api_keys_partner_idx").on("partner_api_keys").columns(["partner_id", "created_at"]).execute();
  await db.schema.alterTable("bookings").addColumn("partner_commission", "integer", (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").dropColumn("partner_commission").execute();
  await db.schema.dropTable("partner_api_keys").execute();
}
