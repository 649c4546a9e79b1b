/**
 * Secret links cannot be guessed at leisure (issue 28): a guest's private link, a driver's job link,
 * a reset or invitation link and a two-factor set-up link each open something with a token in the
 * path. Every such request that finds nothing (404 or 410) counts as a miss for the client address;
 * past `LINK_GUESS_RULE` the address is answered 429 with Retry-After for the rest of the window,
 * before any lookup, and the first refusal is logged as one warning. Counted in the database
 * (rate_limits), so every instance sees the same misses. A right link never counts.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema";
import { countHit, peekRateLimit, type RateLimitRule } from "../rate-limit.server";

/** Misses an address may make in a window: a guest mistyping a link a few times never reaches it. */
export const LINK_GUESS_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

/** The paths whose segment after the prefix is a token, and what each opens (for the log). */
const SECRET_LINK = /^\/(?:(my-booking)|(job)|admin\/(reset-password)|admin\/(setup-two-factor))\/[^/]+/;

export type SecretLinkKind = "booking" | "job" | "reset" | "two_factor_setup";

export function secretLinkKind(pathname: string): SecretLinkKind | null {
  const match = SECRET_LINK.exec(pathname);
  if (!match) return null;
  return match[1] ? "booking" : match[2] ? "job" : match[3] ? "reset" : "two_factor_setup";
}

const keyOf = (address: string) => `link-miss:${address}`;

/** Seconds the address must wait before it may try a secret link again; 0: go ahead. */
export async function linkGuessWait(db: Kysely<Database>, address: string, now = new Date()): Promise<number> {
  const state = await peekRateLimit(db, keyOf(address), LINK_GUESS_RULE, now);
  return state.allowed ? 0 : state.retryAfter;
}

/** Counts a secret-link request that found nothing; the miss that crosses the limit is logged (once per window). */
export async function recordLinkMiss(db: Kysely<Database>, address: string, kind: SecretLinkKind, log: Pick<Logger, "warn">, now = new Date()): Promise<void> {
  const { count, result } = await countHit(db, keyOf(address), LINK_GUESS_RULE, now);
  if (count !== LINK_GUESS_RULE.limit + 1) return;
  log.warn({ event: "link_guessing", address, kind, misses: count, retryAfter: result.retryAfter }, "secret links guessed from one address: throttled");
}
