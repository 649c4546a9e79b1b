import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A real text index on `bookings.search_text` (issue 17), so a search over all dates finds its
 * rows without reading the whole table. The text stays the app's folded, Turkish-insensitive form
 * (app/utils/search-text.ts); both indexes find substrings of it, as `like '%…%'` does.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer (case-sensitive: the text and the query are
 *   folded by the app already, so a match is a byte-exact substring), an external-content index
 *   on `bookings.rowid` kept in step by triggers on insert, deletion and a changed search text.
 *   Queries of three characters or more use it; the list still checks `like` on the found rows.
 *   A rowid only changes by VACUUM on a table without an integer key; after one, rebuild with
 *   `insert into bookings_fts(bookings_fts) values ('rebuild')`.
 * - PostgreSQL: `pg_trgm` and a GIN trigram index, which the planner uses for `like '%…%'`.
 *   The extension is database-wide: created once (in `public` when there is one), under an
 *   advisory lock so schemas migrated at the same time do not race to create it.
 *
 * Existing rows are indexed here (FTS5's rebuild; PostgreSQL's index build). SQLite also gets
 * (status, search_text), so a search with a status filter is counted from one index.
 */
export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(1700017061)`.execute(db);
    let schema = await trgmSchema(db);
    if (!schema) {
      const publicSchema = await sql<{ n: number }>`select 1 as n from pg_namespace where nspname = 'public'`.execute(db);
      await (publicSchema.rows.length ? sql`create extension if not exists pg_trgm schema public` : sql`create extension if not exists pg_trgm`).execute(db);
      schema = await trgmSchema(db);
    }
    await sql`create index bookings_search_trgm_idx on bookings using gin (search_text ${sql.id(schema!)}.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table bookings_fts using fts5(search_text, content = 'bookings', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1', columnsize = 0)`.execute(db);
  await sql`
    create trigger bookings_fts_insert after insert on bookings begin
      insert into bookings_fts (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`
    create trigger bookings_fts_delete after delete on bookings begin
      insert into bookings_fts (bookings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`
    create trigger bookings_fts_update after update of search_text on bookings when old.search_text <> new.search_text begin
      insert into bookings_fts (bookings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into bookings_fts (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`insert into bookings_fts (bookings_fts) values ('rebuild')`.execute(db);
  // A common word with a status ("şahin", confirmed) is counted from this index alone, without
  // reading the status's rows one by one (PostgreSQL combines its trigram and status indexes).
  await db.schema.createIndex("bookings_status_search_idx").on("bookings").columns(["status", "search_text"]).execute();
}

async function trgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ nspname: string }>`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.nspname;
}

export async function down(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // the extension stays: other schemas of the database may use it
    await sql`drop index bookings_search_trgm_idx`.execute(db);
    return;
  }
  await db.schema.dropIndex("bookings_status_search_idx").execute();
  for (const name of ["bookings_fts_insert", "bookings_fts_delete", "bookings_fts_update"]) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  await sql`drop table bookings_fts`.execute(db);
}
