/**
 * What the office maintains and almost every request reads (the settings; zones, route fares and
 * extras for a price), kept in memory and read again exactly when one of its tables changed: the
 * page cache's invalidation (table-watch) applied to reads. A booking read the settings five times
 * and the pricing tables once, a quarter of its statements (issue 17).
 *
 * Only the database handle itself keeps reads: inside a transaction (or on a handle without a
 * change feed) every call reads the database. Nothing is kept while the feed cannot be trusted to
 * name every change (see `TableChanges.fresh`): on PostgreSQL, when the instance does not hear the
 * others (no LISTEN connection: scripts, or while it reconnects). A change made behind the app's
 * back on PostgreSQL (psql) is seen after a restart, as for the page cache.
 */
import { currentReadScope, feedOf } from "./table-watch.server";

interface Kept {
  /** the feed's position when the read started: a change after it makes the value stale */
  seq: number;
  value: Promise<unknown>;
}

const kept = new WeakMap<object, Map<string, Kept>>();

/** Freezes a kept value through and through: it is shared, so a caller that changed it would change everyone's. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  const inner = value instanceof Map ? [...value.keys(), ...value.values()] : Object.values(value);
  for (const v of inner) deepFreeze(v);
  return Object.freeze(value);
}

/**
 * `read()`'s value, kept per database handle and `key` until one of `tables` changes. The value is
 * shared by every caller and frozen (a change to it throws): callers copy what they change.
 */
export function keptRead<T>(kysely: object, key: string, tables: readonly string[], read: () => Promise<T>): Promise<T> {
  // What is answered from here was read all the same: a page kept by the page cache depends on it.
  const scope = currentReadScope();
  if (scope) for (const table of tables) scope.tables.add(table);
  const feed = feedOf(kysely);
  if (!feed || !feed.fresh()) return read();
  let entries = kept.get(kysely);
  if (!entries) kept.set(kysely, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && !feed.since(hit.seq, tables)) return hit.value as Promise<T>;
  const entry: Kept = { seq: feed.now(), value: read().then(deepFreeze) };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value as Promise<T>;
}
