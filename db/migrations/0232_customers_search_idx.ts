import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A text index on `customers.search_text` (issue 34: the customer list at 100,000 guests), as
 * migration 0061 gave the bookings, so a search for a name, an e-mail or a phone finds its guests
 * without reading every guest's text:
 * - SQLite: an FTS5 table with the trigram tokenizer over the folded text (an external-content
 *   index on `customers.rowid`, kept in step by triggers on insert, deletion and a changed text);
 *   searches of three characters or more take their candidates from it, and `like` still decides.
 * - PostgreSQL: a GIN trigram index (pg_trgm, created by 0061), which the planner uses for
 *   `like '%…%'` by itself.
 * Existing guests are indexed here.
 */
export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ nspname: string }>`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = rows[0]?.nspname;
    if (!schema) throw new Error("pg_trgm is missing (migration 0061 creates it)");
    await sql`create index customers_search_trgm_idx on customers using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table customers_fts using fts5(search_text, content = 'customers', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1', columnsize = 0)`.execute(db);
  await sql`
    create trigger customers_fts_insert after insert on customers begin
      insert into customers_fts (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`
    create trigger customers_fts_delete after delete on customers begin
      insert into customers_fts (customers_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
  await sql`
    create trigger customers_fts_update after update of search_text on customers when old.search_text <> new.search_text begin
      insert into customers_fts (customers_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into customers_fts (rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  await sql`insert into customers_fts (customers_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index customers_search_trgm_idx`.execute(db);
    return;
  }
  for (const name of ["customers_fts_insert", "customers_fts_delete", "customers_fts_update"]) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  await sql`drop table customers_fts`.execute(db);
}
