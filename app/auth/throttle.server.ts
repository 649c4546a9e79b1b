/**
 * Sign-in throttling without locking the office out (table login_throttle, shared by every app
 * instance). Failed passwords are counted three ways:
 * - per (account, address) pair: after PAIR_RULE.free failures that address waits for that
 *   account, 30 s, then twice as long after each further failure, up to 15 minutes;
 * - per address, across accounts (IP_RULE): one address guessing many accounts slows down;
 * - per account, across addresses (ACCOUNT_RULE): a distributed guess slows down, but only for the
 *   addresses that have failed on that account. An address that has not failed still signs in with
 *   the right password at once, so nobody can lock the real admin out.
 * Failures are forgotten after FORGET_AFTER_MS without one; a right password clears its pair and
 * the account's count. Every new lock is logged (warn) with account, address and until.
 */
import { sql, type Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/server/db/schema";
import { logAccount } from "./log-account.server";

export interface ThrottleRule {
  /** failures allowed before the first wait */
  free: number;
  /** the first wait, doubled for each further failure */
  baseSeconds: number;
  maxSeconds: number;
}

export const PAIR_RULE: ThrottleRule = { free: 3, baseSeconds: 30, maxSeconds: 15 * 60 };
/** An office shares one address: more room before the address as a whole slows down. */
export const IP_RULE: ThrottleRule = { free: 20, baseSeconds: 30, maxSeconds: 15 * 60 };
export const ACCOUNT_RULE: ThrottleRule = { free: 10, baseSeconds: 30, maxSeconds: 15 * 60 };
export const FORGET_AFTER_MS = 24 * 3600_000;

type Scope = "pair" | "ip" | "acct";

/** Seconds to wait after the `failures`-th failure under `rule` (0 while under the free count). */
export function throttleDelay(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(failures - rule.free, 20));
}

const keys = (account: string, address: string) => ({
  pair: `pair:${account}|${address}`,
  ip: `ip:${address}`,
  acct: `acct:${account}`,
});

const secondsUntil = (until: string | null | undefined, now: Date) =>
  until && until > now.toISOString() ? Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : 0;

/** Seconds `address` must wait before trying `account` again; 0 when it may try now. */
export async function throttleWait(db: Kysely<Database>, account: string, address: string, now = new Date()): Promise<number> {
  const k = keys(account, address);
  const rows = await db
    .selectFrom("login_throttle")
    .select(["key", "failures", "last_failure_at", "locked_until"])
    .where("key", "in", [k.pair, k.ip, k.acct])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const pair = byKey.get(k.pair);
  const pairHasFailed = Boolean(pair && pair.last_failure_at > forgetBefore && Number(pair.failures) > 0);
  return Math.max(
    secondsUntil(pair?.locked_until, now),
    secondsUntil(byKey.get(k.ip)?.locked_until, now),
    // the account-wide slow-down applies only to addresses that have failed on this account
    pairHasFailed ? secondsUntil(byKey.get(k.acct)?.locked_until, now) : 0,
  );
}

async function countFailure(db: Kysely<Database>, key: string, scope: Scope, account: string | null, address: string | null, now: Date) {
  const at = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key, scope, account, address, failures: 1, last_failure_at: at, locked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttle.last_failure_at <= ${forgetBefore} then 1 else login_throttle.failures + 1 end`,
        last_failure_at: at,
      }),
    )
    .returning(["failures"])
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/** Counts a wrong password of `address` for `account`; sets (and logs) the waits it earns. */
export async function recordLoginFailure(db: Kysely<Database>, account: string, address: string, log?: Logger, now = new Date()): Promise<void> {
  const k = keys(account, address);
  const counted: Array<[Scope, string, ThrottleRule]> = [
    ["pair", k.pair, PAIR_RULE],
    ["ip", k.ip, IP_RULE],
    ["acct", k.acct, ACCOUNT_RULE],
  ];
  for (const [scope, key, rule] of counted) {
    const failures = await countFailure(db, key, scope, scope === "ip" ? null : account, scope === "acct" ? null : address, now);
    const delay = throttleDelay(rule, failures);
    if (delay === 0) continue;
    const until = new Date(now.getTime() + delay * 1000).toISOString();
    await db.updateTable("login_throttle").set({ locked_until: until }).where("key", "=", key).execute();
    log?.warn({ event: "login_locked", scope, account: logAccount(account), address, failures, until }, "sign-in locked after failed passwords");
  }
}

/** A right password: the pair and the account's count start again (the address's count does not). */
export async function recordLoginSuccess(db: Kysely<Database>, account: string, address: string): Promise<void> {
  const k = keys(account, address);
  await db.deleteFrom("login_throttle").where("key", "in", [k.pair, k.acct]).execute();
}

/** Forgets every failure on an account (its owner proved the mailbox with a password reset). */
export async function clearAccountThrottle(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("account", "=", account).execute();
}

/** Removes counts that are forgotten and no longer lock anything; called from the periodic upkeep. */
export async function pruneLoginThrottle(db: Kysely<Database>, now = new Date()): Promise<void> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString();
  await db
    .deleteFrom("login_throttle")
    .where("last_failure_at", "<=", forgetBefore)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .execute();
}
