/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every app instance
 * counts the same attempts. One atomic upsert per hit on SQLite and PostgreSQL alike.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./db/schema";

export interface RateLimitRule {
  /** how many hits a window allows */
  limit: number;
  /** window length in milliseconds */
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** seconds until the window resets (0 when allowed) */
  retryAfter: number;
}

/** The rule's arithmetic, pure: what a hit at `now` means for a window that started at `windowStart`. */
export function evaluateWindow(count: number, windowStart: Date, now: Date, rule: RateLimitRule): RateLimitResult {
  const resetAt = windowStart.getTime() + rule.windowMs;
  const allowed = count <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/** Counts one hit for `key` and says whether it is within the rule. */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  return (await countHit(db, key, rule, now)).result;
}

/** `hitRateLimit` with the window's count after this hit (the hit that crosses the limit is `limit + 1`). */
export async function countHit(db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date = new Date()): Promise<{ count: number; result: RateLimitResult }> {
  const at = now.toISOString();
  const expiredBefore = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, window_start: at })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${expiredBefore} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${expiredBefore} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { count, result: evaluateWindow(count, new Date(row.window_start), now, rule) };
}

/** Forgets the hits for `key` (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Kysely<Database>, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Removes windows that ended long ago; called from the periodic maintenance. */
export async function pruneRateLimits(db: Kysely<Database>, olderThan: Date) {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}

/** Where `key` stands in its window without counting a hit: throttled when it is already past the rule. */
export async function peekRateLimit(db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date = new Date()): Promise<RateLimitResult> {
  const row = await db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key).executeTakeFirst();
  if (!row || new Date(row.window_start).getTime() + rule.windowMs <= now.getTime()) return { allowed: true, remaining: rule.limit, retryAfter: 0 };
  return evaluateWindow(Number(row.count), new Date(row.window_start), now, rule);
}
