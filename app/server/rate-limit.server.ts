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
  return evaluateWindow(Number(row.count), new Date(row.window_start), now, rule);
}

/** Forgets the hits for `key` (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Kysely<Database>, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Removes windows that ended long ago; called from the periodic maintenance. */
export async function pruneRateLimits(db: Kysely<Database>, olderThan: Date) {
  await db.deleteFrom("rate_limits").where("window_start", "<", olderThan.toISOString()).execute();
}
