/**
 * Which errors mean "the database is not there right now" (down, unreachable, too slow, out of
 * disk, read-only) rather than a bug or bad input. Those are answered 503 with Retry-After: the
 * visitor can try again in a moment; anything else stays a 500.
 */

/** Seconds a client is asked to wait before retrying after a database failure. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

// Node's socket errors seen by pg when the server is gone or the network drops.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// PostgreSQL SQLSTATEs: 08 connection exception, 53 insufficient resources (disk full, out of
// memory, too many connections), 57014 statement timeout / cancel, 57P01–57P05 shutdown and
// crash recovery, 25006 read-only transaction (a standby), 25P03 idle-in-transaction timeout.
const PG_STATES = /^(08|53|57014$|57P0[1-5]$|25006$|25P03$)/;

// SQLite result codes (better-sqlite3 gives extended codes such as SQLITE_IOERR_WRITE).
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|BUSY|LOCKED|IOERR|CANTOPEN|NOMEM|PROTOCOL)(_|$)/;

// Messages of pg, pg-pool, Kysely and better-sqlite3 that carry no code.
const MESSAGES = [
  /^Query read timeout$/,
  /timeout exceeded when trying to connect/i,
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool$/,
  /^driver has already been destroyed$/,
  /^The database connection is not open$/,
  // SQLite rolls a transaction back by itself on SQLITE_FULL, IOERR, BUSY or NOMEM; Kysely's own
  // rollback then fails with this and the original error is lost. Nothing else causes it.
  /^cannot rollback - no transaction is active$/,
];

/** True when `error` (or an error it wraps as `cause`) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || SQLITE_CODES.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_STATES.test(code)) return true;
  }
  if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** What a log line says about a database failure: the code and message, no stack, no values. */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  if (!error || typeof error !== "object") return { message: String(error) };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === "string" ? { code } : {}),
    message: typeof message === "string" ? message.slice(0, 300) : "database error",
  };
}
