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
import { SECRET_LINK_ROUTES, type SecretLinkKind } from "../redact";

/** Misses an address may make in a window: a guest mistyping a link a few times never reaches it. */
export const LINK_GUESS_RULE: RateLimitRule = { limit: 30, windowMs: 15 * 60_000 };

/** A path that opens a secret link (SECRET_LINK_ROUTES, app/server/redact.ts): `/<route>/<token>`. */
const SECRET_LINKS = Object.entries(SECRET_LINK_ROUTES).map(([kind, route]) => [kind as SecretLinkKind, `/${route}/`] as const);

export type { SecretLinkKind };

export function secretLinkKind(pathname: string): SecretLinkKind | null {
  for (const [kind, prefix] of SECRET_LINKS) {
    // the token is the segment after the prefix (a calendar file or a data request may follow it)
    if (pathname.startsWith(prefix) && pathname.length > prefix.length && pathname[prefix.length] !== "/") return kind;
  }
  return null;
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
