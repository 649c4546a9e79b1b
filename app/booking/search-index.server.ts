/**
 * The bookings' text index (issue 17, migration 0061): on SQLite an FTS5 trigram table over
 * `bookings.search_text`, on PostgreSQL a pg_trgm GIN index that serves `like '%…%'` by itself.
 * `bookingTextMatch` is the condition every booking search uses: the index finds the candidate
 * rows where it can, and `like` on the folded text still decides, so the matches are exactly
 * those of a plain `like` scan.
 */
import { sql, SqliteAdapter, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/server/db/schema";
import { foldSearchText, likePattern, phoneQueryDigits, trigramMatchQuery } from "~/utils/search-text";
import { countBookingsWhere } from "./store/bookings.server";

/**
 * The FTS5 query for rows whose search text holds one of the folded substrings, on SQLite; null on
 * PostgreSQL and for a substring the trigram index cannot look up (see `trigramMatchQuery`).
 */
export function textIndexQuery(db: Kysely<Database>, substrings: string[]): string | null {
  return db.getExecutor().adapter instanceof SqliteAdapter ? trigramMatchQuery(substrings) : null;
}

/**
 * How a text search reads the bookings. On SQLite, decided per query by counting its matches
 * first (by the trigram index, which finds exactly the rows `like` does; `like` for what it cannot
 * look up):
 * - `index`: few matches (up to BROAD_MATCHES): the index lists them, the page sorts them;
 * - `scan`: few matches of a query under three characters: read from the search index and sorted;
 * - `broad`: a common word (a name, a place): most pages of the date-ordered list hold matches,
 *   so the page walks the date index and checks the text row by row.
 * On PostgreSQL, `planner`: nothing is counted ahead; the page is asked in date order and the
 * planner picks the trigram index (few matches) or the date walk (many) from its statistics.
 * `matches` is the number of bookings the text alone matches; null when not counted.
 */
export type TextPlan = { kind: "index" | "scan" | "broad"; matches: number } | { kind: "planner"; matches: null };

export const BROAD_MATCHES = 5_000;

function matchTerms(q: string) {
  const typed = likePattern(q);
  const phone = phoneQueryDigits(q);
  const digits = phone && `%${phone}%` !== typed ? phone : null;
  return { typed, digits, substrings: digits ? [foldSearchText(q), digits] : [foldSearchText(q)] };
}

export async function planTextSearch(db: Kysely<Database>, q: string, options: { escape?: boolean } = {}): Promise<TextPlan> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return { kind: "planner", matches: null };
  let ftsQuery = trigramMatchQuery(matchTerms(q).substrings);
  const indexed = ftsQuery
    ? // a database not migrated to 0061 yet (or migrated back below it) has no index: `like` then
      await sql<{ n: number | string }>`select count(*) as n from bookings_fts where bookings_fts match ${ftsQuery}`.execute(db).then(
        (r) => r.rows[0],
        (error: unknown) => {
          if (error instanceof Error && /no such table: bookings_fts/.test(error.message)) return undefined;
          throw error;
        },
      )
    : undefined;
  if (!indexed) ftsQuery = null;
  const counted = indexed ?? (await countBookingsWhere(db, bookingTextMatch(db, q, options)));
  const matches = Number(counted?.n ?? 0);
  return { kind: matches > BROAD_MATCHES ? "broad" : ftsQuery ? "index" : "scan", matches };
}

/**
 * A booking matches a query when its folded search text holds the folded query, or, for a query
 * that reads as a phone number ("0532 123 45 67", "+90 532…", "532 123 4567"), its international
 * digits (every stored phone carries them; the text as typed still matches too: digits in a name,
 * a reference or an address). With the `index` plan the trigram index lists the candidates first
 * and `like` still decides. `escape` adds LIKE's `escape '\'` (the top bar's search has always
 * used it; the list's plain `like` is kept as it was).
 */
export function bookingTextMatch(db: Kysely<Database>, q: string, options: { plan?: TextPlan; escape?: boolean } = {}) {
  const { typed, digits, substrings } = matchTerms(q);
  const ftsQuery = options.plan?.kind === "index" ? textIndexQuery(db, substrings) : null;
  return (eb: ExpressionBuilder<Database, "bookings">): Expression<SqlBool> => {
    const like = (pattern: string) =>
      options.escape ? sql<SqlBool>`${sql.ref("bookings.search_text")} like ${pattern} escape '\\'` : eb("bookings.search_text", "like", pattern);
    const text = digits ? eb.or([like(typed), like(`%${digits}%`)]) : like(typed);
    return ftsQuery ? eb.and([sql<SqlBool>`bookings.rowid in (select rowid from bookings_fts where bookings_fts match ${ftsQuery})`, text]) : text;
  };
}
