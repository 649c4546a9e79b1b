import { sql, type Kysely } from "kysely";

/**
 * A partner's net-rate rule (issue 33). `partners.rate_rule` says how a partner earns:
 * "commission" (the default, `commission_bp` off the public price) or "net" (its own fares: it
 * earns the public price less its net price). `partner_net_rates` holds those fares, kuruş: a row
 * with `route_fare_id` is the partner's fare on that public route fare for one car category; a row
 * without is the category's net rate per km (a trip no route fare covers) and per hour (hourly
 * hire). A route fare deleted takes the partner's fares on it along; a partner is never deleted.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("partners").addColumn("rate_rule", "text", (c) => c.notNull().defaultTo("commission")).execute();
  await db.schema
    .createTable("partner_net_rates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("partner_id", "text", (c) => c.notNull().references("partners.id").onDelete("cascade"))
    .addColumn("route_fare_id", "text", (c) => c.references("route_fares.id").onDelete("cascade"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("fare", "integer")
    .addColumn("per_km", "integer")
    .addColumn("per_hour", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("partner_net_rates_fare_idx")
    .on("partner_net_rates")
    .columns(["partner_id", "route_fare_id", "category"])
    .unique()
    .where(sql.ref("route_fare_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("partner_net_rates_category_idx")
    .on("partner_net_rates")
    .columns(["partner_id", "category"])
    .unique()
    .where(sql.ref("route_fare_id"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("partner_net_rates").execute();
  await db.schema.alterTable("partners").dropColumn("rate_rule").execute();
}
