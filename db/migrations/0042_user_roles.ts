import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The roles become admin, dispatcher and driver (issue 15). The old "user" role could open nothing;
 * it becomes "driver", the role with the least reach, so no account gains access by the change.
 *
 * The role's CHECK constraint changes with them. PostgreSQL swaps the constraint; SQLite cannot
 * alter one, so the table is rebuilt with foreign keys off (SQLite's documented procedure; the
 * migrator runs SQLite migrations outside a transaction, where the pragma takes effect) and the
 * tables that reference users keep pointing at it by name.
 */
const ROLE_CHECK = sql`role in ('admin', 'dispatcher', 'driver')`;
/** 0002's roles, for the way down. */
const OLD_ROLE_CHECK = sql`role in ('admin', 'user')`;

/** Rebuilds SQLite's users table with another role check and default (foreign keys off meanwhile). */
async function rebuildSqliteUsers(db: Kysely<unknown>, check: ReturnType<typeof sql>, defaultRole: string) {
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
      .addColumn("role", "text", (c) => c.notNull().defaultTo(defaultRole).check(check))
      .addColumn("totp_secret", "text")
      .addColumn("totp_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("last_login_at", "text")
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("deactivated_at", "text")
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

async function setRoleCheck(db: Kysely<unknown>, check: ReturnType<typeof sql>, defaultRole: string) {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return rebuildSqliteUsers(db, check, defaultRole);
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (${check})`.execute(db);
  await sql`alter table users alter column role set default ${sql.lit(defaultRole)}`.execute(db);
}

export async function up(db: Kysely<unknown>) {
  await sql`update users set role = 'driver' where role not in ('admin', 'dispatcher', 'driver')`.execute(db);
  await setRoleCheck(db, ROLE_CHECK, "driver");
}

/** Back to admin and user: dispatchers and drivers become "user", the role that opened nothing. */
export async function down(db: Kysely<unknown>) {
  await sql`update users set role = 'user' where role <> 'admin'`.execute(db);
  await setRoleCheck(db, OLD_ROLE_CHECK, "user");
}
