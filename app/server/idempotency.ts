/**
 * Idempotency-Key (DESIGN.md §4): a retry with the same key and the same body replays the first
 * answer; the same key with a different body is a client mistake, answered 422
 * `idempotency_mismatch`, never a replay of something the client did not send. Bodies are
 * compared by the SHA-256 of their canonical JSON (keys sorted, no insignificant whitespace), so
 * a retry that orders its keys differently still counts as the same request.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const requestHash = (body: unknown) => createHash("sha256").update(canonicalJson(body)).digest("hex");

/** True when a stored hash exists and differs from this request's (older rows have none). */
export const isMismatch = (stored: string | null | undefined, current: string | null | undefined) =>
  Boolean(stored && current && stored !== current);
