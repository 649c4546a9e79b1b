import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * Partners' own users (issue 33): a hotel desk's or an agency's staff sign in to the partner portal
 * with the role `partner`, tied to their partner by `partner_id` (null for the office's staff and
 * drivers). A partner user sees only the bookings of their `partner_id`.
 *
 * The role's CHECK constraint gains "partner". PostgreSQL swaps the constraint; SQLite cannot alter
 * one, so the users table is rebuilt with foreign keys off (SQLite's documented procedure, as 0042
 * did; the migrator runs SQLite migrations outside a transaction, where the pragma takes effect),
 * this time with the new column in it.
 */
const ROLES = sql`role in ('admin', 'dispatcher', 'driver', 'partner')`;

async function rebuildSqliteUsers(db: Kysely<unknown>) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable("users_new")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("email_normalized", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull().defaultTo("driver").check(ROLES))
      .addColumn("totp_secret", "text")
      .addColumn("totp_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("last_login_at", "text")
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("deactivated_at", "text")
      .addColumn("partner_id", "text", (c) => c.references("partners.id"))
      .execute();
    await sql`insert into users_new (id, email, email_normalized, name, phone, password_hash, role, totp_secret, totp_enabled, created_at, updated_at, last_login_at, active, deactivated_at)
      select id, email, email_normalized, name, phone, password_hash, role, totp_secret, totp_enabled, created_at, updated_at, last_login_at, active, deactivated_at from users`.execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_new rename to users`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the users rebuild: ${JSON.stringify(broken.rows.slice(0, 3))}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await rebuildSqliteUsers(db);
  else {
    await db.schema.alterTable("users").addColumn("partner_id", "text", (c) => c.references("partners.id")).execute();
    await sql`alter table users drop constraint if exists users_role_check`.execute(db);
    await sql`alter table users add constraint users_role_check check (${ROLES})`.execute(db);
  }
  await db.schema.createIndex("users_partner_idx").on("users").column("partner_id").execute();
}

/** Partner users cannot exist without their role: they are removed with it. */
export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("users_partner_idx").execute();
  await sql`delete from sessions where user_id in (select id from users where role = 'partner')`.execute(db);
  await sql`delete from users where role = 'partner'`.execute(db);
  await db.schema.alterTable("users").dropColumn("partner_id").execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table users drop constraint if exists users_role_check`.execute(db);
    await sql`alter table users add constraint users_role_check check (role in ('admin', 'dispatcher', 'driver'))`.execute(db);
  }
}
